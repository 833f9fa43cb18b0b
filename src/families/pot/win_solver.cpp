// The heads-up pot game's chance to win: the model and its value iteration (win_solver.h,
// docs/solver.md "Playing to win"). The disk cache and the live game's choices are in
// win_cache.cpp and win_rating.cpp.
#include "families/pot/win_solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "families/pot/betting.h"
#include "families/pot/odds.h"
#include "rules/rule_files.h"

namespace inbetween::strategy {

// A node of a fresh turn's posts: complete posts, a pair dealt again, or an ace to call (each
// option a list of branches of its own).
struct PotWinSolver::Branch {
  enum class Kind { Posts, Redeal, Call } kind = Kind::Posts;
  double p = 0;
  pot::Posts posts;
  ThirdCardOdds odds;
  std::vector<std::vector<Branch>> options;
};

namespace win_model {

using rules::Chips;
using Branch = PotWinSolver::Branch;

// The sweeps of the cyclic part stop when no value moves by more than this.
constexpr double kTolerance = 1e-13;
constexpr int kMaxSweeps = 20000;

// The branches of complete posts `first`, `second` (with the first's call made): a pair dealt
// again, a second ace to call, or the posts with the third card's chances.
void add_complete(const rules::PotRules& r, pot::Posts posts, const RankCounts& after, double p, std::vector<Branch>& out) {
  auto leaf = [&](const pot::Posts& complete) {
    Branch b;
    b.p = p;
    b.posts = complete;
    if (pot::posts_pair(r, complete) && r.pair_posts == rules::PairPosts::Redeal) {
      b.kind = Branch::Kind::Redeal;
    } else {
      b.odds = third_card_odds(complete, after);
    }
    return b;
  };
  if (posts.cards[1].is_ace() && r.second_ace == rules::SecondAce::Call) {
    Branch call;
    call.kind = Branch::Kind::Call;
    call.p = p;
    for (auto ace : {pot::AceValue::High, pot::AceValue::Low}) {
      posts.ace[1] = ace;
      Branch one = leaf(posts);
      one.p = 1;
      call.options.push_back({one});
    }
    out.push_back(std::move(call));
    return;
  }
  out.push_back(leaf(posts));
}

// Every second post after `first` (called `call`), from `rest` (the shoe less the first post).
void add_seconds(const rules::PotRules& r, cards::Card first, pot::AceValue call, const RankCounts& rest, double p,
                 std::vector<Branch>& out) {
  for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
    int n = rest.count[static_cast<std::size_t>(rank)];
    if (n == 0) continue;
    cards::Card second = cards::Card::of(rank, cards::Suit::Spades);
    RankCounts after = rest;
    after.take(second);
    pot::Posts posts;
    posts.cards = {first, second};
    posts.ace = {call, pot::AceValue::High};
    posts.count = 2;
    add_complete(r, posts, after, p * n / rest.total, out);
  }
}

// Branches the turn cannot tell apart made one: complete posts whose third card falls the same
// ways and that the rules settle alike (pair, consecutive, two aces for the bet limit), and every
// pair dealt again. Over a 52-card deck, 169 pairs of posts become about 30 branches.
void merge(std::vector<Branch>& list, const rules::PotRules& r) {
  std::vector<Branch> out;
  auto same = [&](const Branch& a, const Branch& b) {
    if (a.kind != b.kind || a.kind == Branch::Kind::Call) return false;
    if (a.kind == Branch::Kind::Redeal) return true;
    return a.odds.between == b.odds.between && a.odds.outside == b.odds.outside && a.odds.hit_post == b.odds.hit_post &&
           a.odds.triple_ace == b.odds.triple_ace && a.odds.total == b.odds.total &&
           pot::posts_pair(r, a.posts) == pot::posts_pair(r, b.posts) && a.posts.consecutive() == b.posts.consecutive() &&
           a.posts.both_aces() == b.posts.both_aces();
  };
  for (auto& b : list) {
    if (b.kind == Branch::Kind::Call)
      for (auto& option : b.options) merge(option, r);
    auto it = std::find_if(out.begin(), out.end(), [&](const Branch& o) { return same(o, b); });
    if (it != out.end()) it->p += b.p;
    else out.push_back(std::move(b));
  }
  list = std::move(out);
}

std::vector<Branch> fresh_turn(const rules::PotRules& r, const RankCounts& fresh) {
  std::vector<Branch> out;
  for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
    int n = fresh.count[static_cast<std::size_t>(rank)];
    if (n == 0) continue;
    double p = static_cast<double>(n) / fresh.total;
    cards::Card first = cards::Card::of(rank, cards::Suit::Spades);
    RankCounts rest = fresh;
    rest.take(first);
    if (first.is_ace() && r.first_ace == rules::FirstAce::Call) {
      Branch call;
      call.kind = Branch::Kind::Call;
      call.p = p;
      for (auto ace : {pot::AceValue::High, pot::AceValue::Low}) {
        std::vector<Branch> option;
        add_seconds(r, first, ace, rest, 1.0, option);
        call.options.push_back(std::move(option));
      }
      out.push_back(std::move(call));
    } else {
      add_seconds(r, first, pot::AceValue::High, rest, p, out);
    }
  }
  merge(out, r);
  return out;
}

}  // namespace win_model

