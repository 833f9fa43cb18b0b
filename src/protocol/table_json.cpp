#include "protocol/table_json.h"

#include <stdexcept>
#include <vector>

#include "games/registry.h"
#include "protocol/codec.h"

namespace inbetween::protocol {
namespace {
// Calls `visit(typed)` with the typed table behind `table`, found by its family's key.
template <class Visit>
decltype(auto) with_typed(const games::AnyTable& table, Visit&& visit) {
  return games::with_family(table.family(), [&]<games::Family F>() -> decltype(auto) {
    const auto* typed = games::as<F>(table);
    if (!typed) throw std::logic_error("a runtime table is not of the family its key names");
    return visit(*typed);
  });
}

// The move that stands for `action` of `seat`: the legal choice that is this action, or a ranged
// choice of its kind with its amount (in the range or not: the game's rule answers when it is
// played). None when no choice is this action.
template <games::Family F>
std::optional<games::AnyMove> choice_of(const typename F::Game& game, games::Seat seat, const typename F::Action& action) {
  thread_local std::vector<games::Choice<typename F::Action>> choices;
  game.legal_actions(seat, choices);
  games::Chips amount = F::amount_of(action);
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const auto& c = choices[i];
    if (!c.ranged() && c.action == action) return games::AnyMove{seat, i, 0};
    if (c.ranged() && F::with_amount(c.action, amount) == action) return games::AnyMove{seat, i, amount};
  }
  return std::nullopt;
}
}  // namespace

games::AnyMove person_move(const games::AnyTable& table, games::Seat seat, const json& action) {
  return with_typed(table, [&]<games::Family F>(const games::FamilyTable<F>& typed) {
    typename F::Action read = Codec<F>::action_from(typed.game(), seat, action);
    if (auto move = choice_of<F>(typed.game(), seat, read)) return *move;
    // No choice is this action: the game says why, as it would have played it (on a copy, so
    // the table is untouched whatever it answers).
    typename F::Game copy = typed.game();
    std::vector<typename F::Event> events;
    if (auto refusal = copy.apply(seat, read, events)) throw ProtocolError(refusal->code, refusal->message);
    throw std::logic_error("the game takes an action that none of its legal choices stands for");
  });
}

json legal_for(const games::AnyTable& table, games::Seat seat) {
  return with_typed(table, [&]<games::Family F>(const games::FamilyTable<F>& typed) { return Codec<F>::legal(typed.game(), seat); });
}

json choice_actions(const games::AnyTable& table, games::Seat seat) {
  return with_typed(table, [&]<games::Family F>(const games::FamilyTable<F>& typed) {
    std::vector<games::Choice<typename F::Action>> choices;
    typed.game().legal_actions(seat, choices);
    json out = json::array();
    for (const auto& c : choices) {
      json action = Codec<F>::action(typed.game(), c.ranged() ? F::with_amount(c.action, c.least) : c.action);
      if (c.ranged()) {
        action.erase("amount");
        action["min"] = c.least;
        action["max"] = c.most;
      }
      out.push_back(std::move(action));
    }
    return out;
  });
}

std::string events_text(const games::AnyTable& table, std::size_t from, std::size_t to, bool strict) {
  return with_typed(table, [&]<games::Family F>(const games::FamilyTable<F>& typed) {
    auto events = typed.events();
    std::size_t first = typed.first_event();  // the events before it are no longer held
    to = std::min(to, first + events.size());
    from = std::max(from, first);
    std::string text = "[";
    for (std::size_t i = from; i < to; ++i) {
      if (i > from) text += ',';
      text += json_text(Codec<F>::event(typed.game(), events[i - first]), strict);
    }
    text += ']';
    return text;
  });
}

}  // namespace inbetween::protocol
