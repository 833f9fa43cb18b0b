// Exact odds and advice for the pot games (docs/odds.md), checked against brute force: every
// card that can come is dealt through the ENGINE (stacked decks, named dealer) and the chips it
// actually moves are averaged; and `inbetween odds` refuses bad input. Red Dog's house edge is
// in red_dog_edge_test.cpp; hints and the optimal bot in hints_test.cpp.
#include <gtest/gtest.h>

#include "support/odds_table.h"

namespace {

using namespace inbetween::testing_support::odds;

// ---- third_card_odds against counting card by card -------------------------------------------

// RULES.md, independently of Posts::judge: a third card of a post's rank hits it (all three aces:
// A-A-A); otherwise, counted high, it is between when strictly between the posts' values.
pot::Outcome by_the_rules(const pot::Posts& p, Card third) {
  if (third.rank() == p.cards[0].rank() || third.rank() == p.cards[1].rank())
    return p.cards[0].is_ace() && p.cards[1].is_ace() && third.is_ace() ? pot::Outcome::TripleAce : pot::Outcome::HitPost;
  auto value = [](Card c, pot::AceValue a) { return c.is_ace() ? (a == pot::AceValue::Low ? 1 : 14) : c.rank(); };
  int v0 = value(p.cards[0], p.ace[0]), v1 = value(p.cards[1], p.ace[1]);
  int t = value(third, pot::AceValue::High);
  return t > std::min(v0, v1) && t < std::max(v0, v1) ? pot::Outcome::Between : pot::Outcome::Outside;
}

TEST(ThirdCardOdds, EqualCountingEveryCardLeft) {
  auto rng = cards::make_rng(2024, cards::RngStream::Bots);
  std::vector<Card> two_decks;
  for (int d = 0; d < 2; ++d)
    for (int c = 0; c < cards::kStandardDeckSize; ++c) two_decks.push_back(Card{static_cast<cards::CardCode>(c)});
  int positions = 0;
  for (int shoe_round = 0; shoe_round < 12; ++shoe_round) {
    // A stacked-shoe state: a random part of two decks already dealt.
    std::vector<Card> left = two_decks;
    std::size_t dealt = cards::uniform_below(rng, 90);
    for (std::size_t i = 0; i < dealt; ++i) left.erase(left.begin() + static_cast<std::ptrdiff_t>(cards::uniform_below(rng, left.size())));
    for (int r0 = cards::kLowestRank; r0 <= cards::kAceRank; ++r0) {
      for (int r1 = cards::kLowestRank; r1 <= cards::kAceRank; ++r1) {
        for (auto a0 : {pot::AceValue::High, pot::AceValue::Low}) {
          for (auto a1 : {pot::AceValue::High, pot::AceValue::Low}) {
            if ((a0 == pot::AceValue::Low && r0 != cards::kAceRank) || (a1 == pot::AceValue::Low && r1 != cards::kAceRank)) continue;
            pot::Posts posts;
            posts.cards = {Card::of(r0, cards::Suit::Hearts), Card::of(r1, cards::Suit::Clubs)};
            posts.ace = {a0, a1};
            posts.count = 2;
            std::vector<cards::CardCode> codes;
            for (Card c : left) codes.push_back(c.code);
            auto odds = strategy::third_card_odds(posts, strategy::counts_of(codes));
            int between = 0, outside = 0, hit = 0, triple = 0;
            for (Card c : left) {
              auto judged = posts.judge(c);
              ASSERT_EQ(judged, by_the_rules(posts, c)) << describe(posts) << " third " << cards::to_string(c);
              between += judged == pot::Outcome::Between;
              outside += judged == pot::Outcome::Outside;
              hit += judged == pot::Outcome::HitPost;
              triple += judged == pot::Outcome::TripleAce;
            }
            SCOPED_TRACE(describe(posts));
            EXPECT_EQ(odds.between, between);
            EXPECT_EQ(odds.outside, outside);
            EXPECT_EQ(odds.hit_post, hit);
            EXPECT_EQ(odds.triple_ace, triple);
            EXPECT_EQ(odds.total, static_cast<int>(left.size()));
            ++positions;
          }
        }
      }
    }
  }
  EXPECT_GT(positions, 12 * 169);
}

TEST(ThirdCardOdds, AcePostsOnASmallShoe) {
  // 2 3 4 A of four suits: the posts and what is left, counted by hand.
  auto r = load("between-the-sheets", {{"deck", deck_file("ace4", {"2", "3", "4", "A"})}});
  auto unseen = strategy::fresh_counts(*r);
  ASSERT_EQ(unseen.total, 16);
  pot::Posts posts;
  posts.cards = {card("AS"), card("4H")};
  posts.count = 2;
  ASSERT_TRUE(unseen.take(posts.cards[0]) && unseen.take(posts.cards[1]));
  posts.ace = {pot::AceValue::Low, pot::AceValue::High};  // 1..4: the 2s and 3s are between
  auto o = strategy::third_card_odds(posts, unseen);
  EXPECT_EQ(o.between, 8);
  EXPECT_EQ(o.hit_post, 6);  // three aces, three 4s
  EXPECT_EQ(o.outside, 0);
  posts.ace[0] = pot::AceValue::High;  // 4..14: nothing of this shoe is between
  o = strategy::third_card_odds(posts, unseen);
  EXPECT_EQ(o.between, 0);
  EXPECT_EQ(o.outside, 8);
  posts.cards = {card("AS"), card("AH")};
  unseen = strategy::fresh_counts(*r);
  ASSERT_TRUE(unseen.take(posts.cards[0]) && unseen.take(posts.cards[1]));
  posts.ace = {pot::AceValue::Low, pot::AceValue::High};  // 1..14: every 2, 3, 4 is between
  o = strategy::third_card_odds(posts, unseen);
  EXPECT_EQ(o.between, 12);
  EXPECT_EQ(o.triple_ace, 2);
  EXPECT_EQ(o.hit_post, 0);
  EXPECT_EQ(o.total, 14);
}

// ---- bet EVs, the best bet and the Kelly bet against the engine --------------------------------

// One pair of posts: the engine's result for every legal bet and every third card left.
struct BetCase {
  RulesPtr rules;
  Card first, second;
  std::vector<pot::AceValue> calls;  // for the ace posts the engine asks about, in order
};

struct BruteBets {
  bool bet_phase = false;
  pot::Legal legal;
  Chips pot = 0, stack = 0;
  std::vector<double> ev;      // index: bet - legal.bet_min
  std::vector<double> growth;  // expected log(stack after / stack before)
  int between = 0, outside = 0, hit = 0, triple = 0;
  std::optional<pot::PotGame> position;  // the game waiting for the bet (the last third card's)
  Chips automatic = 0;                    // a turn with no bet: what the engine moved
};

BruteBets brute_bets(const BetCase& c) {
  BruteBets b;
  // Identical posts that are replaced: no bet on these posts (the next ones are another case).
  bool aces_can_differ = c.rules->first_ace == rules::FirstAce::Call || c.rules->second_ace == rules::SecondAce::Call;
  if (c.rules->pair_posts == rules::PairPosts::Redeal && c.first.rank() == c.second.rank() &&
      !(aces_can_differ && c.first.is_ace()))
    return b;
  auto thirds = without(shoe_cards(*c.rules), {c.first, c.second});
  std::vector<std::vector<Chips>> deltas;  // [bet][third]
  for (Card third : thirds) {
    auto game = start(c.rules, {c.first, c.second, third});
    make_calls(game, c.calls);
    if (game.phase() != pot::Phase::Bet || game.to_act() != 1) {
      // Pair paid, consecutive lost, pushed: the turn was automatic and ended; seat 1 is done.
      b.automatic = game.players()[1].chips - (c.rules->start_chips - c.rules->ante);
      return b;
    }
    EXPECT_TRUE(game.posts().cards[0] == c.first && game.posts().cards[1] == c.second) << "not the stacked posts";
    b.bet_phase = true;
    b.legal = game.legal(1);
    b.pot = game.pot();
    b.stack = game.players()[1].chips;
    if (deltas.empty() && b.legal.bet) deltas.resize(static_cast<std::size_t>(b.legal.bet_max - b.legal.bet_min + 1));
    for (Chips amount = b.legal.bet_min; b.legal.bet && amount <= b.legal.bet_max; ++amount) {
      auto result = play_bet(game, pot::Bet{amount});
      deltas[static_cast<std::size_t>(amount - b.legal.bet_min)].push_back(result.delta);
      if (amount == b.legal.bet_min) {
        b.between += result.outcome == pot::Outcome::Between;
        b.outside += result.outcome == pot::Outcome::Outside;
        b.hit += result.outcome == pot::Outcome::HitPost;
        b.triple += result.outcome == pot::Outcome::TripleAce;
      }
    }
    b.position.emplace(game);
  }
  for (const auto& per_third : deltas) {
    double sum = 0, log_sum = 0;
    for (Chips d : per_third) {
      sum += static_cast<double>(d);
      log_sum += growth_of(b.stack, d);
    }
    b.ev.push_back(sum / static_cast<double>(per_third.size()));
    b.growth.push_back(log_sum / static_cast<double>(per_third.size()));
  }
  return b;
}

// The brute-force value of a choice: 0 for passing, else the engine average for that bet.
double brute_ev(const BruteBets& b, Chips bet) { return bet == 0 ? 0.0 : b.ev[static_cast<std::size_t>(bet - b.legal.bet_min)]; }
double brute_growth(const BruteBets& b, Chips bet) {
  return bet == 0 ? 0.0 : b.growth[static_cast<std::size_t>(bet - b.legal.bet_min)];
}
bool same_growth(double a, double b) { return (std::isinf(a) && std::isinf(b) && a == b) || std::abs(a - b) < 1e-12; }

// Checks advise_bet, bet_ev and advise() at the engine's position against the brute force.
void check_bet_case(const BetCase& c, int& checked) {
  BruteBets b = brute_bets(c);
  if (!b.bet_phase) return;
  ASSERT_TRUE(b.position);
  const auto& game = *b.position;
  SCOPED_TRACE(describe(game.posts()) + " pot " + std::to_string(b.pot) + " stack " + std::to_string(b.stack));
  auto unseen = strategy::counts_of(game.shoe().undealt_unordered());
  const auto& r = *c.rules;
  strategy::BetSituation sit{b.pot, b.stack, b.legal.bet_min, b.legal.bet_max, b.legal.pass, b.legal.bet};
  auto a = strategy::advise_bet(r, game.posts(), unseen, sit);

  // The odds are the engine's outcomes, counted.
  EXPECT_EQ(a.odds.between, b.between);
  EXPECT_EQ(a.odds.outside, b.outside);
  EXPECT_EQ(a.odds.hit_post, b.hit);
  EXPECT_EQ(a.odds.triple_ace, b.triple);
  if (!b.legal.bet) return;

  // Every legal bet's EV, the smallest and the largest.
  for (Chips amount = b.legal.bet_min; amount <= b.legal.bet_max; ++amount)
    EXPECT_NEAR(strategy::bet_ev(r, a.odds, amount, b.stack), brute_ev(b, amount), kTol) << "bet " << amount;
  EXPECT_NEAR(a.ev_min, brute_ev(b, b.legal.bet_min), kTol);
  EXPECT_NEAR(a.ev_max, brute_ev(b, b.legal.bet_max), kTol);

  // Most expected chips: the argmax over every legal integer bet (and passing where allowed).
  double best = b.legal.pass ? 0.0 : kMinusInf;
  double best_growth = b.legal.pass ? 0.0 : kMinusInf;
  for (Chips amount = b.legal.bet_min; amount <= b.legal.bet_max; ++amount) {
    best = std::max(best, brute_ev(b, amount));
    best_growth = std::max(best_growth, brute_growth(b, amount));
  }
  EXPECT_TRUE(a.best_bet == 0 ? b.legal.pass : (a.best_bet >= b.legal.bet_min && a.best_bet <= b.legal.bet_max)) << a.best_bet;
  EXPECT_NEAR(a.best_ev, best, kTol);
  EXPECT_NEAR(brute_ev(b, a.best_bet), best, kTol) << "best bet " << a.best_bet;
  // Kelly: the argmax of the expected log of the stack over every legal bet.
  EXPECT_TRUE(a.kelly_bet == 0 ? b.legal.pass : (a.kelly_bet >= b.legal.bet_min && a.kelly_bet <= b.legal.bet_max)) << a.kelly_bet;
  EXPECT_TRUE(same_growth(brute_growth(b, a.kelly_bet), best_growth))
      << "kelly bet " << a.kelly_bet << " grows " << brute_growth(b, a.kelly_bet) << ", best " << best_growth;
  EXPECT_TRUE(same_growth(a.kelly_growth, best_growth)) << a.kelly_growth << " vs " << best_growth;

  // The advisor (hints, optimal bot) at the same position reports the same figures.
  auto advice = strategy::advise(game);
  ASSERT_TRUE(advice);
  for (const auto& choice : advice->choices) {
    if (const auto* bet = std::get_if<pot::Bet>(&choice.action)) {
      EXPECT_NEAR(choice.ev, brute_ev(b, bet->amount), kTol) << "hint bet " << bet->amount;
    } else {
      EXPECT_TRUE(std::holds_alternative<pot::Pass>(choice.action));
      EXPECT_EQ(choice.ev, 0.0);
    }
  }
  const auto* best_bet = std::get_if<pot::Bet>(&advice->best);
  EXPECT_NEAR(brute_ev(b, best_bet ? best_bet->amount : 0), best, kTol);
  ASSERT_TRUE(advice->kelly);
  const auto* kelly_bet = std::get_if<pot::Bet>(&*advice->kelly);
  EXPECT_TRUE(same_growth(brute_growth(b, kelly_bet ? kelly_bet->amount : 0), best_growth));
  ++checked;
}

// Every ordered pair of ranks of the shoe as posts (the second of another suit), with every
// combination of calls for the aces among them.
std::vector<BetCase> every_post_pair(const RulesPtr& r) {
  std::vector<int> ranks;
  for (Card c : shoe_cards(*r))
    if (std::find(ranks.begin(), ranks.end(), c.rank()) == ranks.end()) ranks.push_back(c.rank());
  std::vector<BetCase> out;
  int calls_first = r->first_ace == rules::FirstAce::Call ? 2 : 1;
  int calls_second = r->second_ace == rules::SecondAce::Call ? 2 : 1;
  for (int r0 : ranks) {
    for (int r1 : ranks) {
      Card first = Card::of(r0, cards::Suit::Spades), second = Card::of(r1, cards::Suit::Hearts);
      for (int c0 = 0; c0 < (first.is_ace() ? calls_first : 1); ++c0) {
        for (int c1 = 0; c1 < (second.is_ace() ? calls_second : 1); ++c1) {
          std::vector<pot::AceValue> calls;
          if (first.is_ace() && calls_first == 2) calls.push_back(c0 ? pot::AceValue::Low : pot::AceValue::High);
          if (second.is_ace() && calls_second == 2) calls.push_back(c1 ? pot::AceValue::Low : pot::AceValue::High);
          out.push_back({r, first, second, calls});
        }
      }
    }
  }
  return out;
}

int check_every_post_pair(const RulesPtr& r) {
  int checked = 0;
  for (const auto& c : every_post_pair(r)) {
    check_bet_case(c, checked);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return checked;
}

const std::vector<std::string> kSmallRanks = {"2", "3", "5", "6", "8", "T", "Q", "A"};

TEST(BetAdvice, HoyleEqualsTheEngineAveragedOverEveryThirdCard) {
  // Pot 10 (two antes of 5), stack 25: bets 1..10; pairs pay 2, consecutive posts lose 1.
  auto r = load("hoyle", {{"deck", deck_file("small8", kSmallRanks)}, {"start_chips", "30"}, {"ante", "5"}});
  EXPECT_GT(check_every_post_pair(r), 40);
  // The automatic turns are worth what the engine moves: a pair pays 2, consecutive posts lose 1.
  for (auto [a, b] : {std::pair{"5S", "5H"}, std::pair{"5S", "6H"}, std::pair{"AS", "AH"}}) {
    BetCase c{r, card(a), card(b), {}};
    auto brute = brute_bets(c);
    ASSERT_FALSE(brute.bet_phase) << a << " " << b;
    pot::Posts posts;
    posts.cards = {c.first, c.second};
    posts.count = 2;
    auto unseen = strategy::fresh_counts(*r);
    ASSERT_TRUE(unseen.take(c.first) && unseen.take(c.second));
    EXPECT_EQ(strategy::position_value(*r, posts, unseen, 10, 25, true), static_cast<double>(brute.automatic)) << a << " " << b;
  }
}

TEST(BetAdvice, BankerPostHitPaysDoubleEqualsTheEngine) {
  // Pot 12 (antes 1+1, stake 10), stack 11: the worst outcome costs 2x, so bets 1..5 (limit-bet).
  auto r = load("banker", {{"deck", deck_file("small8", kSmallRanks)}, {"start_chips", "12"}, {"banker_stake", "10"}});
  EXPECT_GT(check_every_post_pair(r), 50);
  auto game = start(r, {card("3S"), card("TH")});
  EXPECT_EQ(game.legal(1).bet_max, 5);
}

TEST(BetAdvice, BankerCapLossEqualsTheEngine) {
  // Same table with losses capped at the stack: bets 1..11, a hit of 6 or more costs 11.
  auto r = load("banker", {{"deck", deck_file("small8", kSmallRanks)},
                           {"start_chips", "12"},
                           {"banker_stake", "10"},
                           {"loss_limit", "cap-loss"}});
  EXPECT_GT(check_every_post_pair(r), 50);
  auto game = start(r, {card("3S"), card("TH")});
  EXPECT_EQ(game.legal(1).bet_max, 11);
}

TEST(BetAdvice, BetweenTheSheetsAceCallsAndTripleAcesEqualTheEngine) {
  // Pot 8, stack 10, no first-deck cap: x2 posts allow bets to 5, A-A (x3) to 3.
  auto r = load("between-the-sheets",
                {{"deck", deck_file("small8", kSmallRanks)}, {"start_chips", "14"}, {"first_deck_bet_cap", "0"}});
  EXPECT_GT(check_every_post_pair(r), 50);
  auto game = start(r, {card("AS"), card("AH")});
  std::vector<pot::Event> events;
  apply_ok(game, pot::Call{pot::AceValue::Low}, events);
  EXPECT_EQ(game.legal(1).bet_max, 3);
  // With the first-deck cap of 1 (the preset): bet 1 or pass.
  auto capped = load("between-the-sheets", {{"deck", deck_file("small8", kSmallRanks)}, {"start_chips", "14"}});
  EXPECT_GT(check_every_post_pair(capped), 50);
}

TEST(BetAdvice, BetweenTheSheetsCapLossEqualsTheEngine) {
  auto r = load("between-the-sheets", {{"deck", deck_file("small8", kSmallRanks)},
                                       {"start_chips", "14"},
                                       {"first_deck_bet_cap", "0"},
                                       {"loss_limit", "cap-loss"}});
  EXPECT_GT(check_every_post_pair(r), 50);
  auto game = start(r, {card("AS"), card("AH")});
  std::vector<pot::Event> events;
  apply_ok(game, pot::Call{pot::AceValue::Low}, events);
  EXPECT_EQ(game.legal(1).bet_max, 8);  // the pot; a triple-ace loss is capped at the stack
}

TEST(BetAdvice, SecondAceCalledEqualsTheEngine) {
  // second_ace = call: both calls of both aces.
  auto r = load("between-the-sheets", {{"deck", deck_file("small8", kSmallRanks)},
                                       {"start_chips", "14"},
                                       {"first_deck_bet_cap", "0"},
                                       {"second_ace", "call"}});
  EXPECT_GT(check_every_post_pair(r), 50);
}

// ---- the ace calls against the engine ---------------------------------------------------------

// The best a player can do once these posts are complete: pass (where allowed) or the legal bet
// whose engine result, averaged over every third card left, is highest.
double brute_best_after_posts(const RulesPtr& r, const std::vector<Card>& posts, const std::vector<pot::AceValue>& calls) {
  auto thirds = shoe_cards(*r);
  for (Card p : posts) thirds = without(thirds, {p});
  std::vector<double> sums;
  bool pass = false;
  for (Card third : thirds) {
    std::vector<Card> stacked = posts;
    stacked.push_back(third);
    auto game = start(r, stacked);
    make_calls(game, calls);
    if (game.phase() != pot::Phase::Bet || game.to_act() != 1) {
      ADD_FAILURE() << "the turn did not reach a bet";
      return 0;
    }
    auto legal = game.legal(1);
    pass = legal.pass;
    if (sums.empty() && legal.bet) sums.assign(static_cast<std::size_t>(legal.bet_max - legal.bet_min + 1), 0.0);
    for (std::size_t k = 0; k < sums.size(); ++k)
      sums[k] += static_cast<double>(play_bet(game, pot::Bet{legal.bet_min + static_cast<Chips>(k)}).delta);
  }
  double value = pass ? 0.0 : kMinusInf;
  for (double sum : sums) value = std::max(value, sum / static_cast<double>(thirds.size()));
  return value;
}

// The value of calling the first ace `call`: over every second post (an ace there called at its
// best where second_ace = "call") and every third card, played by the engine.
double brute_first_ace(const RulesPtr& r, Card ace, pot::AceValue call) {
  auto seconds = without(shoe_cards(*r), {ace});
  double total = 0;
  for (Card second : seconds) {
    if (second.is_ace() && r->second_ace == rules::SecondAce::Call) {
      total += std::max(brute_best_after_posts(r, {ace, second}, {call, pot::AceValue::High}),
                        brute_best_after_posts(r, {ace, second}, {call, pot::AceValue::Low}));
    } else {
      total += brute_best_after_posts(r, {ace, second}, {call});
    }
  }
  return total / static_cast<double>(seconds.size());
}

void check_first_ace(const RulesPtr& r, Card ace) {
  auto game = start(r, {ace});
  ASSERT_EQ(game.phase(), pot::Phase::CallFirstAce);
  auto unseen = strategy::counts_of(game.shoe().undealt_unordered());
  auto a = strategy::advise_first_ace(*r, ace, unseen, game.pot(), game.players()[1].chips, game.shoe().generation() == 0);
  double high = brute_first_ace(r, ace, pot::AceValue::High);
  double low = brute_first_ace(r, ace, pot::AceValue::Low);
  EXPECT_NEAR(a.ev_high, high, kTol);
  EXPECT_NEAR(a.ev_low, low, kTol);
  EXPECT_EQ(a.best, low > high + kTol ? pot::AceValue::Low : pot::AceValue::High) << "high " << high << " low " << low;
  auto advice = strategy::advise(game);
  ASSERT_TRUE(advice);
  ASSERT_EQ(advice->choices.size(), 2u);
  for (const auto& choice : advice->choices) {
    const auto& called = std::get<pot::Call>(choice.action);
    EXPECT_NEAR(choice.ev, called.ace == pot::AceValue::High ? high : low, kTol);
  }
  EXPECT_EQ(std::get<pot::Call>(advice->best).ace, a.best);
  std::cout << "[ first ace ] " << r->name << " pot " << game.pot() << " stack " << game.players()[1].chips << ": high " << high
            << ", low " << low << "\n";
}

TEST(AceCalls, FirstAceEqualsTheEngineOverEverySecondPostAndThirdCard) {
  auto small = deck_file("small8", kSmallRanks);
  // No first-deck cap: the best bet after each second post depends on the call.
  check_first_ace(load("between-the-sheets", {{"deck", small}, {"start_chips", "14"}, {"first_deck_bet_cap", "0"}}), card("AS"));
  // A bigger stack and a bigger pot.
  check_first_ace(load("between-the-sheets", {{"deck", small}, {"start_chips", "40"}, {"ante", "6"}, {"first_deck_bet_cap", "0"}}),
                  card("AD"));
  // Cap-loss: triple aces capped at the stack.
  check_first_ace(load("between-the-sheets",
                       {{"deck", small}, {"start_chips", "14"}, {"first_deck_bet_cap", "0"}, {"loss_limit", "cap-loss"}}),
                  card("AC"));
  // A second ace called too (second_ace = "call").
  check_first_ace(load("between-the-sheets",
                       {{"deck", small}, {"start_chips", "14"}, {"first_deck_bet_cap", "0"}, {"second_ace", "call"}}),
                  card("AH"));
  // The preset itself on the real 52-card deck (first-deck cap: bet 1 or pass).
  check_first_ace(load("between-the-sheets"), card("AS"));
}

TEST(AceCalls, SecondAceEqualsTheEngineOverEveryThirdCard) {
  auto r = load("between-the-sheets", {{"deck", deck_file("small8", kSmallRanks)},
                                       {"start_chips", "14"},
                                       {"first_deck_bet_cap", "0"},
                                       {"second_ace", "call"}});
  int checked = 0;
  for (Card first : {card("2S"), card("6S"), card("QS"), card("AS")}) {
    for (auto first_call : {pot::AceValue::High, pot::AceValue::Low}) {
      if (!first.is_ace() && first_call == pot::AceValue::Low) continue;
      std::vector<pot::AceValue> calls;
      if (first.is_ace()) calls.push_back(first_call);
      auto game = start(r, {first, card("AH")});
      std::vector<pot::Event> events;
      if (first.is_ace()) apply_ok(game, pot::Call{first_call}, events);
      ASSERT_EQ(game.phase(), pot::Phase::CallSecondAce);
      auto unseen = strategy::counts_of(game.shoe().undealt_unordered());
      auto a = strategy::advise_second_ace(*r, game.posts(), unseen, game.pot(), game.players()[1].chips, true);
      auto with = [&](pot::AceValue second) {
        auto c = calls;
        c.push_back(second);
        return c;
      };
      double high = brute_best_after_posts(r, {first, card("AH")}, with(pot::AceValue::High));
      double low = brute_best_after_posts(r, {first, card("AH")}, with(pot::AceValue::Low));
      SCOPED_TRACE(cards::to_string(first));
      EXPECT_NEAR(a.ev_high, high, kTol);
      EXPECT_NEAR(a.ev_low, low, kTol);
      auto advice = strategy::advise(game);
      ASSERT_TRUE(advice);
      for (const auto& choice : advice->choices)
        EXPECT_NEAR(choice.ev, std::get<pot::Call>(choice.action).ace == pot::AceValue::High ? high : low, kTol);
      EXPECT_EQ(std::get<pot::Call>(advice->best).ace, low > high + kTol ? pot::AceValue::Low : pot::AceValue::High);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 5);
}

// ---- `inbetween odds` refuses bad input --------------------------------------------------------

using inbetween::testing::run_inbetween;

void expect_refused(const std::vector<std::string>& args, const std::string& message) {
  std::string line = "inbetween";
  for (const auto& a : args) line += " " + a;
  inbetween::testing::Result run = run_inbetween(args);
  EXPECT_EQ(run.status, 2) << line << "\nstdout: " << run.out << "\nstderr: " << run.err;
  EXPECT_NE(run.err.find(message), std::string::npos) << line << "\nstderr: " << run.err;
  EXPECT_TRUE(run.out.empty()) << line << "\nstdout: " << run.out;
}

TEST(OddsCommand, RefusesBadInputWithAClearMessage) {
  // Posts that are not cards.
  expect_refused({"odds", "--rules", "hoyle", "5X", "JD"}, "post '5X' is not a card");
  expect_refused({"odds", "--rules", "hoyle", "5S", "11D"}, "post '11D' is not a card");
  expect_refused({"odds", "--rules", "hoyle", "5S", "banana"}, "post 'banana' is not a card");
  expect_refused({"odds", "--rules", "hoyle", "5S", "JD", "--seen", "2C,ZZ"}, "--seen card 'ZZ' is not a card");
  // A --seen list holding a card more often than the shoe does.
  expect_refused({"odds", "--rules", "hoyle", "5S", "JD", "--seen", "7C,7C"}, "more often than the shoe holds");
  expect_refused({"odds", "--rules", "hoyle", "5S", "JD", "--seen", "5S"}, "more often than the shoe holds");
  expect_refused({"odds", "--rules", "hoyle", "5S", "JD", "--seen", "5H,5D,5C,5S"}, "more often than the shoe holds");
  expect_refused({"odds", "--rules", "hoyle", "--decks", "2", "5S", "JD", "--seen", "9H,9H,9H"}, "more often than the shoe holds");
  // A deck count outside 1-8.
  expect_refused({"odds", "--rules", "red-dog", "--house-edge", "--decks", "0"}, "1 to 8 decks");
  expect_refused({"odds", "--rules", "red-dog", "--house-edge", "--decks", "9"}, "1 to 8 decks");
  expect_refused({"odds", "--rules", "hoyle", "--decks", "9", "5S", "JD"}, "1 to 8 decks");
  // The house edge of a pot game.
  expect_refused({"odds", "--rules", "hoyle", "--house-edge"}, "--house-edge is for house games");
  // Ace calls the rules do not allow, or with no ace to call.
  expect_refused({"odds", "AS", "9H", "--ace", "low", "--rules", "hoyle"}, "ace as the first post counts high (first_ace");
  expect_refused({"odds", "5S", "AH", "--ace", "low", "--rules", "between-the-sheets"}, "second post counts high (second_ace");
  expect_refused({"odds", "5S", "9H", "--ace", "low", "--rules", "between-the-sheets"}, "the posts hold 0 aces to call");
}

TEST(OddsCommand, AcceptsWhatTheShoeHolds) {
  inbetween::testing::Result run = run_inbetween({"odds", "--rules", "hoyle", "--decks", "2", "5S", "JD", "--seen", "5S,9H,9H"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("99 cards unseen"), std::string::npos) << run.out;
  // --ace calls the ace posts in order, whichever post they are.
  run = run_inbetween({"odds", "5S", "AH", "--ace", "low", "--rules", "between-the-sheets", "--set", "second_ace=call"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("posts 5S AH (ace second low): spread 3"), std::string::npos) << run.out;
  run = run_inbetween({"odds", "--rules", "red-dog", "--house-edge", "--decks", "8"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("house edge: 2.7509%"), std::string::npos) << run.out;
}

}  // namespace
