#pragma once
// A lobby on FakeHooks and an SQLite file, with a page's steps (create, join, a command) and a
// restart on the same file: what the server tests without a network share.
#include <gtest/gtest.h>

#include <memory>

#include "server/lobby.h"
#include "lobby_client.h"
#include "temp_folder.h"

namespace inbetween::testing {

class ServerTest : public testing_support::TempFolderTest {
 protected:
  void SetUp() override {
    TempFolderTest::SetUp();
    options_.bot_delay = std::chrono::milliseconds(0);
    options_.messages_per_second = 1e9;
    options_.message_burst = 1e9;
    options_.address_messages_per_second = 1e9;
    options_.address_burst = 1e9;
    open();
  }
  void open() {
    hooks_ = std::make_unique<FakeHooks>();
    store_ = server::open_store((dir_ / "tables.db").string());
    lobby_ = std::make_unique<server::Lobby>(*store_, *hooks_, options_);
  }
  // The server stops (its memory is gone) and starts again on the same file.
  void restart() {
    lobby_.reset();
    store_.reset();
    open();
  }
  // A server whose connections may send `per_second` messages in bursts of `burst`, and bear
  // `refused` refusals before they are dropped as flooding.
  void limit_rate(double per_second, double burst, double refused = 100) {
    options_.messages_per_second = per_second;
    options_.message_burst = burst;
    options_.refused_burst = refused;
    restart();
  }
  server::ConnId connect() {
    server::ConnId id = next_++;
    lobby_->open(id, "127.0.0.1");
    return id;
  }
  json ask(server::ConnId conn, const json& message) { return testing::ask(*lobby_, *hooks_, conn, message); }
  Seat create(const std::string& rules, int seats, const std::string& name = "Ann", json extra = json::object()) {
    server::ConnId conn = connect();
    json message = {{"type", "create"}, {"name", name}, {"seats", seats}};
    if (!rules.empty()) message["rules"] = rules;  // none: `extra` has the rules_text
    message.update(extra);
    lobby_->receive(conn, message.dump());
    hooks_->run();
    json seated = hooks_->last(conn, "seated");
    EXPECT_FALSE(seated.is_null()) << hooks_->inbox[conn].back().dump();
    return {conn, seated.value("table", ""), seated.value("token", ""), seated.value("seat", -1)};
  }
  Seat join(const std::string& table, const std::string& name) {
    server::ConnId conn = connect();
    ask(conn, {{"type", "join"}, {"table", table}, {"name", name}});
    json seated = hooks_->last(conn, "seated");
    EXPECT_FALSE(seated.is_null()) << hooks_->inbox[conn].back().dump();
    return {conn, table, seated.value("token", ""), seated.value("seat", -1)};
  }
  json command(const Seat& s, const std::string& type, json extra = json::object()) {
    json message = {{"type", type}, {"table", s.table}, {"token", s.token}};
    message.update(extra);
    return ask(s.conn, message);
  }
  json table_of(const Seat& s) { return hooks_->last(s.conn, "table"); }

  server::LobbyOptions options_;
  std::unique_ptr<FakeHooks> hooks_;
  std::unique_ptr<server::Store> store_;
  std::unique_ptr<server::Lobby> lobby_;
  server::ConnId next_ = 1;
};

}  // namespace inbetween::testing

namespace inbetween {
// What the server tests name without their namespaces.
using nlohmann::json;
using server::ConnId;
using testing::Seat;
using testing::ServerTest;
}  // namespace inbetween
