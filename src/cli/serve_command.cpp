// `inbetween serve` and `inbetween verify` (docs/server.md).
#include <utility>  // before asio (Boost 1.74)

#include <fstream>
#include <iostream>

#include <boost/system/system_error.hpp>
#include <fmt/format.h>

#include "cli/commands.h"
#include "rules/rule_files.h"
#include "server/http_server.h"
#include "server/origin.h"
#include "server/verify.h"
#include "games/registry.h"

namespace inbetween::cli {

int run_serve(const ServeCommandOptions& options, std::ostream& out) {
  server::ServeOptions serve;
  serve.host = options.host;
  serve.port = static_cast<unsigned short>(options.port);
  serve.threads = options.threads;
  serve.advertise = options.advertise;
  serve.trusted_proxies = options.trusted_proxies;
  serve.web_dir = options.web.empty() ? (rules::data_dir() / "web" / "dist").string() : options.web;
  serve.max_connections = options.max_connections;
  serve.max_connections_per_address = options.max_connections_per_address;
  serve.http_requests_per_second = options.http_requests_per_second;
  serve.http_burst = 4 * options.http_requests_per_second;
  serve.heavy_wait = std::chrono::milliseconds(options.heavy_wait_ms);
  try {
    for (const auto& url : options.allow_origins) serve.allowed_origins.push_back(server::allowed_origin(url));
    for (const auto& url : options.public_origins) serve.public_origins.push_back(server::allowed_origin(url, "--public-origin"));
  } catch (const std::invalid_argument& e) {
    throw CommandLineError(e.what());
  }
  serve.lobby.bot_delay = std::chrono::milliseconds(options.bot_delay_ms);
  serve.lobby.max_tables = options.max_tables;
  serve.lobby.max_open_tables_per_address = options.max_tables_per_address;
  serve.lobby.abandoned_after = std::chrono::minutes(options.abandoned_after_minutes);
  serve.lobby.finished_kept = std::chrono::minutes(options.finished_kept_minutes);
  serve.lobby.waiting_kept = std::chrono::minutes(options.waiting_kept_minutes);
  serve.lobby.messages_per_second = options.messages_per_second;
  serve.lobby.message_burst = 3 * options.messages_per_second;
  serve.lobby.address_messages_per_second = 2 * options.messages_per_second;  // a household's devices together
  serve.lobby.address_burst = 3 * serve.lobby.address_messages_per_second;
  // A table over this is refused (a hint's `too_big`, the optimal bot replaced by the sensible one)
  // rather than holding a worker for minutes (measured: spaces = 3 needs 45 MB and 1.5 s, spaces = 4 169 MB and 16 s).
  // All of them together: tables of rules nobody plays any more are let go (issue 49, finding 2).
  if (options.solver_cache_mb < options.solver_mb)
    throw CommandLineError(fmt::format("--solver-cache-mb {} is less than --solver-mb {}: one table could never be kept",
                                       options.solver_cache_mb, options.solver_mb));
  games::limit_memory(static_cast<std::size_t>(options.solver_mb) << 20, static_cast<std::size_t>(options.solver_cache_mb) << 20);
  try {
    auto store = server::open_store(options.db, options.node, std::chrono::seconds(options.lease_seconds));
    serve.lobby.lease_renew_every = std::chrono::milliseconds(options.lease_seconds * 1000 / 3);
    server::serve(serve, *store, [&](unsigned short port) {
      out << fmt::format("inbetween serve: open http://{}:{}/  (tables kept in {}; Ctrl-C stops)", options.host, port, server::store_name(options.db))
          << std::endl;
    });
  } catch (const server::StoreError& e) {
    std::cerr << "inbetween serve: " << e.what() << "\n";
    return 1;
  } catch (const boost::system::system_error& e) {
    std::cerr << fmt::format("inbetween serve: cannot listen on {}:{}: {}\n", options.host, options.port, e.code().message());
    return 1;
  }
  out << "inbetween serve: stopped; every table is kept and resumes at the next start" << std::endl;
  return 0;
}

int run_verify(const std::string& file, int allow_version, std::ostream& out) {
  std::ifstream in(file);
  if (!in) throw CommandLineError(fmt::format("{}: cannot open the log", file));
  auto report = server::verify_log(in, file, allow_version);
  out << report.text;
  return report.ok ? 0 : 1;
}

}  // namespace inbetween::cli
