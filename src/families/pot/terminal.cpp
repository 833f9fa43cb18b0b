#include "families/pot/terminal.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/play_setup.h"
#include "families/pot/advisor.h"

namespace inbetween::cli {

using K = pot::EventKind;

std::string Terminal<games::pot::PotFamily>::seat_name(games::Seat seat) const {
  std::string name = game_->players()[static_cast<std::size_t>(seat)].name;
  auto kind = bot_kinds_.find(seat);
  return kind == bot_kinds_.end() ? name : fmt::format("{} ({})", name, kind->second);
}

std::string Terminal<games::pot::PotFamily>::title() const {
  const auto& r = game_->rules();
  std::string out = bold(style_, fmt::format("In-Between: {} — {}", r.name, r.description));
  if (!overrides_.empty()) out += "\n" + fmt::format("Changed: {}", fmt::join(overrides_, ", "));
  std::vector<std::string> seats;
  for (std::size_t i = 0; i < game_->players().size(); ++i) seats.push_back(seat_name(static_cast<int>(i)));
  out += "\n" + fmt::format("Players: {}", fmt::join(seats, ", "));
  if (int deals = game_->deals_total(); deals > 0)
    out += "\n" + dim(style_, fmt::format("{} (a longer game: --set deals=N)", plural(deals, "deal")));
  return out;
}

void Terminal<games::pot::PotFamily>::count(const pot::Event& e) {
  auto seat = [&](rules::Chips delta) {
    if (e.player >= 0) won_[static_cast<std::size_t>(e.player)] += delta;
  };
  switch (e.kind) {
    case K::Ante:
    case K::BankerStake: seat(-e.amount); pot_ += e.amount; break;
    case K::PairPaid: seat(e.amount); pot_ -= e.amount; break;
    case K::ConsecutiveLoss: seat(-e.amount); pot_ += e.amount; break;
    case K::Win: seat(e.amount); pot_ -= e.amount; break;
    case K::Loss: seat(-e.amount); pot_ += e.amount; break;
    case K::DealerTakesPot: seat(e.amount); pot_ -= e.amount; break;
    default: break;
  }
}

std::string Terminal<games::pot::PotFamily>::deal_summary() {
  ++deals_;
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < won_.size(); ++i) {
    if (won_[i] != 0) parts.push_back(fmt::format("{} {:+}", game_->players()[i].name, won_[i]));
  }
  std::string what = fmt::format("Deal {}", deals_);
  std::string results = parts.empty() ? "nobody won or lost" : fmt::format("{}", fmt::join(parts, ", "));
  std::string tail = fmt::format("pot {}", pot_);
  std::fill(won_.begin(), won_.end(), 0);
  return dim(style_, fmt::format("── {}: {} · {} ──", what, results, tail));
}

std::string Terminal<games::pot::PotFamily>::narrate(const pot::Event& e) {
  count(e);
  std::string line = cli::narrate(style_, *game_, e);
  // A deal (a Red Dog hand) ends where the deal passes on, or with the game.
  if (e.kind == K::DealerChanged || (e.kind == K::GameOver && std::any_of(won_.begin(), won_.end(), [](auto w) { return w != 0; }))) {
    std::string summary = deal_summary();
    return line.empty() ? summary : summary + "\n" + line;
  }
  return line;
}

std::string Terminal<games::pot::PotFamily>::after() {
  std::string out;
  for (std::size_t i = 0; i < in_game_.size(); ++i) {
    bool now = game_->in_game(static_cast<int>(i));
    if (in_game_[i] && !now && !game_->over()) {
      const auto& p = game_->players()[i];
      out += (out.empty() ? "" : "\n") +
             bad(style_, p.chips == 0 ? fmt::format("{} {} out of chips.", p.name, verb(p.name, "is"))
                                      : fmt::format("{} can no longer cover a bet and {} out.", p.name, verb(p.name, "sits")));
    }
    in_game_[i] = now;
  }
  return out;
}

std::string Terminal<games::pot::PotFamily>::table() const { return show_table(style_, *game_); }

