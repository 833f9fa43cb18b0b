#pragma once
// TableSession<F>: the JSON codec over a runtime table of family F (games::FamilyTable<F>). A
// request's action is decoded once; the table logs the typed move and its events, and JSON is
// written only when asked for.
#include <memory>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "games/any_table.h"
#include "games/registry.h"
#include "protocol/codec.h"
#include "protocol/session.h"
#include "protocol/win_hint.h"

namespace inbetween::protocol {

template <games::Family F>
class TableSession : public GameSession {
 public:
  using Event = typename F::Event;
  using Action = typename F::Action;

  TableSession(const CommonSetup& common, std::shared_ptr<const typename F::Rules> rules)
      : new_request_(common.request), table_(make_table(common, std::move(rules))) {}
  // Over a copy of a table dealt without a session, whose `new` request is `request`.
  TableSession(json request, const games::FamilyTable<F>& table) : new_request_(std::move(request)), table_(table) {}

  games::AnyTable& table() override { return table_; }
  const games::AnyTable& table() const override { return table_; }
  // The typed table, for the terminal's narration and the tests.
  const games::Table<F>& typed() const { return table_.typed(); }
  // Every event of the game held, typed (the opening's first, unless the table let older ones go:
  // games::AnyTable::keep_events).
  std::span<const Event> typed_events() const { return table_.events(); }
  const typename F::Game& game() const { return table_.game(); }

  json state(games::Seat seat) const override { return Codec<F>::state(game().view(seat)); }
  void fill_state(games::Seat seat, json& into) const override { Codec<F>::fill_state(game().view(seat), into); }
  json events_between(std::size_t from, std::size_t to) const override {
    auto held = table_.events();
    std::size_t first = table_.first_event();
    to = std::min(to, first + held.size());
    from = std::min(std::max(from, first), to);
    return events_json(held.subspan(from - first, to - from));
  }
  json legal(const std::optional<std::string>& player) const override {
    json request = json::object();
    if (player) request["player"] = *player;
    return Codec<F>::legal(game(), seat_in(request, typed().setup().players, game().to_act()));
  }
  json act(const json& request) override {
    std::vector<Event> events;
    act_events(request, events);
    return events_json(events);
  }
  json play(games::Seat seat, const json& action) override {
    std::size_t from = table_.event_count();
    apply(seat, Codec<F>::action_from(game(), seat, action));
    return events_since(from);
  }
  json act_bot(const json& request, const std::string& kind, json& action) override {
    Action chosen{};
    try {
      chosen = table_.bot_action(kind);
    } catch (const std::invalid_argument& e) {
      throw ProtocolError("bad_request", e.what());
    } catch (const std::logic_error& e) {
      throw ProtocolError("nobody_to_act", e.what());
    }
    action = Codec<F>::action(game(), chosen);
    std::size_t from = table_.event_count();
    apply(seat_of(request), chosen);
    return events_since(from);
  }
  json opening_events() const override {
    json out = json::array();
    for (const auto& e : typed().opening()) out.push_back(Codec<F>::event(game(), e));
    return out;
  }
  // The family's hint, and each seat's chance to win with each choice's (protocol/win_hint.h)
  // unless the request says "win": false.
  json hint(const json& request) const override {
    json out = Codec<F>::hint(game(), request);
    if (auto win = request.find("win"); win != request.end()) {
      if (!win->is_boolean()) throw ProtocolError("bad_request", "\"win\" is true (the chances to win, the default) or false");
      if (!win->get<bool>()) return out;
    }
    const games::Seat seat = game().to_act();
    std::vector<std::optional<games::AnyMove>> moves;
    for (const auto& choice : out["choices"]) {
      try {
        moves.push_back(table_.move_of(seat, Codec<F>::action_from(game(), seat, choice["action"])));
      } catch (const ProtocolError&) {
        moves.push_back(std::nullopt);
      }
    }
    add_win_chances(table_, out, moves);
    return out;
  }
  int to_act() const override { return game().to_act(); }
  std::unique_ptr<GameSession> clone() const override { return std::make_unique<TableSession<F>>(*this); }
  std::unique_ptr<GameSession> resample(games::Seat seat, std::uint64_t seed) const override {
    auto copy = std::make_unique<TableSession<F>>(*this);
    copy->table_.resample_here(seat, seed);
    return copy;
  }
  std::size_t moves() const override { return table_.move_count(); }
  bool over() const override { return game().over(); }
  json log() const override {
    json lines = json::array();
    lines.push_back(new_request_);
    for (std::size_t i = 0; i < table_.move_count(); ++i) lines.push_back(move_line(i));
    return lines;
  }
  json move_line(std::size_t i) const override {
    const auto& m = typed().moves()[i];
    return fields({{"cmd", "act"}, {"player", typed().name(m.seat)}, {"action", Codec<F>::action(game(), m.action)}});
  }

