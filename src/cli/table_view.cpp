#include "cli/table_view.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include <fmt/color.h>
#include <fmt/format.h>

#include "families/pot/codec.h"
#include "families/pot/advisor.h"

namespace inbetween::cli {
namespace {
std::string styled(const Style& style, const std::string& text, fmt::text_style ts) {
  return style.color ? fmt::format(ts, "{}", text) : text;
}
std::string name(const pot::PotGame& game, int seat) { return game.players()[static_cast<std::size_t>(seat)].name; }
std::string chips(rules::Chips n) { return plural(n, "chip"); }
}  // namespace

std::string verb(const std::string& name, const std::string& v) {
  if (name != "You") return v;
  if (v == "is") return "are";
  if (v == "has") return "have";
  auto ends = [&](const char* tail) { return v.size() > std::strlen(tail) && v.ends_with(tail); };
  if (ends("sses") || ends("ches") || ends("shes") || ends("xes")) return v.substr(0, v.size() - 2);
  return ends("s") ? v.substr(0, v.size() - 1) : v;
}

std::string plural(long long n, const std::string& word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string bold(const Style& s, const std::string& t) { return styled(s, t, fmt::emphasis::bold); }
std::string dim(const Style& s, const std::string& t) { return styled(s, t, fmt::emphasis::faint); }
std::string good(const Style& s, const std::string& t) { return styled(s, t, fmt::fg(fmt::terminal_color::green) | fmt::emphasis::bold); }
std::string bad(const Style& s, const std::string& t) { return styled(s, t, fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold); }

std::string show_card(const Style& style, cards::Card card) {
  static constexpr const char* kSuits[] = {"♠", "♥", "♦", "♣"};
  std::string rank = card.rank() == 10 ? "10" : std::string(1, cards::rank_symbol(card.rank()));
  std::string text = rank + kSuits[static_cast<int>(card.suit())];
  bool red = card.suit() == cards::Suit::Hearts || card.suit() == cards::Suit::Diamonds;
  // Black suits keep the terminal's own foreground: bright white vanished on light backgrounds.
  return red ? styled(style, text, fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold) : bold(style, text);
}

std::string narrate(const Style& s, const pot::PotGame& game, const pot::Event& e) {
  using K = pot::EventKind;
  std::string who = e.player >= 0 ? bold(s, name(game, e.player)) : "";
  switch (e.kind) {
    case K::Shuffled: return e.amount == 0 ? dim(s, "The deck is shuffled.") : dim(s, "The discards are shuffled into a fresh deck.");
    case K::DrawForDeal: return fmt::format("{} {} {} for the deal.", who, verb(name(game, e.player), "draws"), show_card(s, e.card));
    case K::DealerChosen: return fmt::format("{} {} first.", who, verb(name(game, e.player), "deals"));
    case K::Ante: return dim(s, fmt::format("{} {} {}.", name(game, e.player), verb(name(game, e.player), "antes"), e.amount));
    case K::BankerStake: return fmt::format("{} {} {} as the bank.", who, verb(name(game, e.player), "stakes"), e.amount);
    case K::Rebuy: return fmt::format("{} {} {} more.", who, verb(name(game, e.player), "buys"), chips(e.amount));
    case K::PostDealt:
      return e.player >= 0 ? fmt::format("Post for {}: {}", who, show_card(s, e.card))
                           : fmt::format("Post: {}", show_card(s, e.card));
    case K::AceCalled: return fmt::format("{} {} the ace {}.", who, verb(name(game, e.player), "calls"), protocol::ace_name(e.ace));
    case K::PostsReplaced: return fmt::format("Identical posts: {} {} two new posts.", who, verb(name(game, e.player), "gets"));
    case K::PairPaid: return good(s, fmt::format("A pair of posts: {} {} {} from the pot.", name(game, e.player), verb(name(game, e.player), "takes"), chips(e.amount)));
    case K::ConsecutiveLoss: return bad(s, fmt::format("Consecutive posts: {} {} {} to the pot.", name(game, e.player), verb(name(game, e.player), "loses"), chips(e.amount)));
    case K::Push: return e.player >= 0 ? fmt::format("{}: push, {} back.", who, chips(e.amount)) : "Push.";
    case K::Bet: return fmt::format("{} {} {}.", who, verb(name(game, e.player), "bets"), e.amount);
    case K::Pass: return fmt::format("{} {}.", who, verb(name(game, e.player), "passes"));
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
    case K::Win: return good(s, fmt::format("{} {} {}.", name(game, e.player), verb(name(game, e.player), "wins"), chips(e.amount)));
    case K::Loss: return bad(s, fmt::format("{} {} {}.", name(game, e.player), verb(name(game, e.player), "loses"), chips(e.amount)));
    case K::DealerTakesPot: return fmt::format("{} {} the {} left in the pot.", who, verb(name(game, e.player), "takes"), chips(e.amount));
    case K::DealerChanged: return dim(s, fmt::format("The deal passes to {}.", name(game, e.player)));
    case K::GameOver: return bold(s, "Game over.");
  }
  return "";
}

std::string show_table(const Style& s, const pot::PotGame& game) {
  std::string out;
  std::string what = "deal";
  std::string deals = game.deals_total() > 0 ? fmt::format("{} {} of {}", what, game.deals_done() + 1, game.deals_total())
                                             : fmt::format("{} {}", what, game.deals_done() + 1);
  std::string dealer = fmt::format(" · dealer {}", name(game, game.dealer()));
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


std::string show_hint(const Style& s, const pot::PotGame& game) {
  auto advice = strategy::advise(game);
  if (!advice) return "Nobody is to act.\n";
  std::string out = dim(s, fmt::format("  hint, from the {} cards left in the shoe:", game.shoe().remaining())) + "\n";
  if (advice->odds) {
    const auto& o = *advice->odds;
    out += fmt::format("  third card: between {}/{} ({:.1f}%), outside {} ({:.1f}%), on a post {} ({:.1f}%){}\n", o.between,
                       o.total, 100 * o.p(o.between), o.outside, 100 * o.p(o.outside), o.hit_post, 100 * o.p(o.hit_post),
                       o.triple_ace ? fmt::format(", ace-ace-ace {}", o.triple_ace) : "");
  }
  for (const auto& c : advice->choices) {
    bool best = c.action.index() == advice->best.index() && describe_action(c.action) == describe_action(advice->best);
    std::string line = fmt::format("  {:<12} {:>+9.3f} chips  {}", describe_action(c.action), c.ev, c.why);
    out += (best ? good(s, line + "  <- best") : line) + "\n";
  }
  if (advice->kelly) out += dim(s, fmt::format("  for steady growth of your stack (Kelly): {}", describe_action(*advice->kelly))) + "\n";
  return out;
}

std::string show_standings(const Style& s, const pot::PotGame& game) {
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
  if (game.pot() > 0) out += dim(s, fmt::format("  ({} left in the pot)", chips(game.pot()))) + "\n";
  return out;
}

}  // namespace inbetween::cli
