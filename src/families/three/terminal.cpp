#include "families/three/terminal.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/text.h"

namespace inbetween::cli {
namespace {
// Shortcut words that pick an action when it is on the menu (by its index in three::Action).
bool matches_word(const std::string& word, const three::Action& action) {
  static const std::map<std::string, std::size_t> kWords = {{"k", 0}, {"keep", 0}, {"d", 3}, {"draw", 3}, {"e", 5},
                                                            {"end", 5}, {"b", 6},   {"bank", 6}, {"p", 7}, {"pass", 7}};
  auto it = kWords.find(word);
  return it != kWords.end() && it->second == action.index();
}
}  // namespace

Terminal<games::three::ThreeFamily>::Terminal(Style style, const Game& game, std::map<games::Seat, std::string> bot_kinds)
    : style_(style), game_(&game), bot_kinds_(std::move(bot_kinds)) {}

std::string Terminal<games::three::ThreeFamily>::title() const {
  const auto& r = game_->rules();
  std::string out = bold(style_, fmt::format("ThreeBeTween — {}", r.description));
  if (!overrides_.empty()) out += "\n" + fmt::format("Changed: {}", fmt::join(overrides_, ", "));
  std::vector<std::string> seats;
  for (std::size_t i = 0; i < game_->players().size(); ++i) {
    auto kind = bot_kinds_.find(static_cast<int>(i));
    seats.push_back(kind == bot_kinds_.end() ? game_->players()[i].name : fmt::format("{} ({})", game_->players()[i].name, kind->second));
  }
  out += "\n" + fmt::format("Players: {}", fmt::join(seats, ", "));
  out += "\n" + dim(style_, fmt::format("First to {} after a tally wins (another length: --set target=N).", plural(r.target, "point")));
  return out;
}

std::string Terminal<games::three::ThreeFamily>::narrate(const three::Event& e) {
  std::string line = narrate_three(style_, *game_, e);
  if (e.kind == three::EventKind::Tally && e.player + 1 == static_cast<int>(game_->players().size())) {
    std::string sheet = show_score_sheet(style_, *game_);
    if (!sheet.empty() && sheet.back() == '\n') sheet.pop_back();
    line += (line.empty() ? "\n" : "\n\n") + sheet;
  }
  return line;
}

std::string Terminal<games::three::ThreeFamily>::prompt(games::Seat seat, const Action& best) const {
  auto menu = game_->legal(seat);
  std::size_t fallback = 0;
  std::string out;
  for (std::size_t i = 0; i < menu.size(); ++i) {
    if (menu[i].index() == best.index() && label(*game_, seat, menu[i]) == label(*game_, seat, best)) fallback = i;
    out += fmt::format("  {}) {}\n", i + 1, label(*game_, seat, menu[i]));
  }
  // Only the shortcut words this menu takes, so that the question fits one line.
  std::vector<std::string> words;
  for (const char* word : {"keep", "draw", "end", "bank", "pass"})
    if (std::any_of(menu.begin(), menu.end(), [&](const Action& a) { return matches_word(word, a); })) words.push_back(word);
  out += fmt::format("{}, choose 1-{} ({}? hint, q quit) [{}]: ", bold(style_, game_->players()[static_cast<std::size_t>(seat)].name),
                     menu.size(), words.empty() ? "" : fmt::format("or {}; ", fmt::join(words, ", ")), fallback + 1);
  return out;
}

std::optional<three::Action> Terminal<games::three::ThreeFamily>::parse(const std::string& line, games::Seat seat, const Action& best,
                                                                       std::string& why) const {
  auto menu = game_->legal(seat);
  auto words = split_list(line, ' ');
  std::string word = lower_case(words.empty() ? "" : words[0]);
  if (word.empty()) return best;
  if (all_digits(word) && word.size() < 4) {
    std::size_t n = std::stoul(word);
    if (n >= 1 && n <= menu.size()) return menu[n - 1];
  } else {
    for (const auto& action : menu)
      if (matches_word(word, action)) return action;
  }
  why = fmt::format("'{}' is not on the menu; type a number from 1 to {}.", line, menu.size());
  return std::nullopt;
}

std::string Terminal<games::three::ThreeFamily>::history() const {
  if (game_->sheet().empty()) return "";
  std::string sheet = show_score_sheet(style_, *game_);
  if (!sheet.empty() && sheet.back() == '\n') sheet.pop_back();
  return sheet;
}

}  // namespace inbetween::cli
