#include "games/any_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "games/registry.h"

namespace inbetween::games {

std::unique_ptr<AnyTable> AnyTable::restore(std::span<const AnyMove> moves) const {
  auto table = fresh();
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (auto refusal = table->apply(moves[i]))
      throw std::invalid_argument(fmt::format("move {} (seat {}, choice {}) is refused: {}", i + 1, moves[i].seat, moves[i].choice,
                                              refusal->message));
  return table;
}

Refusal no_such_choice(const Setup& setup, Seat to_act, Seat seat, std::size_t choice, std::size_t count) {
  auto seats = static_cast<Seat>(setup.players.size());
  if (seat < 0 || seat >= seats) return {"bad_seat", fmt::format("there is no seat {}: the seats are 0 to {}", seat, seats - 1)};
  const auto& name = setup.players[static_cast<std::size_t>(seat)];
  if (to_act == kNobody && count == 0) return {"game_over", "the game is over; nobody is to act"};
  if (count == 0) return {"not_your_turn", fmt::format("it is {}'s turn, not {}'s", setup.players[static_cast<std::size_t>(to_act)], name)};
  return {"bad_choice", fmt::format("{} has {} choice{} now (0 to {}), not choice {}", name, count, count == 1 ? "" : "s", count - 1, choice)};
}

std::string unknown_bot(const std::string& kind, const std::vector<std::string>& kinds) {
  return fmt::format("unknown bot kind \"{}\"; kinds: {}", kind, fmt::join(kinds, ", "));
}

std::unique_ptr<AnyTable> open_table(const rules::RuleFile& file, Setup setup) {
  return with_rule_file(file, [&]<Family F>(std::shared_ptr<const typename F::Rules> rules) -> std::unique_ptr<AnyTable> {
    return std::make_unique<FamilyTable<F>>(std::move(rules), std::move(setup));
  });
}

}  // namespace inbetween::games
