#pragma once
// Hooks the test drives step by step: messages collected per connection, off-thread work and
// timers run when the test says so, and a clock that moves only when told.
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/hooks.h"

namespace inbetween::testing {

class FakeHooks final : public server::Hooks {
 public:
  void send(server::ConnId conn, std::string text) override {
    if (!dropped.count(conn)) inbox[conn].push_back(nlohmann::json::parse(text));
  }
  void drop(server::ConnId conn) override { dropped.insert(conn); }
  void off_thread(server::Lane lane, std::function<nlohmann::json()> work, std::function<void(nlohmann::json)> done) override {
    if (lane == server::Lane::moves) ++bot_choices_on_workers;
    auto task = [work = std::move(work), done = std::move(done)] { done(work()); };
    if (lane == server::Lane::heavy && hold_heavy) held_heavy_.push_back(std::move(task));
    else tasks_.push_back(std::move(task));
  }
  // How many bots' choices were sent to a worker (a quick bot chooses on the spot).
  int bot_choices_on_workers = 0;
  // While set, heavy work waits (a long solve or check still running): run() runs everything
  // else, so a test sees what goes on meanwhile; release_heavy() lets it finish.
  bool hold_heavy = false;
  std::size_t heavy_waiting() const { return held_heavy_.size(); }
  void release_heavy() {
    hold_heavy = false;
    for (auto& task : held_heavy_) tasks_.push_back(std::move(task));
    held_heavy_.clear();
  }
  void after(std::chrono::milliseconds delay, std::function<void()> fire) override {
    timers_.push_back({now_ + delay, std::move(fire)});
  }
  std::chrono::steady_clock::time_point now() override { return now_; }
  // How often the lobby gave memory back (the network layer's threads flush their caches then).
  void give_memory_back() override { ++memory_given_back; }
  int memory_given_back = 0;
  // A connection forwarded to the server that plays its table: recorded, not followed.
  struct Relayed {
    server::ConnId conn;
    std::string address;
    std::string first;
  };
  void relay(server::ConnId conn, const std::string& address, std::string first) override { relayed.push_back({conn, address, std::move(first)}); }
  std::vector<Relayed> relayed;

  // Runs queued work and due timers until nothing is left to run now; returns how many ran.
  int run(int limit = 1'000'000) {
    int ran = 0;
    while (ran < limit) {
      if (!tasks_.empty()) {
        auto task = std::move(tasks_.front());
        tasks_.pop_front();
        task();
      } else {
        auto due = std::find_if(timers_.begin(), timers_.end(), [&](const auto& t) { return t.first <= now_; });
        if (due == timers_.end()) break;
        auto fire = std::move(due->second);
        timers_.erase(due);
        fire();
      }
      ++ran;
    }
    return ran;
  }
  void advance(std::chrono::milliseconds by) { now_ += by; }
  // Timers armed and not yet fired.
  std::size_t timers_pending() const { return timers_.size(); }

  // Every message of `type` a connection got, oldest first.
  std::vector<nlohmann::json> of_type(server::ConnId conn, const std::string& type) const {
    std::vector<nlohmann::json> out;
    auto it = inbox.find(conn);
    if (it == inbox.end()) return out;
    for (const auto& m : it->second)
      if (m.value("type", "") == type) out.push_back(m);
    return out;
  }
  nlohmann::json last(server::ConnId conn, const std::string& type) const {
    auto all = of_type(conn, type);
    return all.empty() ? nlohmann::json() : all.back();
  }

  std::map<server::ConnId, std::vector<nlohmann::json>> inbox;
  std::set<server::ConnId> dropped;  // connections the lobby closed

 private:
  std::chrono::steady_clock::time_point now_{std::chrono::hours(1)};
  std::deque<std::function<void()>> tasks_;
  std::vector<std::function<void()>> held_heavy_;
  std::vector<std::pair<std::chrono::steady_clock::time_point, std::function<void()>>> timers_;
};

}  // namespace inbetween::testing