std::optional<std::string> PotWinSolver::unsupported(const rules::PotRules& r) {
  // The work grows as the cube of the chips (states x bets): 20 chips take a fraction of a second,
  // 200 (banker) 15 s where one pass backwards solves the table (the deals end, no first-deck
  // cap); the sweeps that repeat the deals, or a state per card of the first deck, multiply it.
  const bool one_pass = rules::total_deals(r, 2) > 0 && r.first_deck_bet_cap == 0;
  const rules::Chips most = one_pass ? 200 : 60;
  if (r.start_chips < 1 || r.start_chips > most)
    return fmt::format("'{}' starts with {} chips: the exact heads-up table is made for stacks of 1 to {} chips{}", r.name,
                       r.start_chips, most, one_pass ? "" : " where the deals never end or bets are capped while the first deck lasts");
  if (r.deals_per_dealer < 1) return fmt::format("'{}' has deals_per_dealer = {}", r.name, r.deals_per_dealer);
  // Deep stacks and many deals (knobs a table may set) make a table of gigabytes: refused.
  if (table_bytes(r) > memory_limit())
    return fmt::format("'{}' would need a heads-up table of {:.0f} MB ({} chips a seat, {} deals); its limit is {:.0f} MB", r.name,
                       static_cast<double>(table_bytes(r)) / (1 << 20), r.start_chips, rules::total_deals(r, 2),
                       static_cast<double>(memory_limit()) / (1 << 20));
  return std::nullopt;
}

namespace win_model {
std::atomic<std::size_t> memory_limit{std::size_t{1024} << 20};
}  // namespace win_model

std::size_t PotWinSolver::memory_limit() { return win_model::memory_limit.load(); }
void PotWinSolver::set_memory_limit(std::size_t bytes) { win_model::memory_limit.store(bytes); }

std::size_t PotWinSolver::table_bytes(const rules::PotRules& r) {
  // As shape() sizes the table: a state per turn (of the game, or of the dealers' cycle), card
  // of the first deck (where a cap lasts with it), pot and chips of the first dealer.
  const int deals = rules::total_deals(r, 2);
  const double clocks = deals > 0 ? 2.0 * deals : 4.0 * std::max(r.deals_per_dealer, 1);
  const double decks = r.first_deck_bet_cap > 0 ? fresh_counts(r).total + 1.0 : 1.0;
  const double side = 2.0 * static_cast<double>(std::max<rules::Chips>(r.start_chips, 0)) + 1.0;
  const double bytes = clocks * decks * side * side * sizeof(double);
  return bytes >= 1e18 ? static_cast<std::size_t>(1e18) : static_cast<std::size_t>(bytes);
}

PotWinSolver::PotWinSolver(const rules::PotRules& r) : PotWinSolver(r, true) {}
PotWinSolver::~PotWinSolver() = default;

