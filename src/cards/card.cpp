#include "cards/card.h"

#include <cctype>

namespace inbetween::cards {
namespace {
constexpr std::string_view kRankSymbols = "23456789TJQKA";
constexpr std::string_view kSuitSymbols = "SHDC";
}  // namespace

char rank_symbol(int rank) { return kRankSymbols[static_cast<std::size_t>(rank - kLowestRank)]; }

std::string to_string(Card card) {
  return {rank_symbol(card.rank()), kSuitSymbols[static_cast<std::size_t>(card.suit())]};
}

std::optional<Card> parse_card(std::string_view text) {
  std::string upper;
  for (char c : text) upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  if (upper.size() == 3 && upper.starts_with("10")) upper.replace(0, 2, "T");
  if (upper.size() != 2) return std::nullopt;
  auto rank = kRankSymbols.find(upper[0]);
  auto suit = kSuitSymbols.find(upper[1]);
  if (rank == std::string_view::npos || suit == std::string_view::npos) return std::nullopt;
  return Card::of(static_cast<int>(rank) + kLowestRank, static_cast<Suit>(suit));
}

}  // namespace inbetween::cards
