#include "families/pot/terminal.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/text.h"
#include "families/pot/advisor.h"
#include "families/pot/win_solver.h"
#include "families/pot/codec.h"

namespace inbetween::cli {

namespace {
std::string player_name(const pot::PotGame& game, int seat) { return game.players()[static_cast<std::size_t>(seat)].name; }
std::string chips_text(rules::Chips n) { return plural(n, "chip"); }

// One event as a line of text, or "" for events not worth a line.
std::string narrate_pot(const Style& s, const pot::PotGame& game, const pot::Event& e) {
  using K = pot::EventKind;
  std::string who = e.player >= 0 ? bold(s, player_name(game, e.player)) : "";
  switch (e.kind) {
    case K::Shuffled: return e.amount == 0 ? dim(s, "The deck is shuffled.") : dim(s, "The discards are shuffled into a fresh deck.");
    case K::DrawForDeal: return fmt::format("{} {} {} for the deal.", who, verb(player_name(game, e.player), "draws"), show_card(s, e.card));
    case K::DealerChosen: return fmt::format("{} {} first.", who, verb(player_name(game, e.player), "deals"));
    case K::Ante: return dim(s, fmt::format("{} {} {}.", player_name(game, e.player), verb(player_name(game, e.player), "antes"), e.amount));
    case K::BankerStake: return fmt::format("{} {} {} as the bank.", who, verb(player_name(game, e.player), "stakes"), e.amount);
    case K::Rebuy: return fmt::format("{} {} {} more.", who, verb(player_name(game, e.player), "buys"), chips_text(e.amount));
    case K::PostDealt:
      return e.player >= 0 ? fmt::format("Post for {}: {}", who, show_card(s, e.card))
                           : fmt::format("Post: {}", show_card(s, e.card));
    case K::AceCalled: return fmt::format("{} {} the ace {}.", who, verb(player_name(game, e.player), "calls"), protocol::ace_name(e.ace));
    case K::PostsReplaced: return fmt::format("Identical posts: {} {} two new posts.", who, verb(player_name(game, e.player), "gets"));
    case K::PairPaid: return good(s, fmt::format("A pair of posts: {} {} {} from the pot.", player_name(game, e.player), verb(player_name(game, e.player), "takes"), chips_text(e.amount)));
    case K::ConsecutiveLoss: return bad(s, fmt::format("Consecutive posts: {} {} {} to the pot.", player_name(game, e.player), verb(player_name(game, e.player), "loses"), chips_text(e.amount)));
    case K::Push: return e.player >= 0 ? fmt::format("{}: push, {} back.", who, chips_text(e.amount)) : "Push.";
    case K::Bet: return fmt::format("{} {} {}.", who, verb(player_name(game, e.player), "bets"), e.amount);
    case K::Pass: return fmt::format("{} {}.", who, verb(player_name(game, e.player), "passes"));
    case K::ThirdCard: {
      std::string how;
      switch (e.outcome) {
        case pot::Outcome::Between: how = good(s, "between!"); break;
        case pot::Outcome::Outside: how = bad(s, "outside."); break;
        case pot::Outcome::HitPost: how = bad(s, "it hits the post!"); break;
        case pot::Outcome::TripleAce: how = bad(s, "ace-ace-ace!"); break;
        case pot::Outcome::Trips: how = good(s, "three of a kind!"); break;
        case pot::Outcome::NoTrips: how = "no three of a kind."; break;
        case pot::Outcome::None: break;
      }
      return fmt::format("Third card: {} — {}", show_card(s, e.card), how);
    }
    case K::Win: return good(s, fmt::format("{} {} {}.", player_name(game, e.player), verb(player_name(game, e.player), "wins"), chips_text(e.amount)));
    case K::Loss: return bad(s, fmt::format("{} {} {}.", player_name(game, e.player), verb(player_name(game, e.player), "loses"), chips_text(e.amount)));
    case K::DealerTakesPot: return fmt::format("{} {} the {} left in the pot.", who, verb(player_name(game, e.player), "takes"), chips_text(e.amount));
    case K::DealerChanged: return dim(s, fmt::format("The deal passes to {}.", player_name(game, e.player)));
    case K::GameOver: return bold(s, "Game over.");
  }
  return "";
}

// The table before a decision: pot, stacks, dealer, posts and spread.
std::string show_pot_table(const Style& s, const pot::PotGame& game) {
  std::string out;
  std::string what = "deal";
  std::string deals = game.deals_total() > 0 ? fmt::format("{} {} of {}", what, game.deals_done() + 1, game.deals_total())
                                             : fmt::format("{} {}", what, game.deals_done() + 1);
  std::string dealer = fmt::format(" · dealer {}", player_name(game, game.dealer()));
  out += dim(s, fmt::format("── {} · {}{} · {} cards left ──", game.rules().name, deals, dealer, game.shoe().remaining())) + "\n";
  out += fmt::format("Pot: {}\n", bold(s, std::to_string(game.pot())));
  std::string stacks;
  for (int i = 0; i < static_cast<int>(game.players().size()); ++i) {
    const auto& seat = game.players()[static_cast<std::size_t>(i)];
    std::string entry = fmt::format("{} {}", seat.name, seat.chips);
    if (!game.in_game(i)) entry = dim(s, entry + " out");
    else if (i == game.to_act()) entry = bold(s, "▸ " + entry);
    stacks += (stacks.empty() ? "" : "   ") + entry;
  }
  out += "Stacks: " + stacks + "\n";
  const auto& posts = game.posts();
  if (posts.count > 0) {
    // Where aces are called, a called ace shows its value: "A♠ low".
    bool calls = game.rules().first_ace == rules::FirstAce::Call || game.rules().second_ace == rules::SecondAce::Call;
    auto post = [&](int i) {
      std::string text = show_card(s, posts.cards[static_cast<std::size_t>(i)]);
      bool pending = (i == 0 && game.phase() == pot::Phase::CallFirstAce) || (i == 1 && game.phase() == pot::Phase::CallSecondAce);
      if (calls && posts.cards[static_cast<std::size_t>(i)].is_ace() && !pending)
        text += " " + dim(s, protocol::ace_name(posts.ace[static_cast<std::size_t>(i)]));
      return text;
    };
    std::string line = "Posts:  " + post(0);
    if (posts.count == 2) line += "     " + post(1);
    else line += "   ??";
    bool complete = posts.count == 2 && game.phase() != pot::Phase::CallSecondAce;
    if (complete) line += fmt::format("   spread {}", bold(s, std::to_string(posts.spread())));
    out += line + "\n";
  }
  return out;
}

// The exact odds and the value of every choice open to the player to act (the `?` key).
std::string show_pot_hint(const Style& s, const pot::PotGame& game) {
  auto advice = strategy::advise(game);
  if (!advice) return "Nobody is to act.\n";
  std::string out = dim(s, fmt::format("  hint, from the {} cards left in the shoe:", game.shoe().remaining())) + "\n";
  if (advice->odds) {
    const auto& o = *advice->odds;
    out += fmt::format("  third card: between {}/{} ({:.1f}%), outside {} ({:.1f}%), on a post {} ({:.1f}%){}\n", o.between,
                       o.total, 100 * o.p(o.between), o.outside, 100 * o.p(o.outside), o.hit_post, 100 * o.p(o.hit_post),
                       o.triple_ace ? fmt::format(", ace-ace-ace {}", o.triple_ace) : "");
  }
  // Heads-up with an exact table (win_solver.h): each choice's chance to win the game too.
  std::vector<strategy::PotWinChoice> to_win;
  if (game.players().size() == 2)
    if (auto table = strategy::PotWinSolver::ready(game.rules())) to_win = table->rate(game);
  auto chance_of = [&](const pot::Action& a) -> std::string {
    for (const auto& r : to_win)
      if (r.action == a) return fmt::format("  win {:5.1f}%", 100 * r.chance);
    return "";
  };
  for (const auto& c : advice->choices) {
    bool best = c.action.index() == advice->best.index() && describe_action(c.action) == describe_action(advice->best);
    std::string line = fmt::format("  {:<12} {:>+9.3f} chips{}  {}", describe_action(c.action), c.ev, chance_of(c.action), c.why);
    out += (best ? good(s, line + "  <- best") : line) + "\n";
  }
  if (advice->kelly) out += dim(s, fmt::format("  for steady growth of your stack (Kelly): {}", describe_action(*advice->kelly))) + "\n";
  if (!to_win.empty()) {
    const auto& w = to_win.front();
    bool differs = w.action != advice->best;
    out += (differs ? good(s, fmt::format("  to win the game: {} ({:.1f}% to win), not the best for chips", describe_action(w.action),
                                          100 * w.chance))
                    : dim(s, fmt::format("  to win the game: the same ({:.1f}% to win)", 100 * w.chance))) +
           "\n";
  }
  return out;
}

// Final standings, best first.
std::string show_pot_standings(const Style& s, const pot::PotGame& game) {
  std::vector<int> order(game.players().size());
  std::iota(order.begin(), order.end(), 0);
  auto net = [&](int i) { return game.players()[static_cast<std::size_t>(i)].chips - game.players()[static_cast<std::size_t>(i)].bought; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return net(a) > net(b); });
  auto winners = game.winners();
  std::string out = bold(s, "Standings") + "\n";
  out += fmt::format("  {:<12} {:>8} {:>8} {:>8}\n", "player", "chips", "bought", "net");
  for (int i : order) {
    const auto& seat = game.players()[static_cast<std::size_t>(i)];
    bool won = std::find(winners.begin(), winners.end(), i) != winners.end();
    std::string line = fmt::format("  {:<12} {:>8} {:>8} {:>+8}{}", seat.name, seat.chips, seat.bought, net(i), won ? "  winner" : "");
    out += (won ? good(s, line) : line) + "\n";
  }
  if (game.pot() > 0) out += dim(s, fmt::format("  ({} left in the pot)", chips_text(game.pot()))) + "\n";
  return out;
}
}  // namespace

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
  using K = pot::EventKind;
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
  using K = pot::EventKind;
  count(e);
  std::string line = narrate_pot(style_, *game_, e);
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

std::string Terminal<games::pot::PotFamily>::table() const { return show_pot_table(style_, *game_); }

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

std::string Terminal<games::pot::PotFamily>::hint(games::Seat) const { return show_pot_hint(style_, *game_); }

std::string Terminal<games::pot::PotFamily>::history() const {
  std::vector<std::string> stacks;
  for (const auto& p : game_->players()) stacks.push_back(fmt::format("{} {:+}", p.name, p.chips - p.bought));
  std::string deals = game_->deals_total() > 0 ? fmt::format("{} of {}", game_->deals_done(), game_->deals_total())
                                               : std::to_string(game_->deals_done());
  return dim(style_, fmt::format("So far: deals {} played; {}; pot {}", deals, fmt::join(stacks, ", "), game_->pot()));
}

std::string Terminal<games::pot::PotFamily>::ending() const {
  std::string standings = show_pot_standings(style_, *game_);
  if (!standings.empty() && standings.back() == '\n') standings.pop_back();
  return "\n" + standings;
}

}  // namespace inbetween::cli