PotWinSolver::PotWinSolver(const rules::PotRules& r, bool solve_now) : rules_(r) {
  if (auto why = unsupported(r)) throw rules::RuleError(*why);
  shape();
  if (solve_now) solve();
}

void PotWinSolver::shape() {
  const auto& r = rules_;
  total_ = 2 * r.start_chips;
  // As the game: where rebuys are allowed nobody is out for want of chips.
  stay_in_ = r.rebuys ? 0 : pot::PotGame::stay_in_chips(r);
  deals_ = rules::total_deals(r, 2);
  cyclic_ = deals_ <= 0;
  // Heads-up a deal is two turns; where deals never end, the dealer comes back after two
  // dealers' deals, and the turns repeat.
  clocks_ = cyclic_ ? 4 * r.deals_per_dealer : 2 * deals_;
  fresh_ = fresh_counts(r);
  deck_size_ = fresh_.total;
  decks_ = r.first_deck_bet_cap > 0 ? deck_size_ + 1 : 1;
  turn_ = win_model::fresh_turn(r, fresh_);
  key_ = cache_key(r);
  auto n = static_cast<std::size_t>(total_ + 1);
  table_.assign(static_cast<std::size_t>(clocks_) * static_cast<std::size_t>(decks_) * n * n, 0.5);
}

int PotWinSolver::actor(int clock) const {
  int deal = clock / 2;
  int dealer = (deal / rules_.deals_per_dealer) % 2;
  return clock % 2 == 0 ? 1 - dealer : dealer;
}

double PotWinSolver::terminal(Chips chips0, Chips chips1) const {
  return chips0 > chips1 ? 1.0 : chips0 == chips1 ? 0.5 : 0.0;
}

namespace win_model {
// The antes (and a banker's stake) of a new pot, as PotGame::form_pot takes them.
void form_pot(const rules::PotRules& r, Chips stay_in, int dealer, Chips& pot, std::array<Chips, 2>& chips) {
  for (int k = 1; k <= 2; ++k) {
    int seat = (dealer + k) % 2;
    Chips a = std::min(r.ante, chips[static_cast<std::size_t>(seat)]);
    if (a <= 0 || chips[static_cast<std::size_t>(seat)] < stay_in) continue;
    chips[static_cast<std::size_t>(seat)] -= a;
    pot += a;
  }
  Chips stake = std::min(r.banker_stake, chips[static_cast<std::size_t>(dealer)]);
  if (stake > 0) {
    chips[static_cast<std::size_t>(dealer)] -= stake;
    pot += stake;
  }
}
}  // namespace win_model

double PotWinSolver::before_turn(const PotWinState& s) const {
  int clock = s.clock;
  std::array<Chips, 2> chips{s.chips0, total_ - s.pot - s.chips0};
  Chips pot = s.pot;
  if (!cyclic_ && clock >= clocks_) return terminal(chips[0], chips[1]);
  clock = cyclic_ ? clock % clocks_ : clock;
  if (pot == 0 && rules_.when_pot_empty == rules::EmptyPot::Reante) {
    int dealer = ((clock / 2) / rules_.deals_per_dealer) % 2;
    win_model::form_pot(rules_, stay_in_, dealer, pot, chips);
    if (chips[0] < stay_in_ || chips[1] < stay_in_) return terminal(chips[0], chips[1]);
  }
  int deck = s.first_deck;
  if (deck > 0 && deck < rules_.reshuffle_below) deck = 0;
  return table_[index(clock, deck, pot, chips[0])];
}

