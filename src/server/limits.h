#pragma once
// What a connection, an address and a table may ask of the server (docs/server.md, "Limits"):
// the message rates of each connection and of its address together, the cool-down of an address
// whose connection flooded, and the places for long work (hints, replays, log checks) per table,
// per address and in all. The lobby asks here before it serves; nothing here sends or closes.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/lobby_options.h"

namespace inbetween::server {

// The address a client is counted as, in every count per address (connections, rates, tables,
// long work): an IPv4 address as it is; an IPv6 one by its /64 ("2001:db8:1:2::/64"), as a home
// or a host is given a whole /64 and could otherwise open a fresh count from each of its 2^64
// addresses; an IPv4 address mapped into IPv6 (a dual-stack socket's) as the IPv4 one. A /64 as
// this writes it is counted as itself; anything else that is no address is left as it is.
std::string counted_address(std::string_view address);

// A token bucket: messages come in at most `rate` a second, `burst` at once.
struct Bucket {
  double allowance = 0;
  std::chrono::steady_clock::time_point last{};
  // Refills for the time since the last message, then takes one if it can.
  bool take(std::chrono::steady_clock::time_point now, double rate, double burst);
};

// The rates and budgets of one server. The addresses' records are the lobby's: every call on
// them is made with the lobby's lock held. The long work's counts have a lock of their own,
// taken last (after the lobby's or a table's), as a slot is let go of on any thread.
class Limits {
 public:
  using Time = std::chrono::steady_clock::time_point;

  explicit Limits(const LobbyOptions& options) : options_(options) {}
  ~Limits() { *alive_ = false; }
  Limits(const Limits&) = delete;
  Limits& operator=(const Limits&) = delete;

  // One connection's own rate: its messages, and the refused ones it may still send.
  struct Rate {
    Bucket messages;
    Bucket refusals;
    int refused_in_a_row = 0;  // messages refused for the rate since the last one served
  };
  // What to do with a frame (take()): serve it; refuse it and say so (the first of a run);
  // refuse it unanswered (the rest of the run); or let the connection go (flooding: its address
  // now cools down).
  enum class Verdict { serve, slow_down, unanswered, flooding };

  // With the lobby's lock held:
  // Whether a new connection from `address` is let in (not while it cools down after a flood).
  bool admits(const std::string& address, Time now) const;
  // A new connection from `address`: its address counts it, and its own rate starts full.
  Rate opened(const std::string& address, Time now);
  void closed(const std::string& address);
  // Counts one frame of a connection from `address` against its rate and its address's.
  Verdict take(Rate& rate, const std::string& address, Time now);
  // The cool-downs decided here (a flood dropped here) with the milliseconds they have left, as
  // a JSON object address -> ms: what this server tells the others on the database.
  nlohmann::json cooled_here(Time now) const;
  // Another server holds `address` off for `left_ms` more (at most an hour, whatever it says).
  void hold_off(const std::string& address, std::int64_t left_ms, Time now);

  // Long work (any lock or none):
  // A place for one piece of long work of `address` at table `code`, held until the returned
  // handle is let go; throws Refused("busy") naming the limit reached (LobbyOptions::max_heavy*).
  std::shared_ptr<void> heavy_slot(const std::string& address, const std::string& code);
  int heavy_running() const;
  bool heavy_at(const std::string& code) const;  // long work running at the table

 private:
  // Every connection of an address shares its bucket, so reconnecting does not buy a burst.
  struct Address {
    Bucket rate;
    int connections = 0;
    Time cooled{};  // no new connection before this
    // The cool-down this server decided (a flood dropped here), which it tells the other servers
    // on the database; `cooled` may also hold one they told of.
    Time cooled_here{};
  };

  const LobbyOptions& options_;
  std::map<std::string, Address> addresses_;
  mutable std::mutex heavy_mutex_;  // the long work's counts below
  int heavy_ = 0;                   // heavy_slot()s held
  std::map<std::string, int> heavy_by_table_, heavy_by_address_;
  // Set while the limits live: a slot let go after they are gone (its work came back late) has
  // nothing to give back.
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace inbetween::server