std::string Terminal<games::pot::PotFamily>::prompt(games::Seat seat, const Action& best) const {
  pot::Legal l = game_->legal(seat);
  std::vector<std::string> choices;
  if (l.call) choices.push_back("(h)igh or (l)ow");
  if (l.bet) choices.push_back(l.bet_min == l.bet_max ? fmt::format("bet {}", l.bet_min) : fmt::format("bet {}-{}", l.bet_min, l.bet_max));
  if (l.pass) choices.push_back("(p)ass");
  if (l.rebuy) choices.push_back(fmt::format("rebuy N (up to {})", l.rebuy_max));
  choices.push_back("? hint");
  choices.push_back("(q)uit");
  std::string def = bet_input_default(suggested(seat, best));
  return fmt::format("{}, {} [{}]: ", bold(style_, game_->players()[static_cast<std::size_t>(seat)].name),
                     fmt::join(choices, ", "), def);
}

std::optional<pot::Action> Terminal<games::pot::PotFamily>::parse(const std::string& raw, games::Seat seat, const Action& best,
                                                                 std::string& why) const {
  return parse_bet_input(raw, suggested(seat, best), why);
}

pot::Action Terminal<games::pot::PotFamily>::suggested(games::Seat seat, const Action& best) const {
  auto* bet = std::get_if<pot::Bet>(&best);
  if (!bet || bet->amount < game_->players()[static_cast<std::size_t>(seat)].chips) return best;
  auto advice = strategy::advise(*game_);
  if (!advice || !advice->kelly) return best;
  auto* kelly = std::get_if<pot::Bet>(&*advice->kelly);
  if (kelly && kelly->amount >= bet->amount) return best;
  return *advice->kelly;  // a smaller bet, or a pass
}

std::optional<pot::Action> parse_bet_input(const std::string& raw, const pot::Action& best, std::string& why) {
  auto words = split_list(lower_case(raw), ' ');
  if (words.empty()) return best;
  const std::string& w = words[0];
  // Amounts longer than 12 digits are refused as words, so stoll cannot overflow.
  if ((w == "rebuy" || w == "b") && words.size() == 2 && all_digits(words[1]) && words[1].size() < 12)
    return pot::Rebuy{std::stoll(words[1])};
  if (all_digits(w) && w.size() < 12) return pot::Bet{std::stoll(w)};
  if (w == "p" || w == "pass" || w == "f" || w == "fold") return pot::Pass{};
  if (w == "h" || w == "high") return pot::Call{pot::AceValue::High};
  if (w == "l" || w == "low") return pot::Call{pot::AceValue::Low};
  if (w.size() > 1 && w[0] == '-' && all_digits(w.substr(1))) {
    why = fmt::format("'{}': amounts are whole numbers of chips, not negative.", raw);
    return std::nullopt;
  }
  why = fmt::format("'{}' is not a choice here; type one of the choices shown, or press Enter for the one in brackets.", raw);
  return std::nullopt;
}

std::string bet_input_default(const pot::Action& best) {
  if (auto* b = std::get_if<pot::Bet>(&best)) return fmt::format("{}", b->amount);
  if (auto* c = std::get_if<pot::Call>(&best)) return c->ace == pot::AceValue::High ? "h" : "l";
  return std::string(1, pot::action_name(best)[0]);
}

std::string Terminal<games::pot::PotFamily>::hint(games::Seat) const { return show_hint(style_, *game_); }

std::string Terminal<games::pot::PotFamily>::history() const {
  std::vector<std::string> stacks;
  for (const auto& p : game_->players()) stacks.push_back(fmt::format("{} {:+}", p.name, p.chips - p.bought));
  std::string deals = game_->deals_total() > 0 ? fmt::format("{} of {}", game_->deals_done(), game_->deals_total())
                                               : std::to_string(game_->deals_done());
  return dim(style_, fmt::format("So far: deals {} played; {}; pot {}", deals, fmt::join(stacks, ", "), game_->pot()));
}

std::string Terminal<games::pot::PotFamily>::ending() const {
  std::string standings = show_standings(style_, *game_);
  if (!standings.empty() && standings.back() == '\n') standings.pop_back();
  return "\n" + standings;
}

}  // namespace inbetween::cli