double PotWinSolver::after_turn(int clock, int deck, Chips pot, Chips chips0) const {
  std::array<Chips, 2> chips{chips0, total_ - pot - chips0};
  if (pot == 0 && rules_.when_pot_empty == rules::EmptyPot::End) return terminal(chips[0], chips[1]);
  if (chips[0] < stay_in_ || chips[1] < stay_in_) return terminal(chips[0], chips[1]);
  if (clock % 2 == 1) {  // the dealer has played: the deal ends
    int deal = clock / 2;
    int dealer = (deal / rules_.deals_per_dealer) % 2;
    bool last = !cyclic_ && deal + 1 >= deals_;
    if ((deal % rules_.deals_per_dealer) + 1 == rules_.deals_per_dealer || last) {
      if (rules_.dealer_takes_pot && pot > 0) {
        chips[static_cast<std::size_t>(dealer)] += pot;
        pot = 0;
      }
      if (last) return terminal(chips[0], chips[1]);
      if (pot == 0) win_model::form_pot(rules_, stay_in_, 1 - dealer, pot, chips);
    }
    if (chips[0] < stay_in_ || chips[1] < stay_in_) return terminal(chips[0], chips[1]);
    if (rules_.reshuffle_each_deal) deck = 0;
  }
  return before_turn({clock + 1, deck, pot, chips[0]});
}

double PotWinSolver::settle_posts(int clock, int deck, bool first_deck, Chips pot, Chips chips0, const pot::Posts& posts,
                                  const ThirdCardOdds& odds, const Each* each) const {
  const auto& r = rules_;
  int who = actor(clock);
  Chips stack = who == 0 ? chips0 : total_ - pot - chips0;
  int after_posts = deck >= 2 ? deck - 2 : 0, after_third = deck >= 3 ? deck - 3 : 0;
  // The actor's chance after the turn moves `won` chips from the pot to the actor.
  auto move = [&](Chips won, int deck_after) {
    double v = after_turn(clock, deck_after, pot - won, who == 0 ? chips0 + won : chips0);
    return who == 0 ? v : 1.0 - v;
  };
  if (pot::posts_pair(r, posts)) {
    if (r.pair_posts == rules::PairPosts::Pay) return move(std::min(r.pair_pays, pot), after_posts);
  } else if (posts.consecutive()) {
    if (r.consecutive_posts == rules::ConsecutivePosts::LoseMin) return move(-std::min(r.min_bet, stack), after_posts);
    if (r.consecutive_posts == rules::ConsecutivePosts::Push) return move(0, after_posts);
  }
  Chips limit = pot::bet_limit(r, posts, pot, stack, first_deck, nullptr);
  bool can_bet = limit >= r.min_bet;
  double best = -1;
  if (r.allow_pass || !can_bet) {
    best = move(0, after_posts);
    if (each) (*each)(pot::Action{pot::Pass{}}, best);
  }
  if (!can_bet || odds.total == 0) return best;
  double total = odds.total;
  for (Chips b = r.min_bet; b <= limit; ++b) {
    double v = odds.between * move(b, after_third);
    if (odds.outside) v += odds.outside * move(-pot::loss_for(r, pot::Outcome::Outside, b, stack), after_third);
    if (odds.hit_post) v += odds.hit_post * move(-pot::loss_for(r, pot::Outcome::HitPost, b, stack), after_third);
    if (odds.triple_ace) v += odds.triple_ace * move(-pot::loss_for(r, pot::Outcome::TripleAce, b, stack), after_third);
    v /= total;
    if (each) (*each)(pot::Action{pot::Bet{b}}, v);
    best = std::max(best, v);
  }
  return best;
}

double PotWinSolver::turn_value(int clock, int deck, Chips pot, Chips chips0) const {
  int who = actor(clock);
  bool first_deck = decks_ > 1 && deck >= 2;
  int again = deck >= 2 ? deck - 2 : 0;  // a pair dealt again starts the turn with these cards left
  bool self = again == deck;
  auto as_actor = [&](double v0) { return who == 0 ? v0 : 1.0 - v0; };
  double again_value = as_actor(table_[index(clock, again, pot, chips0)]);
  // The actor's chance over a list of branches; redeals at the top are counted in `redeal`.
  double redeal = 0;
  auto over = [&](const std::vector<Branch>& list, bool top, auto&& self_ref) -> double {
    double sum = 0;
    for (const auto& b : list) {
      switch (b.kind) {
        case Branch::Kind::Posts:
          sum += b.p * settle_posts(clock, deck, first_deck, pot, chips0, b.posts, b.odds, nullptr);
          break;
        case Branch::Kind::Redeal:
          if (top && self) redeal += b.p;
          else sum += b.p * again_value;
          break;
        case Branch::Kind::Call: {
          double best = -1;
          for (const auto& option : b.options) best = std::max(best, self_ref(option, false, self_ref));
          sum += b.p * best;
          break;
        }
      }
    }
    return sum;
  };
  double u = over(turn_, true, over);
  if (self && redeal > 0) u /= 1.0 - redeal;  // V = a + p V: the turn dealt again from the same state
  return std::clamp(as_actor(u), 0.0, 1.0);   // a chance, whatever the rounding of the sums
}

