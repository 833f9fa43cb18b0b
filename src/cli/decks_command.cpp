// `inbetween decks list` and `inbetween decks show NAME`.
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "rules/deck_files.h"
#include "rules/rule_files.h"

namespace inbetween::cli {

int run_decks_list(std::ostream& out) {
  for (const auto& name : rules::deck_names()) {
    try {
      auto d = rules::deck_summary(name);
      fmt::print(out, "{:<12} {:>3} cards  {}\n", name, d.cards, d.description);
    } catch (const rules::RuleError& e) {
      fmt::print(out, "{:<12} (cannot be loaded: {})\n", name, e.what());
    }
  }
  return 0;
}

int run_decks_show(const std::string& name, std::ostream& out) {
  auto summary = rules::deck_summary(name);
  fmt::print(out, "# {}: {}\n", summary.name, summary.description);
  if (summary.kind == "standard") {
    auto cards = rules::load_standard_deck(name);
    std::vector<int> per_rank(cards::kAceRank + 1, 0);
    for (auto c : cards) ++per_rank[static_cast<std::size_t>(cards::Card{c}.rank())];
    fmt::print(out, "{:<6} {:>6}\n", "rank", "cards");
    for (int r = cards::kLowestRank; r <= cards::kAceRank; ++r)
      if (per_rank[static_cast<std::size_t>(r)] > 0) fmt::print(out, "{:<6} {:>6}\n", cards::rank_symbol(r), per_rank[static_cast<std::size_t>(r)]);
    fmt::print(out, "total: {} cards\n", cards.size());
    return 0;
  }
  auto deck = rules::load_letter_deck(name);
  int consonants = 0, vowels = 0, wilds = 0, points = 0;
  fmt::print(out, "{:<6} {:>6} {:>6}\n", "card", "copies", "points");
  for (const auto& k : deck.kinds) {
    fmt::print(out, "{:<6} {:>6} {:>6}\n", k.notation, k.copies, k.points);
    (k.wild() ? wilds : k.vowel_card() ? vowels : consonants) += k.copies;
    points += k.copies * k.points;
  }
  fmt::print(out, "consonant cards {}, vowel cards {}, wilds {}: {} cards, {} points in all\n", consonants, vowels, wilds,
             deck.size(), points);
  return 0;
}

}  // namespace inbetween::cli
