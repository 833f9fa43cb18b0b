#include "families/house/terminal.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/text.h"
#include "families/house/advisor.h"

namespace inbetween::cli {

using HouseTerminal = Terminal<games::house::HouseFamily>;

std::string HouseTerminal::title() const {
  const auto& r = game_->rules();
  std::string out = bold(style_, fmt::format("Red Dog: {} — {}", r.name, r.description));
  if (!overrides_.empty()) out += "\n" + fmt::format("Changed: {}", fmt::join(overrides_, ", "));
  std::vector<std::string> seats;
  for (std::size_t i = 0; i < game_->players().size(); ++i) {
    auto kind = bot_kinds_.find(static_cast<int>(i));
    seats.push_back(kind == bot_kinds_.end() ? name(static_cast<int>(i)) : fmt::format("{} ({})", name(static_cast<int>(i)), kind->second));
  }
  out += "\n" + fmt::format("Players: {}, against the house", fmt::join(seats, ", "));
  if (int hands = game_->hands_total(); hands > 0)
    out += "\n" + dim(style_, fmt::format("{} (a longer game: --set deals=N)", plural(hands, "hand")));
  return out;
}

std::string HouseTerminal::hand_summary() {
  ++hands_;
  std::vector<std::string> parts;
  rules::Chips house = 0;
  for (std::size_t i = 0; i < won_.size(); ++i) {
    if (won_[i] != 0) parts.push_back(fmt::format("{} {:+}", name(static_cast<int>(i)), won_[i]));
    house -= won_[i];
  }
  std::fill(won_.begin(), won_.end(), 0);
  std::string results = parts.empty() ? "no chips changed hands" : fmt::format("{}", fmt::join(parts, ", "));
  return dim(style_, fmt::format("── Hand {}: {} · house {:+} ──", hands_, results, house));
}

std::string HouseTerminal::narrate(const house::Event& e) {
  // Here, not at namespace scope: every family's terminal.cpp is compiled in unity batches
  // with the others', where the pot games' K is pot::EventKind.
  using K = house::EventKind;
  std::string who = e.player >= 0 ? bold(style_, name(e.player)) : "";
  auto says = [&](const char* v) { return verb(name(e.player), v); };
  switch (e.kind) {
    case K::Shuffled: return dim(style_, e.amount == 0 ? "The shoe is shuffled." : "The discards are shuffled into a fresh shoe.");
    case K::DrawForDeal: return fmt::format("{} {} {} to see who plays first.", who, says("draws"), show_card(style_, e.card));
    case K::Bet: return fmt::format("{} {} {}.", who, says("wagers"), e.amount);
    case K::Pass: return fmt::format("{} {} this hand out.", who, says("sits"));
    case K::PostDealt: return fmt::format("Post: {}", show_card(style_, e.card));
    case K::PostsReplaced: return "A pair of posts: two new posts.";
    case K::Raise: return fmt::format("{} {} by {}.", who, says("raises"), e.amount);
    case K::Stand: return fmt::format("{} {}.", who, says("stands"));
    case K::Push: return fmt::format("{}: push, {} back.", who, plural(e.amount, "chip"));
    case K::ThirdCard: {
      std::string how;
      switch (e.outcome) {
        case house::Outcome::Between: how = good(style_, "between!"); break;
        case house::Outcome::Trips: how = good(style_, "three of a kind!"); break;
        case house::Outcome::NoTrips: how = "no three of a kind."; break;
        case house::Outcome::HitPost: how = bad(style_, "it hits the post."); break;
        default: how = bad(style_, "outside."); break;
      }
      return fmt::format("Third card: {} — {}", show_card(style_, e.card), how);
    }
    case K::Win:
      won_[static_cast<std::size_t>(e.player)] += e.amount;
      return good(style_, fmt::format("{} {} {}.", name(e.player), says("wins"), plural(e.amount, "chip")));
    case K::Loss:
      won_[static_cast<std::size_t>(e.player)] -= e.amount;
      return bad(style_, fmt::format("{} {} {}.", name(e.player), says("loses"), plural(e.amount, "chip")));
    // The house deals: nobody "deals first", and the order of play moving round needs no line.
    case K::DealerChanged: return hand_summary();
    case K::GameOver: return (std::any_of(won_.begin(), won_.end(), [](auto w) { return w != 0; }) ? hand_summary() + "\n" : "") +
                             bold(style_, "Game over.");
    default: return "";
  }
}

std::string HouseTerminal::after() {
  std::string out;
  for (std::size_t i = 0; i < in_game_.size(); ++i) {
    const auto& p = game_->players()[i];
    bool now = game_->in_game(static_cast<int>(i)) || p.wager > 0;
    if (in_game_[i] && !now && !game_->over())
      out += (out.empty() ? "" : "\n") + bad(style_, fmt::format("{} can no longer cover the minimum wager and {} out.", p.name, verb(p.name, "is")));
    in_game_[i] = now;
  }
  return out;
}

std::string HouseTerminal::table() const {
  const auto& g = *game_;
  std::string hands = g.hands_total() > 0 ? fmt::format("hand {} of {}", g.hands_done() + 1, g.hands_total())
                                          : fmt::format("hand {}", g.hands_done() + 1);
  std::string out = dim(style_, fmt::format("── {} · {} · {} cards left ──", g.rules().name, hands, g.shoe().remaining())) + "\n";
  out += fmt::format("House: {:+}\n", g.house());
  std::string stacks;
  for (int i = 0; i < static_cast<int>(g.players().size()); ++i) {
    const auto& p = g.players()[static_cast<std::size_t>(i)];
    std::string entry = fmt::format("{} {}", p.name, p.chips);
    if (p.wager > 0) entry += fmt::format(" (wager {})", p.wager);
    // A player whose last chips are wagered is still in this hand.
    if (!g.in_game(i) && p.wager == 0) entry = dim(style_, entry + " out");
    else if (i == g.to_act()) entry = bold(style_, "▸ " + entry);
    stacks += (stacks.empty() ? "" : "   ") + entry;
  }
  out += "Stacks: " + stacks + "\n";
  const auto& posts = g.posts();
  if (posts.count == 2) {
    int pays = rules::spread_pays(g.rules(), posts.spread());
    out += fmt::format("Posts:  {}     {}   spread {}{}\n", show_card(style_, posts.cards[0]), show_card(style_, posts.cards[1]),
                       bold(style_, std::to_string(posts.spread())), pays > 0 ? fmt::format(" (pays {} to 1)", pays) : "");
  }
  return out;
}

std::string HouseTerminal::prompt(games::Seat seat, const Action& best) const {
  house::Legal l = game_->legal(seat);
  std::vector<std::string> choices;
  if (l.bet) choices.push_back(l.bet_min == l.bet_max ? fmt::format("wager {}", l.bet_min) : fmt::format("wager {}-{}", l.bet_min, l.bet_max));
  if (l.pass) choices.push_back("(p)ass");
  if (l.raise) choices.push_back("(r)aise");
  if (l.stand) choices.push_back("(s)tand");
  choices.push_back("? hint");
  choices.push_back("(q)uit");
  std::string def = std::holds_alternative<house::Bet>(best) ? std::to_string(std::get<house::Bet>(best).amount)
                                                              : std::string(1, house::action_name(best)[0]);
  return fmt::format("{}, {} [{}]: ", bold(style_, name(seat)), fmt::join(choices, ", "), def);
}

std::optional<house::Action> HouseTerminal::parse(const std::string& raw, games::Seat, const Action& best, std::string& why) const {
  auto words = split_list(lower_case(raw), ' ');
  if (words.empty()) return best;
  const std::string& w = words[0];
  // Amounts longer than 12 digits are refused as words, so stoll cannot overflow.
  if (all_digits(w) && w.size() < 12) return house::Bet{std::stoll(w)};
  if (w == "p" || w == "pass") return house::Pass{};
  if (w == "r" || w == "raise") return house::Raise{};
  if (w == "s" || w == "stand") return house::Stand{};
  if (w.size() > 1 && w[0] == '-' && all_digits(w.substr(1))) {
    why = fmt::format("'{}': amounts are whole numbers of chips, not negative.", raw);
    return std::nullopt;
  }
  why = fmt::format("'{}' is not a choice here; type one of the choices shown, or press Enter for the one in brackets.", raw);
  return std::nullopt;
}

std::string HouseTerminal::hint(games::Seat) const {
  auto advice = strategy::advise(*game_);
  if (!advice) return "Nobody is to act.\n";
  std::string out = dim(style_, fmt::format("  hint, from the {} cards left in the shoe:", game_->shoe().remaining())) + "\n";
  if (advice->odds) {
    const auto& o = *advice->odds;
    out += fmt::format("  third card: between {}/{} ({:.1f}%)\n", o.between, o.total, 100 * o.p(o.between));
  }
  for (const auto& c : advice->choices) {
    bool best = c.action.index() == advice->best.index() && describe_action(c.action) == describe_action(advice->best);
    std::string line = fmt::format("  {:<12} {:>+9.3f} chips  {}", describe_action(c.action), c.ev, c.why);
    out += (best ? good(style_, line + "  <- best") : line) + "\n";
  }
  return out;
}

std::string HouseTerminal::history() const {
  std::vector<std::string> nets;
  for (const auto& p : game_->players()) nets.push_back(fmt::format("{} {:+}", p.name, p.chips - p.bought));
  return dim(style_, fmt::format("So far: {} played; {}; house {:+}", plural(game_->hands_done(), "hand"), fmt::join(nets, ", "),
                                 game_->house()));
}

std::string HouseTerminal::ending() const {
  const auto& g = *game_;
  std::vector<int> order(g.players().size());
  std::iota(order.begin(), order.end(), 0);
  auto net = [&](int i) { return g.players()[static_cast<std::size_t>(i)].chips - g.players()[static_cast<std::size_t>(i)].bought; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return net(a) > net(b); });
  auto winners = g.winners();
  std::string out = "\n" + bold(style_, "Standings") + "\n";
  out += fmt::format("  {:<12} {:>8} {:>8} {:>8}\n", "player", "chips", "bought", "net");
  for (int i : order) {
    const auto& p = g.players()[static_cast<std::size_t>(i)];
    bool won = std::find(winners.begin(), winners.end(), i) != winners.end();
    std::string line = fmt::format("  {:<12} {:>8} {:>8} {:>+8}{}", p.name, p.chips, p.bought, net(i), won ? "  winner" : "");
    out += (won ? good(style_, line) : line) + "\n";
  }
  out += dim(style_, fmt::format("  house result: {:+}", g.house()));
  if (winners.empty()) out += "\n" + bad(style_, "  The house beat every player.");
  return out;
}

}  // namespace inbetween::cli