void PotWinSolver::solve() {
  auto start = std::chrono::steady_clock::now();
  auto each_state = [&](int clock, int deck, auto&& fn) {
    for (Chips pot = 0; pot <= total_; ++pot)
      for (Chips c0 = 0; c0 + pot <= total_; ++c0) fn(clock, deck, pot, c0);
  };
  auto sweep_block = [&](int deck) {
    double moved = 0;
    for (int clock = clocks_ - 1; clock >= 0; --clock)
      each_state(clock, deck, [&](int k, int d, Chips pot, Chips c0) {
        double v = turn_value(k, d, pot, c0);
        auto& cell = table_[index(k, d, pot, c0)];
        moved = std::max(moved, std::abs(v - cell));
        cell = v;
      });
    return moved;
  };
  // Where the deals end, every turn leads to a later one: one pass backwards. The first-deck
  // count only falls, so its states are solved from the deck's end up.
  if (!cyclic_) {
    for (int clock = clocks_ - 1; clock >= 0; --clock)
      for (int deck = 0; deck < decks_; ++deck)
        each_state(clock, deck, [&](int k, int d, Chips pot, Chips c0) { table_[index(k, d, pot, c0)] = turn_value(k, d, pot, c0); });
    sweeps_ = 1;
  } else {
    // Past the first deck the turns come round again: sweeps until nothing moves, starting from
    // the game stopped here (most chips wins), so the table is the limit of the game stopped after
    // more and more deals; play that would never end is judged by the chips as they stand.
    for (int clock = 0; clock < clocks_; ++clock)
      each_state(clock, 0, [&](int k, int d, Chips pot, Chips c0) { table_[index(k, d, pot, c0)] = terminal(c0, total_ - pot - c0); });
    residual_ = 1;
    while (residual_ > win_model::kTolerance && sweeps_ < win_model::kMaxSweeps) {
      residual_ = sweep_block(0);
      ++sweeps_;
    }
    for (int deck = 1; deck < decks_; ++deck) sweep_block(deck);
  }
  seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double PotWinSolver::start_chance() const {
  Chips pot = 0;
  std::array<Chips, 2> chips{rules_.start_chips, rules_.start_chips};
  win_model::form_pot(rules_, stay_in_, 0, pot, chips);
  if (chips[0] < stay_in_ || chips[1] < stay_in_) return 1.0 - terminal(chips[0], chips[1]);
  // Drawing for the deal (high card) takes a card from each seat off the first deck.
  int deck = decks_ > 1 ? deck_size_ - (rules_.first_dealer == rules::FirstDealer::HighCard ? 2 : 0) : 0;
  return 1.0 - before_turn({0, deck, pot, chips[0]});
}

Chips PotWinSolver::best_bet(const PotWinState& s, int low_rank, int high_rank) const {
  pot::Posts posts;
  posts.cards = {cards::Card::of(low_rank, cards::Suit::Spades), cards::Card::of(high_rank, cards::Suit::Hearts)};
  posts.count = 2;
  RankCounts after = fresh_;
  after.take(posts.cards[0]);
  after.take(posts.cards[1]);
  Chips best = 0;
  double top = -1;
  Each keep_best = [&](const pot::Action& a, double v) {
    if (v > top + 1e-12) {
      top = v;
      const auto* bet = std::get_if<pot::Bet>(&a);
      best = bet ? bet->amount : 0;
    }
  };
  settle_posts(s.clock, s.first_deck, decks_ > 1 && s.first_deck >= 2, s.pot, s.chips0, posts, third_card_odds(posts, after),
               &keep_best);
  return best;
}

}  // namespace inbetween::strategy
