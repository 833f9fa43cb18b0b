// docs/examples/nginx-inbetween.conf in front of two `inbetween serve` nodes on one PostgreSQL
// database (docs/scale-out.md): clients through the proxy land on either node and play and
// watch one table; the node that plays it is killed with -9, the pages reconnect through the
// proxy, and the game goes on to its end and verifies.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "server/verify.h"
#include "support/scale_out_play.h"
#include "support/serve_process.h"
#include "support/temp_folder.h"
#include "support/test_postgres.h"

namespace inbetween {
namespace {

using nlohmann::json;
using testing::ServeProcess;
using testing::WsClient;

// nginx with the example's server block, the nodes and port of this test put in; stopped at the end.
class Nginx {
 public:
  Nginx(const std::filesystem::path& dir, const std::vector<unsigned short>& nodes) : port_(testing::free_port()) {
    std::ifstream in(std::string(INBETWEEN_SOURCE_DIR) + "/docs/examples/nginx-inbetween.conf");
    std::stringstream text;
    text << in.rdbuf();
    std::string servers;
    for (auto port : nodes) servers += "    server 127.0.0.1:" + std::to_string(port) + " max_fails=1 fail_timeout=5s;\n";
    std::string conf = std::regex_replace(text.str(), std::regex(R"((    server 127\.0\.0\.1:\d+ [^\n]*\n)+)"), servers);
    conf = std::regex_replace(conf, std::regex(R"(listen 8080;)"), "listen 127.0.0.1:" + std::to_string(port_) + ";");
    std::ofstream(dir / "inbetween.conf") << conf;
    std::ofstream(dir / "nginx.conf") << (geteuid() == 0 ? "user root;\n" : "") << "daemon off;\nworker_processes 1;\npid "
                                      << (dir / "nginx.pid").string() << ";\nerror_log " << (dir / "error.log").string()
                                      << ";\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n"
                                      << "  client_body_temp_path " << (dir / "body").string() << ";\n  proxy_temp_path "
                                      << (dir / "proxy").string() << ";\n  fastcgi_temp_path " << (dir / "f").string()
                                      << ";\n  uwsgi_temp_path " << (dir / "u").string() << ";\n  scgi_temp_path "
                                      << (dir / "s").string() << ";\n  include " << (dir / "inbetween.conf").string() << ";\n}\n";
    pid_ = fork();
    if (pid_ == 0) {
      execl("/usr/sbin/nginx", "nginx", "-p", dir.c_str(), "-c", (dir / "nginx.conf").c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    // Listening within 10 s.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    for (;;) {
      if (testing::accepts_connections(port_)) break;
      if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("nginx did not start: see " + (dir / "error.log").string());
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  ~Nginx() {
    kill(pid_, SIGQUIT);
    waitpid(pid_, nullptr, 0);
  }
  unsigned short port() const { return port_; }

 private:
  unsigned short port_;
  pid_t pid_ = -1;
};

// A `table` after a resume through the proxy, tried again while the table moves (at most 30 s).
json resume(std::unique_ptr<WsClient>& ws, unsigned short port, const std::string& table, const std::string& token) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    try {
      ws = std::make_unique<WsClient>(port, std::chrono::seconds(10));
      ws->send({{"type", "resume"}, {"table", table}, {"token", token}});
      json reply = ws->read_until("table");
      if (reply.value("type", "") == "table" || reply.value("code", "") != "table_elsewhere") return reply;
    } catch (const std::exception&) {
      // The proxy's node went away under it: again.
    }
    if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("the table did not come back within 30 s");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

class ScaleOutNginx : public testing_support::TempFolderTest {};

TEST_F(ScaleOutNginx, ClientsThroughTheProxyPlayOnAnyNodeAndThroughTheDeathOfOne) {
  const std::string uri = testing_support::postgres_database(dir_.string());
  std::vector<std::string> options{"--lease-seconds", "5", "--trusted-proxy", "127.0.0.1"};
  auto with = [&](const std::string& node) {
    auto o = options;
    o.insert(o.end(), {"--node", node});
    return o;
  };
  std::unique_ptr<ServeProcess> nodes[2] = {std::make_unique<ServeProcess>(uri, with("a")), std::make_unique<ServeProcess>(uri, with("b"))};
  Nginx nginx(dir_, {nodes[0]->port(), nodes[1]->port()});

  auto ann = std::make_unique<WsClient>(nginx.port(), std::chrono::seconds(10));
  ann->send({{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "hoyle"}, {"set", {{"deals", "10"}}}});
  json seated = ann->read_until("seated");
  ASSERT_EQ(seated.value("type", ""), "seated") << seated.dump();
  const std::string code = seated["table"], token = seated["token"];
  ann->send({{"type", "bot"}, {"table", code}, {"token", token}, {"kind", "sensible"}});
  ann->send({{"type", "start"}, {"table", code}, {"token", token}});
  json table = ann->read_until("table");
  while (table["status"] != "playing") table = ann->read_until("table");
  // Watchers through the proxy (round robin: on both nodes) see every move.
  std::vector<std::unique_ptr<WsClient>> watchers;
  for (int i = 0; i < 2; ++i) {
    watchers.push_back(std::make_unique<WsClient>(nginx.port(), std::chrono::seconds(10)));
    watchers.back()->send({{"type", "watch"}, {"table", code}});
    ASSERT_EQ(watchers.back()->read_until("table").value("type", ""), "table");
  }
  table = testing::play_as(*ann, table, code, token, "Ann", 8);
  for (auto& w : watchers) {
    json seen = w->read_until("table");
    while (seen.value("type", "") == "table" && seen["moves"] != table["moves"]) seen = w->read_until("table");
    EXPECT_EQ(seen["state"], table["state"]);
  }

  // The node that plays the table is killed.
  pqxx::connection db(uri);
  pqxx::nontransaction q(db);
  std::string holder = q.exec_params("SELECT node FROM leases WHERE code = $1", code)[0][0].as<std::string>();
  int dead = holder.starts_with("a@") ? 0 : 1;
  json acknowledged = table;
  nodes[dead]->kill(SIGKILL);
  table = resume(ann, nginx.port(), code, token);
  ASSERT_EQ(table.value("type", ""), "table") << table.dump();
  EXPECT_GE(table["moves"].get<std::size_t>(), acknowledged["moves"].get<std::size_t>());
  EXPECT_EQ(table["commit"], acknowledged["commit"]);
  table = testing::play_as(*ann, table, code, token, "Ann", SIZE_MAX);
  ASSERT_EQ(table["status"], "over");
  auto [status, log] = testing::http_get(nginx.port(), "/tables/" + code + "/log");
  ASSERT_EQ(status, 200) << log;
  std::istringstream in(log);
  EXPECT_TRUE(server::verify_log(in, code).ok);
}

}  // namespace
}  // namespace inbetween
