#pragma once
// TableSession<F>: a typed table behind the protocol. A request's action is decoded once; the
// table logs the typed move, and the log is encoded only when asked for.
#include <memory>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "games/registry.h"
#include "protocol/codec.h"
#include "protocol/session.h"
#include "table/table.h"

namespace inbetween::protocol {

template <games::Family F>
class TableSession : public GameSession {
 public:
  using Event = typename F::Event;
  using Action = typename F::Action;

  TableSession(const CommonSetup& common, std::shared_ptr<const typename F::Rules> rules)
      : new_request_(common.request), table_(make_table(common, std::move(rules))) {}

  table::Table<F>& table() { return table_; }
  const table::Table<F>& table() const { return table_; }
  const typename F::Game& game() const { return table_.game(); }

  json state() const override { return Codec<F>::state(game().view(games::kNobody)); }
  json legal(const std::optional<std::string>& player) const override {
    json request = json::object();
    if (player) request["player"] = *player;
    return Codec<F>::legal(game(), seat_in(request, table_.setup().players, game().to_act()));
  }
  json act(const json& request) override {
    std::vector<Event> events;
    act_events(request, events);
    return events_json(events);
  }
  json act_bot(const json& request, const std::string& kind, json& action) override {
    auto bot = F::Bots::make(kind);
    if (!bot)
      throw ProtocolError("bad_request", fmt::format("unknown bot kind \"{}\"; kinds: {}", kind, fmt::join(F::Bots::kinds(), ", ")));
    if (game().to_act() < 0) throw ProtocolError("nobody_to_act", "the game is over; nobody is to act");
    Action chosen = table_.bot_action(*bot);
    action = Codec<F>::action(game(), chosen);
    std::vector<Event> events;
    apply(seat_of(request), chosen, events);
    return events_json(events);
  }
  json opening_events() const override {
    json out = json::array();
    for (const auto& e : table_.opening()) out.push_back(Codec<F>::event(game(), e));
    return out;
  }
  json hint(const json& request) const override { return Codec<F>::hint(game(), request); }
  int to_act() const override { return game().to_act(); }
  std::unique_ptr<GameSession> clone() const override { return std::make_unique<TableSession<F>>(*this); }
  std::size_t moves() const override { return table_.moves().size(); }
  bool over() const override { return game().over(); }
  json log() const override {
    json lines = json::array();
    lines.push_back(new_request_);
    for (const auto& m : table_.moves())
      lines.push_back({{"cmd", "act"}, {"player", table_.name(m.seat)}, {"action", Codec<F>::action(game(), m.action)}});
    return lines;
  }

  // act() with the events as typed values (for the terminal's narration and replay).
  void act_events(const json& request, std::vector<Event>& events) {
    int seat = seat_of(request);
    auto it = request.find("action");
    if (it == request.end())
      throw ProtocolError("bad_request", fmt::format("\"act\" needs an \"action\", e.g. {}", Codec<F>::kActionExample));
    apply(seat, Codec<F>::action_from(game(), seat, *it), events);
  }

 private:
  static table::Table<F> make_table(const CommonSetup& common, std::shared_ptr<const typename F::Rules> rules) {
    games::Setup setup;
    setup.players = common.players;
    setup.seed = common.seed;
    setup.dealer = common.dealer;
    for (const auto& text : common.deck) setup.stacked.push_back(Codec<F>::stacked_card(*rules, text));
    try {
      return table::Table<F>(std::move(rules), std::move(setup));
    } catch (const games::SetupError& e) {
      throw ProtocolError("bad_setup", e.what());
    }
  }
  int seat_of(const json& request) const {
    int seat = seat_in(request, table_.setup().players, game().to_act());
    if (seat < 0) throw ProtocolError("game_over", "the game is over; nobody is to act");
    return seat;
  }
  void apply(int seat, const Action& action, std::vector<Event>& events) {
    if (auto refusal = table_.apply(seat, action, events)) throw ProtocolError(refusal->code, refusal->message);
  }
  json events_json(const std::vector<Event>& events) const {
    json out = json::array();
    for (const auto& e : events) out.push_back(Codec<F>::event(game(), e));
    return out;
  }

  json new_request_;
  table::Table<F> table_;
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
