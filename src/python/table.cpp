#include "python/table.h"

#include <algorithm>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "games/win_estimate.h"
#include "protocol/table_json.h"
#include "python/agent_view.h"
#include "python/rule_cache.h"

namespace inbetween::python {
namespace {

using protocol::json;
using protocol::ProtocolError;

// The seat given, or the seat to act for None (kNobody once the game is over).
games::Seat seat_or_to_act(const protocol::GameSession& session, const py::object& seat) {
  return seat.is_none() ? session.to_act() : seat_of(session.table(), seat);
}

Actions read_actions(const games::AnyTable& table, games::Seat seat, int amounts) {
  if (amounts < 1) throw ProtocolError("bad_request", fmt::format("amounts={}: give at least one amount slot", amounts));
  Actions actions(table.choice_slots(), amounts);
  actions.read(table, seat);
  return actions;
}

}  // namespace

Table Table::open(const std::string& rules, const std::vector<std::string>& players, const py::object& seed, const py::dict& set) {
  Knobs knobs = knobs_of(set);
  std::optional<std::uint64_t> given;
  if (!seed.is_none()) given = seed_number(seed);
  auto maker = session_maker(rules, knobs);
  return Table(maker->make(new_request(rules, players, given, knobs)), !given);
}

Table Table::replay(const py::list& log) {
  if (log.empty()) throw ProtocolError("bad_request", "a log starts with its \"new\" line");
  json request = from_python(log[0]);
  if (!request.contains("seed")) throw ProtocolError("bad_request", "this log's \"new\" line holds no seed (it is hidden until the game is over)");
  Table table(protocol::new_session(request), false);
  for (std::size_t i = 1; i < log.size(); ++i) table.session_->act(from_python(log[i]));
  return table;
}

py::object Table::to_act() const {
  int seat = session_->to_act();
  return seat < 0 ? py::none() : py::cast(seat);
}

py::list Table::legal(const py::object& seat) const {
  games::Seat who = seat_or_to_act(*session_, seat);
  if (who < 0) return py::list();
  json actions = protocol::choice_actions(session_->table(), who);
  auto choices = session_->table().legal(who);
  for (std::size_t i = 0; i < choices.size(); ++i) actions[i]["text"] = choices[i].text;
  return to_python(actions);  // one conversion for the list
}

py::object Table::apply(const py::object& seat_arg, const py::object& action, const py::object& amount) {
  games::Seat seat = seat_of(session_->table(), seat_arg);
  if (!py::isinstance<py::dict>(action)) {
    // The index of a legal() choice, with `amount` for a ranged one (its least when none is given).
    long long index = whole_number(action, "an action (a legal() choice or its index)");
    auto& table = session_->table();
    thread_local std::vector<games::ChoiceRange> choices;  // the choices' ranges, without their words
    table.choice_ranges(seat, choices);
    if (index < 0 || static_cast<unsigned long long>(index) >= choices.size()) {
      auto refusal = games::no_such_choice(table.setup(), table.to_act(), seat, static_cast<std::size_t>(std::max(index, 0LL)), choices.size());
      if (refusal.code == "bad_choice")
        refusal.message = fmt::format("choice {}: {} has choices 0 to {} now", index, table.names()[static_cast<std::size_t>(seat)], choices.size() - 1);
      throw ProtocolError(refusal.code, refusal.message);
    }
    auto choice = static_cast<std::size_t>(index);
    games::Chips chips = amount.is_none() ? choices[choice].least : whole_number(amount, "the amount");
    std::size_t before = table.event_count();
    if (auto refusal = table.apply(games::AnyMove{seat, choice, chips})) throw ProtocolError(refusal->code, refusal->message);
    return to_python(session_->events_since(before));
  }
  // A protocol action, as legal() gives it: its words ("text") are left out, and a ranged
  // choice's "min" and "max" give way to the amount.
  json move = from_python(action);
  move.erase("text");
  bool ranged = move.contains("min") || move.contains("max");
  move.erase("min");
  move.erase("max");
  if (!amount.is_none()) move["amount"] = whole_number(amount, "the amount");
  else if (ranged && !move.contains("amount"))
    throw ProtocolError("bad_action", fmt::format("a {} from min to max needs its amount: apply(seat, choice, amount=N)",
                                                  move.value("type", std::string("choice"))));
  return to_python(session_->play(seat, move));
}

py::tuple Table::bot_move(const std::string& kind) {
  json action, events;
  {
    py::gil_scoped_release free;
    events = session_->act_bot(json::object(), kind, action);
  }
  return py::make_tuple(to_python(action), to_python(events));
}

py::object Table::view(const py::object& seat) const {
  return to_python(session_->state(seat.is_none() ? games::kNobody : seat_of(session_->table(), seat)));
}

py::object Table::hint() const {
  return without_gil([&] { return session_->hint(json::object()); });
}

py::object Table::log() const {
  if (resampled_)
    throw ProtocolError("resampled", "a resampled table's cards to come were not dealt by its log's seed: it has no log that replays it");
  json log = session_->log();
  // A seed the engine drew deals every card to come: it stays out of the log until the game is
  // over, as the engine's `log` keeps it (docs/protocol.md, "log").
  if (seed_hidden_ && !session_->over()) log[0].erase("seed");
  return to_python(log);
}

namespace {
// The seed given, or one drawn from the system's randomness when None.
std::uint64_t seed_or_random(const py::object& seed) {
  if (!seed.is_none()) return seed_number(seed);
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) | device();
}
}  // namespace