  // Plays a typed action (the terminal's); its events are appended to `events` as typed values.
  std::optional<games::Refusal> apply_typed(games::Seat seat, const Action& action, std::vector<Event>& events) {
    std::size_t from = table_.event_count();
    auto refusal = table_.apply_action(seat, action);
    if (!refusal) {
      auto fresh = table_.events().subspan(from - table_.first_event());
      events.insert(events.end(), fresh.begin(), fresh.end());
    }
    return refusal;
  }
  // act() with the events as typed values (for the terminal's narration and replay).
  void act_events(const json& request, std::vector<Event>& events) {
    int seat = seat_of(request);
    auto it = request.find("action");
    if (it == request.end())
      throw ProtocolError("bad_request", fmt::format("\"act\" needs an \"action\", e.g. {}", Codec<F>::kActionExample));
    std::size_t from = table_.event_count();
    apply(seat, Codec<F>::action_from(game(), seat, *it));
    auto fresh = table_.events().subspan(from - table_.first_event());
    events.insert(events.end(), fresh.begin(), fresh.end());
  }

 private:
  static games::FamilyTable<F> make_table(const CommonSetup& common, std::shared_ptr<const typename F::Rules> rules) {
    games::Setup setup;
    setup.players = common.players;
    setup.seed = common.seed;
    setup.dealer = common.dealer;
    for (const auto& text : common.deck) setup.stacked.push_back(Codec<F>::stacked_card(*rules, text));
    try {
      return games::FamilyTable<F>(std::move(rules), std::move(setup));
    } catch (const games::SetupError& e) {
      throw ProtocolError("bad_setup", e.what());
    }
  }
  int seat_of(const json& request) const {
    int seat = seat_in(request, typed().setup().players, game().to_act());
    if (seat < 0) throw ProtocolError("game_over", "the game is over; nobody is to act");
    return seat;
  }
  void apply(int seat, const Action& action) {
    if (auto refusal = table_.apply_action(seat, action)) throw ProtocolError(refusal->code, refusal->message);
  }
  json events_json(std::span<const Event> events) const {
    json out = json::array();
    for (const auto& e : events) out.push_back(Codec<F>::event(game(), e));
    return out;
  }

  json new_request_;
  games::FamilyTable<F> table_;
};

// Builds the typed session a `new` request asks for (its rule file read once) and calls
// `visit.template operator()<F>(std::unique_ptr<TableSession<F>>)`; throws ProtocolError.
template <class Visit>
decltype(auto) with_new_session(const json& request, Visit&& visit) {
  try {
    auto overrides = overrides_from_json(request);
    rules::RuleFile file = rule_file_from_json(request, overrides);
    CommonSetup common = common_setup(request);
    return games::with_rule_file(file, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) -> decltype(auto) {
      return visit.template operator()<F>(std::make_unique<TableSession<F>>(common, std::move(rules)));
    });
  } catch (const rules::RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
}

}  // namespace inbetween::protocol
