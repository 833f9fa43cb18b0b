#include "sim/stats_json.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace inbetween::sim {
namespace {

using nlohmann::json;

template <class T, class U>
concept Is = std::same_as<std::remove_const_t<T>, U>;

// How one field is written and read: a 128-bit sum as a decimal string (JSON numbers stop at
// 64 bits), an optional as null when empty, anything else as nlohmann::json does it (which
// finds the to_json/from_json below for the nested statistics).
template <class T>
void put(json& j, const char* key, const T& v) {
  j[key] = v;
}
void put(json& j, const char* key, const __int128& v) { j[key] = to_decimal(v); }
template <class T>
void put(json& j, const char* key, const std::optional<T>& v) {
  j[key] = v ? json(*v) : json(nullptr);
}
template <class T>
void take(const json& j, const char* key, T& v) {
  j.at(key).get_to(v);
}
void take(const json& j, const char* key, __int128& v) { v = from_decimal(j.at(key).get<std::string>()); }
template <class T>
void take(const json& j, const char* key, std::optional<T>& v) {
  const auto& x = j.at(key);
  v = x.is_null() ? std::nullopt : std::optional<T>(x.get<T>());
}

// Each struct's fields, listed once for both directions: a new field is one more line here.
template <Is<Tally> T, class F>
void fields(T& t, F&& f) {
  f("n", t.n);
  f("sum", t.sum);
  f("sum2", t.sum2);
  f("lo", t.lo);
  f("hi", t.hi);
}
template <Is<RatioTally> T, class F>
void fields(T& t, F&& f) {
  f("x", t.x);
  f("w", t.w);
  f("xw", t.xw);
}
template <Is<GroupedMoments> T, class F>
void fields(T& t, F&& f) {
  f("groups", t.groups);
  f("n", t.n);
  f("s1", t.s1);
  f("s2", t.s2);
  f("nn", t.nn);
  f("s1s1", t.s1s1);
  f("s2s2", t.s2s2);
  f("ns1", t.ns1);
  f("ns2", t.ns2);
  f("s1s2", t.s1s2);
}
template <Is<Histogram> T, class F>
void fields(T& t, F&& f) {
  f("counts", t.counts);  // [[value, count], ...] in value order
  f("tally", t.tally);
}
template <Is<SeatStats> T, class F>
void fields(T& t, F&& f) {
  f("kind", t.kind);
  f("score", t.score);
  f("wins", t.wins);
  f("per_turn", t.per_turn);
  f("turns", t.turns);
  f("busts", t.busts);
  f("banks", t.banks);
  f("passes", t.passes);
}
template <Is<PlaceStats> T, class F>
void fields(T& t, F&& f) {
  f("score", t.score);
  f("wins", t.wins);
}
template <Is<SimStats> T, class F>
void fields(T& t, F&& f) {
  f("rules_name", t.rules_name);
  f("family", t.family);
  f("unit", t.unit);
  f("games", t.games);
  f("stopped", t.stopped);
  f("ended_by_limit", t.ended_by_limit);
  f("seats", t.seats);
  f("places", t.places);
  f("turn_word", t.turn_word);
  f("round_word", t.round_word);
  f("card_word", t.card_word);
  f("moves", t.moves);
  f("turns", t.turns);
  f("rounds", t.rounds);
  f("cards", t.cards);
  f("seconds", t.seconds);
  f("counts_banks", t.counts_banks);
  f("has_pot", t.has_pot);
  f("pot", t.pot);
  f("against_house", t.against_house);
  f("house_edge", t.house_edge);
  f("element_of_risk", t.element_of_risk);
  f("hand_net", t.hand_net);
  f("exact_house_edge", t.exact_house_edge);
  f("exact_element_of_risk", t.exact_element_of_risk);
  f("exact_sd_per_hand", t.exact_sd_per_hand);
  f("partial", t.partial);
}

template <class T>
void write(json& j, const T& t) {
  j = json::object();
  fields(t, [&](const char* key, const auto& v) { put(j, key, v); });
}
template <class T>
void read(const json& j, T& t) {
  fields(t, [&](const char* key, auto& v) { take(j, key, v); });
}

}  // namespace

void to_json(json& j, const Tally& t) { write(j, t); }
void from_json(const json& j, Tally& t) { read(j, t); }
void to_json(json& j, const RatioTally& t) { write(j, t); }
void from_json(const json& j, RatioTally& t) { read(j, t); }
void to_json(json& j, const GroupedMoments& m) { write(j, m); }
void from_json(const json& j, GroupedMoments& m) { read(j, m); }
void to_json(json& j, const Histogram& h) { write(j, h); }
void from_json(const json& j, Histogram& h) { read(j, h); }
void to_json(json& j, const SeatStats& s) { write(j, s); }
void from_json(const json& j, SeatStats& s) { read(j, s); }
void to_json(json& j, const PlaceStats& s) { write(j, s); }
void from_json(const json& j, PlaceStats& s) { read(j, s); }
void to_json(json& j, const SimStats& s) { write(j, s); }
void from_json(const json& j, SimStats& s) { read(j, s); }

std::string to_decimal(__int128 x) {
  // The magnitude in unsigned arithmetic, so the most negative value has one too.
  auto u = x < 0 ? ~static_cast<unsigned __int128>(x) + 1 : static_cast<unsigned __int128>(x);
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  if (x < 0) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

__int128 from_decimal(const std::string& text) {
  bool negative = text.starts_with('-');
  std::size_t i = negative ? 1 : 0;
  if (i == text.size()) throw std::invalid_argument("not a whole number: '" + text + "'");
  const unsigned __int128 limit = negative ? (static_cast<unsigned __int128>(1) << 127) : (static_cast<unsigned __int128>(1) << 127) - 1;
  unsigned __int128 u = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c < '0' || c > '9') throw std::invalid_argument("not a whole number: '" + text + "'");
    auto digit = static_cast<unsigned>(c - '0');
    if (u > (limit - digit) / 10) throw std::invalid_argument("out of the 128-bit range: " + text);
    u = u * 10 + digit;
  }
  return negative ? static_cast<__int128>(~u + 1) : static_cast<__int128>(u);
}

}  // namespace inbetween::sim