Table Table::resample(const py::object& seat_arg, const py::object& seed) const {
  games::Seat seat = seat_of(session_->table(), seat_arg);
  std::uint64_t s = seed_or_random(seed);
  return Table(session_->resample(seat, s), true, true);
}

py::list Table::win_chances(const py::object& seat_arg, int playouts, const py::object& seed, const std::string& bot) const {
  games::Seat seat = seat_of(session_->table(), seat_arg);
  std::uint64_t s = seed_or_random(seed);
  games::WinEstimate estimate;
  try {
    py::gil_scoped_release release;
    estimate = games::estimate_win_chances(session_->table(), seat, playouts, s, bot);
  } catch (const std::invalid_argument& e) {
    throw ProtocolError("bad_request", e.what());
  }
  py::list out;
  for (const auto& c : estimate.seats) {
    py::dict d;
    d["chance"] = c.chance;
    d["low"] = c.low;
    d["high"] = c.high;
    out.append(d);
  }
  return out;
}

py::list Table::chance(const std::string& by) const {
  if (by != "card" && by != "outcome") throw ProtocolError("bad_request", "by=\"" + by + "\": give \"card\" or \"outcome\"");
  auto next = session_->table().next_card();
  std::vector<std::pair<std::string, int>> groups;  // in first-seen order
  for (const auto& row : next.rows) {
    if (by == "card") {
      groups.emplace_back(row.card, row.cards);
      continue;
    }
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == row.outcome; });
    if (it == groups.end()) groups.emplace_back(row.outcome, row.cards);
    else it->second += row.cards;
  }
  py::list out;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    py::dict d;
    if (by == "card") {
      d["card"] = groups[i].first;
      d["outcome"] = next.rows[i].outcome;
    } else {
      d["outcome"] = groups[i].first;
    }
    int n = groups[i].second, g = std::gcd(n, next.of);
    d["cards"] = n;
    d["of"] = next.of;
    d["fraction"] = std::to_string(n / g) + "/" + std::to_string(next.of / g);
    d["p"] = static_cast<double>(n) / next.of;
    d["after_reshuffle"] = next.after_reshuffle;
    out.append(d);
  }
  return out;
}

int Table::action_count(int amounts) const { return read_actions(session_->table(), games::kNobody, amounts).size(); }

py::array_t<bool> Table::legal_mask(const py::object& seat, int amounts) const {
  auto actions = read_actions(session_->table(), seat_or_to_act(*session_, seat), amounts);
  py::array_t<bool> mask(actions.size());
  actions.mask(mask.mutable_data());
  return mask;
}

py::object Table::apply_action(const py::object& seat_arg, const py::object& action, int amounts) {
  games::Seat seat = seat_of(session_->table(), seat_arg);
  auto actions = read_actions(session_->table(), seat, amounts);
  long long a = whole_number(action, "an action of the fixed list");
  auto move = a >= 0 && a < actions.size() ? actions.move(static_cast<int>(a)) : std::nullopt;
  if (!move) throw ProtocolError("illegal_action", fmt::format("action {} is not legal for seat {} now (legal_mask)", a, seat));
  auto& table = session_->table();
  std::size_t before = table.event_count();
  if (auto refusal = table.apply(*move)) throw ProtocolError(refusal->code, refusal->message);
  return to_python(session_->events_since(before));
}

py::array_t<float> Table::observation(const py::object& seat, int amounts) const {
  const auto& table = session_->table();
  auto actions = read_actions(table, seat_of(table, seat), amounts);
  py::array_t<float> out(observation_size(table));
  observe(table, actions, out.mutable_data());
  return out;
}

std::vector<double> Table::returns() const {
  std::vector<double> out;
  for (std::size_t i = 0; i < session_->table().names().size(); ++i)
    out.push_back(static_cast<double>(session_->table().result(static_cast<games::Seat>(i))));
  return out;
}

std::string Table::information_state(const py::object& seat_arg) const {
  games::Seat seat = seat_of(session_->table(), seat_arg);
  // Everything this seat has seen: its seat, the events so far (every card these games deal is
  // dealt face up) and the state as it sees it; never the seed nor the shoe's order.
  json info = {{"seat", seat}, {"events", session_->events_since(0)}, {"state", session_->state(seat)}};
  return info.dump();
}

}  // namespace inbetween::python
