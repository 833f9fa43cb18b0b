#include "server/limits.h"

#include <arpa/inet.h>

#include <algorithm>

#include <fmt/format.h>

#include "server/refused.h"

namespace inbetween::server {

std::string counted_address(std::string_view text) {
  std::string address(text.substr(0, text.find('%')));  // a link-local address's zone is no part of who it is
  if (address.ends_with("/64")) address.resize(address.size() - 3);
  in6_addr six{};
  if (address.find(':') == std::string::npos || inet_pton(AF_INET6, address.c_str(), &six) != 1) return std::string(text);
  char out[INET6_ADDRSTRLEN] = {};
  if (IN6_IS_ADDR_V4MAPPED(&six)) return inet_ntop(AF_INET, &six.s6_addr[12], out, sizeof out);
  std::fill(std::begin(six.s6_addr) + 8, std::end(six.s6_addr), 0);
  return std::string(inet_ntop(AF_INET6, &six, out, sizeof out)) + "/64";
}

bool Bucket::take(std::chrono::steady_clock::time_point now, double rate, double burst) {
  double seconds = std::chrono::duration<double>(now - last).count();
  last = now;
  allowance = std::min(burst, allowance + seconds * rate);
  if (allowance < 1) return false;
  allowance -= 1;
  return true;
}

bool Limits::admits(const std::string& address, Time now) const {
  auto a = addresses_.find(address);
  return a == addresses_.end() || now >= a->second.cooled;
}

Limits::Rate Limits::opened(const std::string& address, Time now) {
  if (addresses_.size() > 4096) {
    // Forget the addresses nobody is connected from whose bucket has refilled: they are as new.
    std::erase_if(addresses_, [&](const auto& entry) {
      const Address& a = entry.second;
      double seconds = std::chrono::duration<double>(now - a.rate.last).count();
      return a.connections == 0 && now >= a.cooled &&
             a.rate.allowance + seconds * options_.address_messages_per_second >= options_.address_burst;
    });
  }
  auto [at, fresh] = addresses_.try_emplace(address);
  if (fresh) at->second.rate = Bucket{options_.address_burst, now};
  ++at->second.connections;
  return Rate{Bucket{options_.message_burst, now}, Bucket{options_.refused_burst, now}};
}

void Limits::closed(const std::string& address) {
  if (auto a = addresses_.find(address); a != addresses_.end()) --a->second.connections;
}

Limits::Verdict Limits::take(Rate& rate, const std::string& address, Time now) {
  Address& from = addresses_[address];
  if (rate.messages.take(now, options_.messages_per_second, options_.message_burst) &&
      from.rate.take(now, options_.address_messages_per_second, options_.address_burst)) {
    rate.refused_in_a_row = 0;
    return Verdict::serve;
  }
  ++rate.refused_in_a_row;
  if (!rate.refusals.take(now, options_.messages_per_second, options_.refused_burst)) {
    // A client that keeps sending far past its rate after being told to slow down is not a
    // page: it costs work per message, so it is let go (a page reconnects and resumes its seat).
    from.cooled = from.cooled_here = now + options_.flood_cooldown;
    return Verdict::flooding;
  }
  // Told once per run of refusals: answering every message of a flood would cost more than the flood.
  return rate.refused_in_a_row <= 1 ? Verdict::slow_down : Verdict::unanswered;
}

nlohmann::json Limits::cooled_here(Time now) const {
  // The others' own cool-downs are not passed on again, which would keep one going for ever.
  nlohmann::json cooled = nlohmann::json::object();
  for (const auto& [from, a] : addresses_)
    if (a.cooled_here > now) cooled[from] = std::chrono::duration_cast<std::chrono::milliseconds>(a.cooled_here - now).count();
  return cooled;
}

void Limits::hold_off(const std::string& address, std::int64_t left_ms, Time now) {
  if (left_ms <= 0) return;
  Address& a = addresses_[address];
  a.cooled = std::max(a.cooled, now + std::chrono::milliseconds(std::min<std::int64_t>(left_ms, 3'600'000)));
}

std::shared_ptr<void> Limits::heavy_slot(const std::string& address, const std::string& code) {
  std::lock_guard lock(heavy_mutex_);
  int& table = heavy_by_table_[code];
  int& by_address = heavy_by_address_[address];
  auto refuse = [&](const std::string& why) {
    if (table == 0) heavy_by_table_.erase(code);
    if (by_address == 0) heavy_by_address_.erase(address);
    throw Refused("busy", why + "; try again when it is done");
  };
  if (table >= options_.max_heavy_per_table)
    refuse(fmt::format("table {} already has {} long requests (hints, replays, log checks) running", code, table));
  if (by_address >= options_.max_heavy_per_address)
    refuse(fmt::format("you already have {} long requests (hints, replays, log checks) running", by_address));
  if (heavy_ >= options_.max_heavy) refuse(fmt::format("the server is running {} long requests, its most", heavy_));
  ++table;
  ++by_address;
  ++heavy_;
  // Let go of anywhere (a worker's answer, once sent; a refusal): the counts' lock is taken last.
  return std::shared_ptr<void>(nullptr, [this, alive = alive_, code, address](void*) {
    if (!*alive) return;
    std::lock_guard counts(heavy_mutex_);
    --heavy_;
    if (--heavy_by_table_[code] == 0) heavy_by_table_.erase(code);
    if (--heavy_by_address_[address] == 0) heavy_by_address_.erase(address);
  });
}

int Limits::heavy_running() const {
  std::lock_guard lock(heavy_mutex_);
  return heavy_;
}

bool Limits::heavy_at(const std::string& code) const {
  std::lock_guard lock(heavy_mutex_);
  return heavy_by_table_.count(code) > 0;
}

}  // namespace inbetween::server
