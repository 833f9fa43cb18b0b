// RULES.md Part 2 (ThreeBeTween) and "Seats, dealer and dealing order", clarification by
// clarification and sentence by sentence of seed 000, each shown on a stacked deck. Stacked
// cards (top first) are dealt as: limit cards two rounds around from the dealer's left (dealer
// last), then set-up replacements, then whatever is drawn, in turn order.
//
// Most tables here seat ann (seat 0, the dealer) and bob (seat 1), so the limit cards go
// bob, ann, bob, ann; bob is offered the replacement first and takes the first turn.
#include <gtest/gtest.h>

#include "support/temp_folder.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cards/letter_card.h"
#include "cards/shoe.h"
#include "games/three/action.h"
#include "games/three/three_game.h"
#include "protocol/three_codec.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"
#include "rules/three_rules.h"
#include "support/seats.h"

namespace inbetween::games::three {
// Readable event kinds in failure messages.
void PrintTo(EventKind kind, std::ostream* os) { *os << event_name(kind); }
}  // namespace inbetween::games::three

namespace {

namespace fs = std::filesystem;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace protocol = inbetween::protocol;
using namespace inbetween::games::three;
using nlohmann::json;
using rules::Override;
using GameSetup = inbetween::games::three::Setup;

constexpr int kAnn = 0, kBob = 1, kCat = 2;

// ---- helpers -------------------------------------------------------------------------------

using inbetween::testing::seat_names;

int pos(char letter) { return cards::letter_position(letter); }

std::shared_ptr<const ThreeRules> load(const std::vector<Override>& overrides = {},
                                       const std::string& name = "threebetween") {
  return std::make_shared<const ThreeRules>(rules::load_three_rules(name, overrides));
}

std::vector<EventKind> kinds(const std::vector<Event>& events) {
  std::vector<EventKind> out;
  for (const auto& e : events) out.push_back(e.kind);
  return out;
}

std::vector<Event> of_kind(const std::vector<Event>& events, EventKind kind) {
  std::vector<Event> out;
  for (const auto& e : events)
    if (e.kind == kind) out.push_back(e);
  return out;
}

bool has(const std::vector<Event>& events, EventKind kind) { return !of_kind(events, kind).empty(); }

// Everything observable about a game: the protocol's state, the shoe's order and discard pile,
// every seat's legal actions and the score sheet.
json picture(const ThreeGame& g) {
  json j = protocol::three_state_json(g.view(inbetween::games::kNobody));
  j["undealt"] = std::vector<int>(g.shoe().undealt_unordered().begin(), g.shoe().undealt_unordered().end());
  j["discard_pile"] = std::vector<int>(g.shoe().discard_pile().begin(), g.shoe().discard_pile().end());
  json legal = json::array();
  for (int p = 0; p < static_cast<int>(g.players().size()); ++p) {
    json l = json::array();
    for (const auto& a : g.legal(p)) l.push_back(protocol::three_action_json(g.deck(), a));
    legal.push_back(l);
  }
  j["legal"] = legal;
  json sheet = json::array();
  for (const auto& r : g.sheet()) {
    json line = {{"round", r.round}, {"dealer", r.dealer}, {"players", json::array()}};
    for (const auto& s : r.players)
      line["players"].push_back({{"banks", s.banks}, {"busted", s.busted}, {"score", s.score}, {"total", s.total}});
    sheet.push_back(line);
  }
  j["sheet"] = sheet;
  for (std::size_t i = 0; i < g.players().size(); ++i) {
    j["players"][i]["placed_this_turn"] = g.players()[i].placed_this_turn;
    j["players"][i]["round_score_kept"] = g.players()[i].round_score;
  }
  return j;
}

// A game with named seats ("ann", "bob", ...), a named dealer and a stacked deck; `log` holds
// every event since the start, `last` those of the last action.
struct Table {
  std::shared_ptr<const ThreeRules> rules;
  std::vector<Event> log, last;
  std::optional<ThreeGame> game;

  Table(int players, int dealer, const std::vector<std::string_view>& stack, const std::vector<Override>& overrides = {},
        std::uint64_t seed = 7)
      : Table(load(overrides), players, dealer, stack, seed) {}

  Table(std::shared_ptr<const ThreeRules> r, int players, int dealer, const std::vector<std::string_view>& stack,
        std::uint64_t seed = 7)
      : rules(std::move(r)) {
    Setup setup;
    setup.players = seat_names(players);
    setup.seed = seed;
    setup.dealer = dealer;
    for (auto text : stack) setup.stacked.push_back(c(text));
    game.emplace(rules, setup, log);
    last = log;
  }

  ThreeGame& g() { return *game; }
  const Player& pl(int seat) const { return game->players()[static_cast<std::size_t>(seat)]; }

  CardCode c(std::string_view text) const {
    auto code = rules->letter_deck.parse(text);
    if (!code) ADD_FAILURE() << "not a card of the deck: " << text;
    return code.value_or(0);
  }
  // A laid card: a letter, or a wild at `position` (0 left / in a space, 27 right).
  Lay lay(std::string_view card, char letter) const { return {c(card), pos(letter)}; }
  Lay wild(int position) const { return {c("?"), position}; }

  // Applies an action that must be accepted; returns its events.
  std::vector<Event> act(int player, const Action& action) {
    last.clear();
    auto refusal = game->apply(player, action, last);
    EXPECT_FALSE(refusal) << action_name(action) << " by seat " << player << " refused: " << refusal->code << " ("
                          << refusal->message << ")";
    log.insert(log.end(), last.begin(), last.end());
    return last;
  }
  std::vector<Event> place(int player, std::string_view card, char letter) {
    return act(player, Place{c(card), pos(letter)});
  }
  std::vector<Event> place_wild(int player) { return act(player, Place{c("?"), 0}); }

  // An action that must be refused with `code`, leaving the game exactly as it was.
  void refused(int player, const Action& action, const std::string& code) {
    json before = picture(*game);
    std::vector<Event> events;
    auto refusal = game->apply(player, action, events);
    ASSERT_TRUE(refusal) << action_name(action) << " by seat " << player << " was accepted; expected " << code;
    EXPECT_EQ(refusal->code, code) << refusal->message;
    EXPECT_FALSE(refusal->message.empty());
    EXPECT_TRUE(events.empty()) << "a refused action produced events";
    EXPECT_EQ(picture(*game), before) << "a refused " << action_name(action) << " changed the game";
  }

  // The player to act keeps, lays the first layout, or passes: moves a round along.
  void move_along() {
    int p = game->to_act();
    switch (game->phase()) {
      case Phase::Replace: act(p, Keep{}); break;
      case Phase::PlaceLimits: act(p, game->layouts(p).front()); break;
      case Phase::Turn: act(p, Pass{}); break;
      case Phase::Place: act(p, EndTurn{}); break;
      case Phase::Over: break;
    }
  }

  int points(std::string_view card) const { return rules->letter_deck.kind(c(card)).points; }
  std::vector<int> fits(int seat, std::string_view card) const { return game->fits(seat, c(card)); }
};

bool contains(const std::vector<Action>& actions, const Action& wanted) {
  auto same = [&](const Action& a) {
    if (a.index() != wanted.index()) return false;
    if (auto* r = std::get_if<Replace>(&a)) return r->card == std::get<Replace>(wanted).card;
    if (auto* p = std::get_if<Place>(&a)) return p->card == std::get<Place>(wanted).card && p->position == std::get<Place>(wanted).position;
    if (auto* l = std::get_if<PlaceLimits>(&a)) return *l == std::get<PlaceLimits>(wanted);
    return true;
  };
  return std::any_of(actions.begin(), actions.end(), same);
}

std::vector<int> positions(std::initializer_list<char> letters) {
  std::vector<int> out;
  for (char l : letters) out.push_back(pos(l));
  return out;
}

std::vector<int> letter_range(char from, char to) {
  std::vector<int> out;
  for (char l = from; l <= to; ++l) out.push_back(pos(l));
  return out;
}

// ---- Seats, dealer and dealing order ----------------------------------------------------------

TEST(ThreeBeTween, Seats_LimitCardsDealtOneAtATimeFromTheDealersLeftDealerLastTwiceRound) {
  // Three seats, bob deals: cat, ann, bob, cat, ann, bob.
  Table t(3, kBob, {"B", "C", "D", "F", "G", "H"});
  auto dealt = of_kind(t.log, EventKind::LimitDealt);
  ASSERT_EQ(dealt.size(), 6u);
  const int order[] = {kCat, kAnn, kBob, kCat, kAnn, kBob};
  const char* cards_in_order[] = {"B", "C", "D", "F", "G", "H"};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(dealt[i].player, order[i]) << i;
    EXPECT_EQ(dealt[i].card, t.c(cards_in_order[i])) << i;
  }
  auto started = of_kind(t.log, EventKind::RoundStarted);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(started[0].player, kBob);
  EXPECT_EQ(started[0].total, 1);
  EXPECT_EQ(t.pl(kCat).limit_hand, (std::vector<CardCode>{t.c("B"), t.c("F")}));
  EXPECT_EQ(t.pl(kAnn).limit_hand, (std::vector<CardCode>{t.c("C"), t.c("G")}));
  EXPECT_EQ(t.pl(kBob).limit_hand, (std::vector<CardCode>{t.c("D"), t.c("H")}));
  EXPECT_EQ(t.g().shoe().remaining(), 74u - 6u);
}

TEST(ThreeBeTween, Seats_ReplacementOfferedInTurnOrderDealerLastThenTurnsStartLeftOfTheDealer) {
  Table t(3, kBob, {"B", "C", "D", "F", "G", "H"});
  EXPECT_EQ(t.g().phase(), Phase::Replace);
  EXPECT_EQ(t.g().to_act(), kCat);
  // Each player's limits are laid right after their keep (one layout: laid by the engine).
  auto e = t.act(kCat, Keep{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Kept, EventKind::LimitsLaid}));
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Keep{});
  EXPECT_EQ(t.g().to_act(), kBob);
  EXPECT_EQ(t.g().phase(), Phase::Replace);
  t.act(kBob, Keep{});
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.g().to_act(), kCat);
}

TEST(ThreeBeTween, Seats_FirstDealerComesFromTheSeedWhenNoneIsNamed) {
  auto rules = load();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<Event> e1, e2;
    ThreeGame a(rules, GameSetup{seat_names(4), seed, std::nullopt, {}}, e1);
    ThreeGame b(rules, GameSetup{seat_names(4), seed, std::nullopt, {}}, e2);
    EXPECT_EQ(a.dealer(), b.dealer());
    EXPECT_GE(a.dealer(), 0);
    EXPECT_LT(a.dealer(), 4);
    EXPECT_EQ(a.to_act(), (a.dealer() + 1) % 4) << "the player left of the dealer is asked first";
  }
}

// ---- Clarification 1: letters, vowel cards, points -------------------------------------------

TEST(ThreeBeTween, Clarification1_VowelLimitCardShowsTheVowelThePlayerChooses) {
  // bob: A/E and K. A/E may be A or E, either on the left of K.
  Table t(2, kAnn, {"A/E", "B", "K", "Z"});
  t.act(kBob, Keep{});
  EXPECT_EQ(t.g().phase(), Phase::PlaceLimits);
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(contains(legal, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'K')}));
  EXPECT_TRUE(contains(legal, PlaceLimits{t.lay("A/E", 'E'), t.lay("K", 'K')}));
  auto e = t.act(kBob, PlaceLimits{t.lay("A/E", 'E'), t.lay("K", 'K')});
  ASSERT_EQ(of_kind(e, EventKind::LimitsLaid).size(), 1u);
  EXPECT_EQ(e.back().position, pos('E'));
  EXPECT_EQ(e.back().position2, pos('K'));
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('F', 'J'));
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification1_VowelCardBetweenPlacedAsEitherVowelStaysThatVowelAndScoresTheSame) {
  // bob B..Z; draws E/I, E/O, K; later I/O.
  Table t(2, kAnn, {"B", "C", "Z", "D", "E/I", "E/O", "K", "I/O"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "E/I"), positions({'E', 'I'}));
  EXPECT_EQ(t.fits(kBob, "E/O"), positions({'E', 'O'}));
  t.place(kBob, "E/I", 'I');
  EXPECT_EQ(t.fits(kBob, "E/O"), positions({'E', 'O'}));
  t.place(kBob, "E/O", 'E');
  // Both vowels of each placed card: the letters shown are I and E, nothing else.
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.lay("E/I", 'I'), t.lay("E/O", 'E')}));
  t.act(kBob, EndTurn{});  // K declined
  t.act(kAnn, Pass{});
  t.act(kBob, Draw{});
  // I is taken by E/I shown as I, so I/O can only be O; E/I has not become E.
  EXPECT_EQ(t.fits(kBob, "I/O"), positions({'O'}));
  t.refused(kBob, Place{t.c("I/O"), pos('I')}, "letter_taken");
  auto e = t.place(kBob, "I/O", 'O');
  EXPECT_TRUE(has(e, EventKind::ThreeBeTween));
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.lay("E/I", 'I'), t.lay("E/O", 'E'), t.lay("I/O", 'O')}));
  // A vowel card is worth its points whichever vowel it shows.
  EXPECT_EQ(t.g().points_in_front(kBob), t.points("B") + t.points("Z") + 3 * t.points("A/E"));
  EXPECT_EQ(t.g().points_in_front(kBob), 4 + 10 + 1 + 1 + 1);
}

TEST(ThreeBeTween, Clarification1_LettersAreOrderedAToZ) {
  // bob Q then K: K is nearer A, so it goes left whatever order the cards came in.
  Table t(2, kAnn, {"Q", "B", "K", "Z"});
  auto e = t.act(kBob, Keep{});
  auto laid = of_kind(e, EventKind::LimitsLaid);
  ASSERT_EQ(laid.size(), 1u);
  EXPECT_EQ(laid[0].card, t.c("K"));
  EXPECT_EQ(laid[0].position, pos('K'));
  EXPECT_EQ(laid[0].card2, t.c("Q"));
  EXPECT_EQ(laid[0].position2, pos('Q'));
  EXPECT_EQ(t.pl(kBob).low, t.lay("K", 'K'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("Q", 'Q'));
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('L', 'P'));
}

// ---- Clarification 2: the wild -------------------------------------------------------------

TEST(ThreeBeTween, Clarification2_WildLimitOnTheLeftComesBeforeA) {
  Table t(2, kAnn, {"?", "B", "K", "Y", "A/E", "Z", "?"});
  t.act(kBob, Keep{});
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(contains(legal, PlaceLimits{t.wild(cards::kBeforeA), t.lay("K", 'K')}));
  EXPECT_TRUE(contains(legal, PlaceLimits{t.lay("K", 'K'), t.wild(cards::kAfterZ)}));
  t.act(kBob, PlaceLimits{t.wild(cards::kBeforeA), t.lay("K", 'K')});
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('A', 'J'));
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "A/E"), positions({'A', 'E'})) << "A fits: the wild lies before A";
  EXPECT_TRUE(t.fits(kBob, "Z").empty());
}

TEST(ThreeBeTween, Clarification2_WildLimitOnTheRightComesAfterZ) {
  Table t(2, kAnn, {"?", "B", "K", "Y", "A/E", "Z", "Q"});
  t.act(kBob, Keep{});
  t.act(kBob, PlaceLimits{t.lay("K", 'K'), t.wild(cards::kAfterZ)});
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('L', 'Z'));
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "Z"), positions({'Z'})) << "Z fits: the wild lies after Z";
  EXPECT_EQ(t.fits(kBob, "Q"), positions({'Q'}));
  EXPECT_TRUE(t.fits(kBob, "A/E").empty());
}

TEST(ThreeBeTween, Clarification2_TwoWildLimitsLetEveryLetterFit) {
  Table t(2, kAnn, {"?", "B", "?", "Y", "A/E", "Z", "M"});
  auto e = t.act(kBob, Keep{});
  EXPECT_FALSE(has(e, EventKind::Bust));
  auto laid = of_kind(e, EventKind::LimitsLaid);
  ASSERT_EQ(laid.size(), 1u) << "one layout only: laid by the engine";
  EXPECT_EQ(laid[0].position, cards::kBeforeA);
  EXPECT_EQ(laid[0].position2, cards::kAfterZ);
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('A', 'Z'));
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "A/E"), positions({'A', 'E'}));
  EXPECT_EQ(t.fits(kBob, "Z"), positions({'Z'}));
  EXPECT_EQ(t.fits(kBob, "M"), positions({'M'}));
}

TEST(ThreeBeTween, Clarification2_WildBetweenFillsAnyEmptySpaceAndMayRepeat) {
  // bob K and L: no letter lies between, but wilds still fill spaces; M does not fit.
  Table t(2, kAnn, {"K", "B", "L", "Z", "?", "M", "?"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  EXPECT_TRUE(t.g().open_letters(kBob).empty());
  t.act(kBob, Draw{});
  EXPECT_EQ(t.g().phase(), Phase::Place);
  EXPECT_EQ(t.fits(kBob, "?"), std::vector<int>{0});
  EXPECT_TRUE(t.fits(kBob, "M").empty());
  auto legal = t.g().legal(kBob);
  EXPECT_TRUE(contains(legal, Place{t.c("?"), 0}));
  EXPECT_FALSE(contains(legal, Place{t.c("M"), pos('M')}));
  t.place_wild(kBob);
  EXPECT_EQ(t.fits(kBob, "?"), std::vector<int>{0}) << "a second wild may join the first";
  auto e = t.place_wild(kBob);
  // Nothing left fits (M): the turn ends by itself.
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Placed, EventKind::Discarded}));
  EXPECT_EQ(e.back().card, t.c("M"));
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.wild(0), t.wild(0)}));
  EXPECT_EQ(t.g().to_act(), kAnn);
  // The seed: a wild is never an actual letter; the wilds in spaces hold no letter.
  EXPECT_TRUE(t.g().open_letters(kBob).empty());
}

TEST(ThreeBeTween, Seed_WildInASpaceIsNoLetterAndBlocksNone) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "?", "T", "T"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  // Draw: ?, T, T; place the wild, T still fits.
  t.place_wild(kBob);
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('C', 'Y'));
  t.refused(kBob, Place{t.c("T"), 0}, "bad_letter");
  t.place(kBob, "T", 'T');
  EXPECT_EQ(t.pl(kBob).spaces.front(), t.wild(0));
}

// ---- Clarification 3: exactly the same card ---------------------------------------------------

TEST(ThreeBeTween, Clarification3_IdenticalConsonantLimitsBust) {
  Table t(2, kAnn, {"L", "B", "L", "Z"});
  EXPECT_EQ(t.pl(kBob).status, Status::In) << "not out before the replacement has been offered";
  auto e = t.act(kBob, Keep{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].player, kBob);
  EXPECT_EQ(bust[0].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_TRUE(t.pl(kBob).limit_hand.empty());
  EXPECT_FALSE(t.pl(kBob).low);
  EXPECT_EQ(std::vector<CardCode>(t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end()),
            (std::vector<CardCode>{t.c("L"), t.c("L")}));
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification3_IdenticalVowelCardsBustButAEandAIDoNot) {
  Table t(2, kAnn, {"A/E", "A/E", "A/E", "A/I"});
  auto e = t.act(kBob, Keep{});
  ASSERT_EQ(of_kind(e, EventKind::Bust).size(), 1u) << "A/E and A/E are exactly the same card";
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  auto f = t.act(kAnn, Keep{});
  EXPECT_FALSE(has(f, EventKind::Bust)) << "A/E and A/I are different cards";
  EXPECT_EQ(t.pl(kAnn).status, Status::In);
  // A..I (A/E as A), E..I (A/E as E), A..E (A/I as A, A/E as E).
  auto layouts = t.g().layouts(kAnn);
  EXPECT_EQ(layouts.size(), 3u);
  EXPECT_TRUE(contains(t.g().legal(kAnn), PlaceLimits{t.lay("A/E", 'A'), t.lay("A/I", 'I')}));
  EXPECT_TRUE(contains(t.g().legal(kAnn), PlaceLimits{t.lay("A/E", 'E'), t.lay("A/I", 'I')}));
  EXPECT_TRUE(contains(t.g().legal(kAnn), PlaceLimits{t.lay("A/I", 'A'), t.lay("A/E", 'E')}));
  // Both showing A would leave nothing between: no such layout.
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("A/I", 'A')}, "limits_out_of_order");
}

TEST(ThreeBeTween, Clarification3_TwoWildLimitsAreNotABust) {
  Table t(2, kAnn, {"?", "B", "?", "Z"});
  auto e = t.act(kBob, Keep{});
  EXPECT_FALSE(has(e, EventKind::Bust));
  EXPECT_EQ(t.pl(kBob).status, Status::In);
  EXPECT_EQ(t.pl(kBob).low, t.wild(cards::kBeforeA));
  EXPECT_EQ(t.pl(kBob).high, t.wild(cards::kAfterZ));
}

TEST(ThreeBeTween, Clarification3_TwoWildLimitsBustWithWildPairBustsKnob) {
  Table t(2, kAnn, {"?", "B", "?", "Z"}, {{"wild_pair_busts", "true"}});
  EXPECT_TRUE(t.rules->wild_pair_busts);
  auto e = t.act(kBob, Keep{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
}

// ---- Clarification 4: the set-up and the replacement ------------------------------------------

TEST(ThreeBeTween, Clarification4_ReplacementDiscardsOneLimitCardBeforeTheNewOneIsDealt) {
  // bob K and L (no room); he gives up L and is dealt the next card, Z.
  Table t(2, kAnn, {"K", "B", "L", "Y", "Z"});
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 3u);
  EXPECT_TRUE(contains(legal, Keep{}));
  EXPECT_TRUE(contains(legal, Replace{t.c("K")}));
  EXPECT_TRUE(contains(legal, Replace{t.c("L")}));
  std::size_t before = t.g().shoe().remaining();
  auto e = t.act(kBob, Replace{t.c("L")});
  ASSERT_GE(e.size(), 1u);
  EXPECT_EQ(e[0].kind, EventKind::Replaced);
  EXPECT_EQ(e[0].player, kBob);
  EXPECT_EQ(e[0].card, t.c("L")) << "discarded";
  EXPECT_EQ(e[0].card2, t.c("Z")) << "dealt";
  EXPECT_EQ(std::vector<CardCode>(t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end()),
            std::vector<CardCode>{t.c("L")});
  EXPECT_EQ(t.g().shoe().remaining(), before - 1);
  EXPECT_TRUE(t.pl(kBob).replacement_used);
  EXPECT_EQ(t.pl(kBob).low, t.lay("K", 'K'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("Z", 'Z'));
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_FALSE(t.pl(kAnn).replacement_used);
}

TEST(ThreeBeTween, Clarification4_ReplacementOnlyOnce) {
  // bob A/E and K, replaces K with a wild: four layouts to choose from, and no second replacement.
  Table t(2, kAnn, {"A/E", "B", "K", "Z", "?"});
  t.act(kBob, Replace{t.c("K")});
  EXPECT_EQ(t.g().phase(), Phase::PlaceLimits);
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  EXPECT_EQ(legal.size(), 4u);
  for (const auto& a : legal) EXPECT_TRUE(std::holds_alternative<PlaceLimits>(a));
  t.refused(kBob, Replace{t.c("?")}, "not_now");
  t.refused(kBob, Replace{t.c("A/E")}, "not_now");
  t.refused(kBob, Keep{}, "not_now");
  t.act(kBob, PlaceLimits{t.wild(cards::kBeforeA), t.lay("A/E", 'E')});
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.refused(kBob, Replace{t.c("?")}, "not_your_turn");
  // ann still has her replacement.
  EXPECT_TRUE(contains(t.g().legal(kAnn), Replace{t.c("B")}));
}

TEST(ThreeBeTween, Clarification4_IdenticalLimitsBustUnlessTheReplacementBreaksThePair) {
  // bob L L replaces one L and gets T; ann N N keeps and busts.
  Table t(2, kAnn, {"L", "N", "L", "N", "T"});
  auto legal = t.g().legal(kBob);
  EXPECT_EQ(legal.size(), 2u) << "keep, or replace L (either copy is the same)";
  EXPECT_TRUE(contains(legal, Replace{t.c("L")}));
  auto e = t.act(kBob, Replace{t.c("L")});
  EXPECT_FALSE(has(e, EventKind::Bust));
  EXPECT_EQ(t.pl(kBob).low, t.lay("L", 'L'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("T", 'T'));
  auto f = t.act(kAnn, Keep{});
  auto bust = of_kind(f, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].player, kAnn);
  EXPECT_EQ(bust[0].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.g().to_act(), kBob);
}

TEST(ThreeBeTween, Clarification4_AReplacementThatMakesANewIdenticalPairBusts) {
  Table t(2, kAnn, {"T", "B", "K", "Z", "T"});
  auto e = t.act(kBob, Replace{t.c("K")});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Replaced, EventKind::Bust}));
  EXPECT_EQ(e[1].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification4_WithoutTheReplacementKnobNobodyIsAskedAndPairsBustAtOnce) {
  Table t(2, kAnn, {"T", "B", "T", "Z"}, {{"replacement", "false"}});
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_EQ(t.pl(kAnn).low, t.lay("B", 'B'));
  t.refused(kAnn, Replace{t.c("B")}, "not_now");
}

TEST(ThreeBeTween, Seed_LimitCardsNearerALeftNearerZRightVowelAndWildChoices) {
  // A/U and K: A/U as A goes left of K; as U it goes right.
  Table t(2, kAnn, {"A/U", "B", "K", "Z"});
  t.act(kBob, Keep{});
  auto layouts = t.g().layouts(kBob);
  ASSERT_EQ(layouts.size(), 2u);
  EXPECT_TRUE(contains(t.g().legal(kBob), PlaceLimits{t.lay("A/U", 'A'), t.lay("K", 'K')}));
  EXPECT_TRUE(contains(t.g().legal(kBob), PlaceLimits{t.lay("K", 'K'), t.lay("A/U", 'U')}));
  t.act(kBob, PlaceLimits{t.lay("K", 'K'), t.lay("A/U", 'U')});
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('L', 'T'));
  // Wild and a vowel card: four ways.
  Table w(2, kAnn, {"?", "B", "E/O", "Z"});
  w.act(kBob, Keep{});
  EXPECT_EQ(w.g().layouts(kBob).size(), 4u);
}

// ---- Clarification 5: turn order -----------------------------------------------------------

TEST(ThreeBeTween, Clarification5_TurnsGoRoundFromTheDealersLeftSkippingPassedAndBusted) {
  // ann deals: bob, cat, ann. cat busts in the set-up (T T), bob passes later.
  Table t(3, kAnn, {"B", "T", "C", "Z", "T", "Y", "K", "P", "Q", "M", "N"});
  t.act(kBob, Keep{});
  t.act(kCat, Keep{});
  EXPECT_EQ(t.pl(kCat).status, Status::Busted);
  t.act(kAnn, Keep{});
  EXPECT_EQ(t.g().to_act(), kBob);
  t.act(kBob, Draw{});  // K P Q: all fit
  t.place(kBob, "K", 'K');
  t.act(kBob, EndTurn{});
  EXPECT_EQ(t.g().to_act(), kAnn) << "cat is out";
  t.act(kAnn, Draw{});  // M, N, then the shoe's next card
  t.place(kAnn, "M", 'M');
  if (t.g().phase() == Phase::Place) t.act(kAnn, EndTurn{});
  EXPECT_EQ(t.g().to_act(), kBob);
  t.act(kBob, Pass{});
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  // ann plays on alone: some players get more turns than others.
  t.act(kAnn, Pass{});
  EXPECT_EQ(t.g().round(), 2);
}

// ---- Clarification 6: draw and place ----------------------------------------------------------

TEST(ThreeBeTween, Clarification6_DrawDealsAsManyCardsAsThereAreEmptySpaces) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "K", "T", "T", "M", "W", "G"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  auto e = t.act(kBob, Draw{});
  EXPECT_EQ(of_kind(e, EventKind::Drew).size(), 3u);
  EXPECT_EQ(t.pl(kBob).drawn, (std::vector<CardCode>{t.c("K"), t.c("T"), t.c("T")}));
  t.place(kBob, "K", 'K');
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});
  auto f = t.act(kBob, Draw{});
  EXPECT_EQ(of_kind(f, EventKind::Drew).size(), 2u) << "one space filled: two cards";
  t.place(kBob, "M", 'M');
  t.act(kBob, EndTurn{});
  auto g = t.act(kBob, Draw{});
  EXPECT_EQ(of_kind(g, EventKind::Drew).size(), 1u);
  EXPECT_EQ(of_kind(g, EventKind::Drew)[0].card, t.c("G"));
}

TEST(ThreeBeTween, Seed_ExampleEToN_AnLFitsButASecondLDoesNot) {
  // bob: A/E shown as E, and N.
  Table t(2, kAnn, {"A/E", "B", "N", "Z", "L", "E/O", "N", "L", "G"});
  t.act(kBob, Keep{});
  t.act(kBob, PlaceLimits{t.lay("A/E", 'E'), t.lay("N", 'N')});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // L, E/O, N
  EXPECT_EQ(t.fits(kBob, "L"), positions({'L'}));
  EXPECT_TRUE(t.fits(kBob, "N").empty()) << "the limit letter itself is not strictly between";
  EXPECT_TRUE(t.fits(kBob, "E/O").empty()) << "E is the limit, O lies past N";
  EXPECT_TRUE(t.fits(kBob, "D").empty());
  t.refused(kBob, Place{t.c("N"), pos('N')}, "does_not_fit");
  t.refused(kBob, Place{t.c("E/O"), pos('E')}, "does_not_fit");
  t.refused(kBob, Place{t.c("E/O"), pos('O')}, "does_not_fit");
  auto e = t.place(kBob, "L", 'L');
  // Nothing else fits: the turn ends by itself and E/O, N are discarded.
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Placed, EventKind::Discarded, EventKind::Discarded}));
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Pass{});
  t.act(kBob, Draw{});  // two cards: L, G
  EXPECT_TRUE(t.fits(kBob, "L").empty()) << "L is already between the limits";
  EXPECT_EQ(t.fits(kBob, "G"), positions({'G'}));
  t.refused(kBob, Place{t.c("L"), pos('L')}, "letter_taken");
  t.place(kBob, "G", 'G');
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.lay("L", 'L'), t.lay("G", 'G')}));
}

TEST(ThreeBeTween, Seed_OrderOfTheCardsBetweenTheLimitsDoesNotMatter) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "W", "G", "M"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "W", 'W');
  t.place(kBob, "G", 'G');
  auto e = t.place(kBob, "M", 'M');
  EXPECT_TRUE(has(e, EventKind::ThreeBeTween));
}

TEST(ThreeBeTween, Clarification6_AFittingCardMayBeDeclined) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "K", "M", "G"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "K", 'K');
  EXPECT_EQ(t.g().phase(), Phase::Place) << "M and G still fit";
  EXPECT_TRUE(contains(t.g().legal(kBob), EndTurn{}));
  auto e = t.act(kBob, EndTurn{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Discarded, EventKind::Discarded}));
  EXPECT_EQ(t.pl(kBob).status, Status::In);
  EXPECT_EQ(t.pl(kBob).spaces.size(), 1u);
  EXPECT_TRUE(t.pl(kBob).drawn.empty());
  auto pile = t.g().shoe().discard_pile();
  EXPECT_EQ(std::vector<CardCode>(pile.begin(), pile.end()), (std::vector<CardCode>{t.c("M"), t.c("G")}));
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification6_NothingThatFitsIsABustAtOnce) {
  Table t(2, kAnn, {"K", "C", "M", "D", "B", "C", "D"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  auto e = t.act(kBob, Draw{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Drew, EventKind::Drew, EventKind::Drew, EventKind::Discarded,
                                              EventKind::Discarded, EventKind::Discarded, EventKind::Bust}));
  EXPECT_EQ(e.back().reason, BustReason::NothingPlaced);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_FALSE(t.pl(kBob).low);
  EXPECT_TRUE(t.pl(kBob).drawn.empty());
  EXPECT_EQ(t.g().shoe().discards(), 5u) << "the three drawn and the two limit cards";
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification6_PlacingNoneOfTheFittingCardsBusts) {
  Table t(2, kAnn, {"K", "C", "M", "D", "L", "B", "C"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.g().phase(), Phase::Place);
  auto e = t.act(kBob, EndTurn{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].reason, BustReason::NothingPlaced);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
}

// ---- Clarification 7: ThreeBeTween ---------------------------------------------------------

TEST(ThreeBeTween, Clarification7_ThreeSpacesFilledThenOnlyBankOrPass) {
  Table t(2, kAnn, {"B", "D", "Z", "W", "K", "M", "G", "H", "Y", "C"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "K", 'K');
  t.place(kBob, "M", 'M');
  auto e = t.place(kBob, "G", 'G');
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Placed, EventKind::ThreeBeTween}));
  EXPECT_EQ(t.g().to_act(), kAnn) << "the turn ends with the third card";
  t.act(kAnn, Draw{});  // H fits D..W; Y and C do not
  t.place(kAnn, "H", 'H');
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(contains(legal, Bank{}));
  EXPECT_TRUE(contains(legal, Pass{}));
  t.refused(kBob, Draw{}, "no_empty_space");
}

// ---- Clarification 8: bank ----------------------------------------------------------------

// bob: B..Z with K M G between (4 + 10 + 5 + 3 + 4 = 26); ann D..W draws H Y C and places H.
Table threebetween_for_bob(std::initializer_list<std::string_view> after, const std::vector<Override>& overrides = {}) {
  std::vector<std::string_view> stack = {"B", "D", "Z", "W", "K", "M", "G", "H", "Y", "C"};
  stack.insert(stack.end(), after.begin(), after.end());
  Table t(2, kAnn, stack, overrides);
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "K", 'K');
  t.place(kBob, "M", 'M');
  t.place(kBob, "G", 'G');
  t.act(kAnn, Draw{});
  t.place(kAnn, "H", 'H');
  return t;
}

TEST(ThreeBeTween, Clarification8_BankWritesTheFiveCardsPointsDiscardsThemAndDealsTwoNewLimitsWithoutReplacement) {
  Table t = threebetween_for_bob({"A/E", "P"});
  ASSERT_EQ(t.g().to_act(), kBob);
  std::size_t discards = t.g().shoe().discards();
  auto e = t.act(kBob, Bank{});
  ASSERT_GE(e.size(), 3u);
  EXPECT_EQ(e[0].kind, EventKind::Banked);
  EXPECT_EQ(e[0].points, 26);
  EXPECT_EQ(e[1].kind, EventKind::LimitDealt);
  EXPECT_EQ(e[1].card, t.c("A/E"));
  EXPECT_EQ(e[2].kind, EventKind::LimitDealt);
  EXPECT_EQ(e[2].card, t.c("P"));
  EXPECT_EQ(t.pl(kBob).banks, std::vector<int>{26});
  EXPECT_EQ(t.pl(kBob).total, 0) << "banked points are not added to the score yet";
  EXPECT_TRUE(t.pl(kBob).spaces.empty());
  EXPECT_EQ(t.g().shoe().discards(), discards + 5);
  auto pile = t.g().shoe().discard_pile();
  std::vector<CardCode> five(pile.end() - 5, pile.end());
  std::sort(five.begin(), five.end());
  std::vector<CardCode> expected = {t.c("B"), t.c("Z"), t.c("K"), t.c("M"), t.c("G")};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(five, expected);
  // Two layouts for A/E and P: the player lays them; no keep, no replacement.
  EXPECT_EQ(t.g().phase(), Phase::PlaceLimits);
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  for (const auto& a : legal) EXPECT_TRUE(std::holds_alternative<PlaceLimits>(a));
  t.refused(kBob, Replace{t.c("P")}, "not_now");
  t.refused(kBob, Keep{}, "not_now");
  t.act(kBob, PlaceLimits{t.lay("A/E", 'A'), t.lay("P", 'P')});
  // The turn ends.
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.pl(kBob).status, Status::In);
}

TEST(ThreeBeTween, Clarification8_IdenticalLimitsAfterABankBustAndTheBankedPointsAreLost) {
  Table t = threebetween_for_bob({"T", "T"});
  auto e = t.act(kBob, Bank{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Banked, EventKind::LimitDealt, EventKind::LimitDealt, EventKind::Bust}));
  EXPECT_EQ(e.back().reason, BustReason::IdenticalLimits);
  EXPECT_EQ(e.back().points, 26) << "the banked points lost";
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_FALSE(t.pl(kBob).low);
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Pass{});
  ASSERT_EQ(t.g().sheet().size(), 1u);
  const auto& bob = t.g().sheet()[0].players[kBob];
  EXPECT_TRUE(bob.busted);
  EXPECT_EQ(bob.banks, std::vector<int>{26}) << "struck through on the sheet";
  EXPECT_EQ(bob.score, 0);
  EXPECT_EQ(t.pl(kBob).total, 0);
}

TEST(ThreeBeTween, Clarification8_TwoWildsAfterABankAreNotABust) {
  Table t = threebetween_for_bob({"?", "?"});
  auto e = t.act(kBob, Bank{});
  EXPECT_FALSE(has(e, EventKind::Bust));
  EXPECT_EQ(t.pl(kBob).low, t.wild(cards::kBeforeA));
  EXPECT_EQ(t.pl(kBob).high, t.wild(cards::kAfterZ));
  Table u = threebetween_for_bob({"?", "?"}, {{"wild_pair_busts", "true"}});
  auto f = u.act(kBob, Bank{});
  EXPECT_TRUE(has(f, EventKind::Bust));
  EXPECT_EQ(u.pl(kBob).status, Status::Busted);
}

// ---- Clarification 9: pass -----------------------------------------------------------------

TEST(ThreeBeTween, Clarification9_PassScoresBankedPointsPlusTheCardsInFront) {
  Table t = threebetween_for_bob({"F", "X", "J", "P"});  // new limits F..X: 4 + 8
  t.act(kBob, Bank{});
  t.act(kAnn, Draw{});  // J and P join H: a ThreeBeTween for ann
  t.place(kAnn, "J", 'J');
  t.place(kAnn, "P", 'P');
  ASSERT_EQ(t.g().to_act(), kBob);
  auto e = t.act(kBob, Pass{});
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, EventKind::Passed);
  EXPECT_EQ(e[0].points, 26 + 4 + 8);
  EXPECT_EQ(t.pl(kBob).status, Status::Passed);
  EXPECT_EQ(t.pl(kBob).total, 0) << "added at the tally";
  // A passed player's cards stay in front until the round ends.
  EXPECT_EQ(t.pl(kBob).low, t.lay("F", 'F'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("X", 'X'));
  auto front = t.g().cards_in_front();
  EXPECT_EQ(std::count(front.begin(), front.end(), t.c("X")), 1);
  EXPECT_EQ(t.g().to_act(), kAnn);
  auto f = t.act(kAnn, Pass{});  // D W H J P: 2 + 4 + 3 + 8 + 4
  EXPECT_EQ(f[0].points, 21);
  ASSERT_EQ(t.g().sheet().size(), 1u);
  EXPECT_EQ(t.g().sheet()[0].players[kBob].score, 38);
  EXPECT_EQ(t.g().sheet()[0].players[kBob].banks, std::vector<int>{26});
  EXPECT_FALSE(t.g().sheet()[0].players[kBob].busted);
  EXPECT_EQ(t.g().sheet()[0].players[kAnn].score, 21);
  EXPECT_EQ(t.pl(kBob).total, 38);
  EXPECT_EQ(t.pl(kAnn).total, 21);
}

TEST(ThreeBeTween, Clarification9_PassIsAllowedOnTheFirstTurnWithOnlyTheLimits) {
  Table t(2, kAnn, {"B", "D", "Z", "W"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  EXPECT_TRUE(contains(t.g().legal(kBob), Pass{}));
  EXPECT_FALSE(contains(t.g().legal(kBob), Bank{}));
  auto e = t.act(kBob, Pass{});
  EXPECT_EQ(e[0].points, 4 + 10);
  EXPECT_EQ(t.g().to_act(), kAnn);
  auto f = t.act(kAnn, Pass{});
  auto tally = of_kind(f, EventKind::Tally);
  ASSERT_EQ(tally.size(), 2u);
  EXPECT_EQ(tally[kAnn].points, 2 + 4);
  EXPECT_EQ(tally[kBob].points, 14);
}

// ---- Clarification 10: bust ----------------------------------------------------------------

TEST(ThreeBeTween, Clarification10_BustScoresZeroLosesTheBankedPointsAndDiscardsTheCards) {
  // After banking 26 bob gets L..N; then draws B, C, D: nothing fits.
  Table u = threebetween_for_bob({"L", "N", "B", "C", "D"});
  u.act(kBob, Bank{});
  EXPECT_EQ(u.pl(kBob).low, u.lay("L", 'L'));
  u.act(kAnn, Pass{});
  auto e = u.act(kBob, Draw{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].reason, BustReason::NothingPlaced);
  EXPECT_EQ(bust[0].points, 26);
  // The round is over: tallied, bob scored nothing, his cards went to the discard pile.
  ASSERT_EQ(u.g().sheet().size(), 1u);
  EXPECT_EQ(u.g().sheet()[0].players[kBob].score, 0);
  EXPECT_TRUE(u.g().sheet()[0].players[kBob].busted);
  EXPECT_EQ(u.g().sheet()[0].players[kAnn].score, 2 + 4 + 3);  // D, W, H
  EXPECT_EQ(u.pl(kBob).total, 0);
  EXPECT_EQ(u.pl(kAnn).total, 9);
}

// ---- Clarification 11: tally, target, winners, the deal ---------------------------------------

TEST(ThreeBeTween, Clarification11_TheGameEndsAtTheTallyWhereSomeoneHasReachedTheTarget) {
  Table t(2, kAnn, {"B", "D", "Z", "W", "K", "Y", "X"}, {{"target", "10"}});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});  // 14: past the target, but the round goes on
  EXPECT_FALSE(t.g().over());
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Draw{});  // K fits D..W
  t.place(kAnn, "K", 'K');
  EXPECT_FALSE(t.g().over());
  auto e = t.act(kAnn, Pass{});  // 2 + 4 + 5 = 11
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Passed, EventKind::Tally, EventKind::Tally, EventKind::GameOver}));
  EXPECT_EQ(e[1].player, kAnn);
  EXPECT_EQ(e[1].points, 11);
  EXPECT_EQ(e[1].total, 11);
  EXPECT_EQ(e[2].player, kBob);
  EXPECT_EQ(e[2].total, 14);
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.g().phase(), Phase::Over);
  EXPECT_EQ(t.g().to_act(), -1);
  EXPECT_EQ(t.g().winners(), std::vector<int>{kBob}) << "the highest total wins, both reached the target";
  EXPECT_TRUE(t.g().legal(kAnn).empty());
  EXPECT_TRUE(t.g().legal(kBob).empty());
  t.refused(kBob, Draw{}, "game_over");
  t.refused(kAnn, Pass{}, "game_over");
}

TEST(ThreeBeTween, Clarification11_ReachingTheTargetExactlyEndsTheGame) {
  Table t(2, kAnn, {"B", "D", "Z", "W"}, {{"target", "14"}});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});
  t.act(kAnn, Pass{});
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.g().winners(), std::vector<int>{kBob});
}

TEST(ThreeBeTween, Clarification11_ATieForTheHighestTotalIsASharedWin) {
  Table t(2, kAnn, {"B", "B", "Z", "Q"}, {{"target", "5"}});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});
  t.act(kAnn, Pass{});
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.pl(kAnn).total, 14);
  EXPECT_EQ(t.pl(kBob).total, 14);
  EXPECT_EQ(t.g().winners(), (std::vector<int>{kAnn, kBob}));
}

TEST(ThreeBeTween, Clarification11_BelowTheTargetTheDealPassesLeftAndANewRoundStartsWithAFullReshuffle) {
  Table t(3, kAnn, {"B", "C", "D", "Z", "Y", "X"});
  t.act(kBob, Keep{});
  t.act(kCat, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});
  t.act(kCat, Pass{});
  auto e = t.act(kAnn, Pass{});
  std::vector<EventKind> expected = {EventKind::Passed, EventKind::Tally, EventKind::Tally, EventKind::Tally,
                                     EventKind::DealerChanged, EventKind::Shuffled, EventKind::RoundStarted};
  ASSERT_GE(e.size(), expected.size());
  auto first = kinds(e);
  first.resize(expected.size());
  EXPECT_EQ(first, expected);
  EXPECT_EQ(e[4].player, kBob) << "the deal passes to the left";
  EXPECT_EQ(e[6].player, kBob);
  EXPECT_EQ(e[6].total, 2);
  auto dealt = of_kind(e, EventKind::LimitDealt);
  ASSERT_EQ(dealt.size(), 6u);
  EXPECT_EQ(dealt[0].player, kCat) << "the new dealer's left";
  EXPECT_EQ(dealt[5].player, kBob) << "the new dealer last";
  // Totals: bob B..Z 14, cat C..Y 7, ann D..X 10.
  EXPECT_EQ(t.pl(kBob).total, 14);
  EXPECT_EQ(t.pl(kCat).total, 7);
  EXPECT_EQ(t.pl(kAnn).total, 10);
  EXPECT_EQ(t.g().round(), 2);
  EXPECT_EQ(t.g().dealer(), kBob);
  // Every card came back: the shoe holds all 74 less the six just dealt.
  EXPECT_EQ(t.g().shoe().remaining(), 74u - 6u);
  EXPECT_EQ(t.g().shoe().discards(), 0u);
  EXPECT_EQ(t.g().shoe().generation(), 1);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(t.pl(p).status, Status::In);
    EXPECT_TRUE(t.pl(p).banks.empty());
    EXPECT_FALSE(t.pl(p).replacement_used);
  }
  ASSERT_EQ(t.g().sheet().size(), 1u);
  EXPECT_EQ(t.g().sheet()[0].dealer, kAnn);
  EXPECT_EQ(t.g().sheet()[0].players[kBob].total, 14);
  // The deal keeps passing left: bob, cat, ann, bob...
  const int dealers[] = {kCat, kAnn, kBob};
  for (int dealer : dealers) {
    int round = t.g().round();
    while (t.g().round() == round) t.move_along();
    EXPECT_EQ(t.g().dealer(), dealer);
    EXPECT_EQ(t.g().sheet().back().dealer, (dealer + 2) % 3);
  }
  // Totals are the sum of the round scores on the sheet.
  for (int p = 0; p < 3; ++p) {
    int sum = 0;
    for (const auto& r : t.g().sheet()) sum += r.players[static_cast<std::size_t>(p)].score;
    EXPECT_EQ(t.pl(p).total, sum);
  }
}

TEST(ThreeBeTween, Seed_GameOverWhenSomeoneHasAtLeast100AfterTheTallyByDefault) {
  // bob banks four ThreeBeTweens (28, 26, 19, 20) and passes with H..W (7): exactly 100.
  Table t(2, kAnn, {"?", "D", "?", "T", "Q", "Z", "X", "B", "Y", "J", "V", "K", "F", "W", "G", "P", "M", "B", "Y", "F",
                    "G", "P", "H", "W"});
  EXPECT_EQ(t.rules->target, 100);
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "Q", 'Q');
  t.place(kBob, "Z", 'Z');
  t.place(kBob, "X", 'X');
  t.act(kAnn, Pass{});
  const int banks[] = {28, 26, 19, 20};
  const char* draws[][3] = {{"J", "V", "K"}, {"G", "P", "M"}, {"F", "G", "P"}};
  for (int b = 0; b < 4; ++b) {
    auto e = t.act(kBob, Bank{});
    EXPECT_EQ(e[0].points, banks[b]) << b;
    EXPECT_EQ(t.pl(kBob).status, Status::In);
    if (b == 3) break;
    t.act(kBob, Draw{});
    for (const char* c : draws[b]) t.place(kBob, c, c[0]);
    EXPECT_EQ(t.pl(kBob).spaces.size(), 3u);
  }
  EXPECT_EQ(t.pl(kBob).banks, (std::vector<int>{28, 26, 19, 20}));
  EXPECT_EQ(t.pl(kBob).total, 0);
  EXPECT_FALSE(t.g().over());
  auto e = t.act(kBob, Pass{});
  EXPECT_EQ(e[0].points, 100);
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.pl(kBob).total, 100);
  EXPECT_EQ(t.pl(kAnn).total, 4);
  EXPECT_EQ(t.g().winners(), std::vector<int>{kBob});
  EXPECT_EQ(e.back().kind, EventKind::GameOver);
}

TEST(ThreeBeTween, Seed_TwoToSixPlayers) {
  auto rules = load();
  EXPECT_EQ(rules->min_players, 2);
  EXPECT_EQ(rules->max_players, 6);
  for (int n = 1; n <= 7; ++n) {
    std::vector<Event> events;
    GameSetup setup{seat_names(std::min(n, 6)), 1, std::nullopt, {}};
    if (n == 7) setup.players.push_back("gus");
    if (n < 2 || n > 6) {
      EXPECT_THROW(ThreeGame g(rules, setup, events), SetupError) << n;
    } else {
      ThreeGame g(rules, setup, events);
      EXPECT_EQ(static_cast<int>(g.players().size()), n);
      EXPECT_EQ(of_kind(events, EventKind::LimitDealt).size(), static_cast<std::size_t>(2 * n));
    }
  }
}

TEST(ThreeBeTween, Seed_DefaultsThreeSpacesTargetOneHundredReplacementOnWildPairLucky) {
  auto rules = load();
  EXPECT_EQ(rules->spaces, 3);
  EXPECT_EQ(rules->target, 100);
  EXPECT_TRUE(rules->replacement);
  EXPECT_FALSE(rules->wild_pair_busts);
  EXPECT_EQ(rules->deck, "alpha74");
  EXPECT_EQ(rules->letter_deck.size(), 74);
}

// ---- Clarification 12: the deck runs out -----------------------------------------------------

// Each test writes its deck and rule files into a fresh folder of its own.
class SmallDeck : public inbetween::testing_support::TempFolderTest {};

TEST_F(SmallDeck, Clarification12_WhenTheDeckRunsOutTheDiscardPileIsReshuffledAndCardsInFrontStay) {
  // Fourteen single consonants worth 1 each; two seats, three spaces (13 cards needed).
  std::string deck = write("tiny.toml",
                           "name = \"tiny\"\nkind = \"letters\"\n[[cards]]\n"
                           "cards = [\"B\",\"C\",\"D\",\"F\",\"G\",\"H\",\"J\",\"K\",\"L\",\"M\",\"N\",\"P\",\"Q\",\"R\"]\n"
                           "copies = 1\npoints = 1\n");
  std::string rule_file = write("tiny-rules.toml", "game = \"threebetween\"\nname = \"tiny\"\ndeck = \"" + deck +
                                                       "\"\nmax_players = 2\n");
  auto rules = load({}, rule_file);
  ASSERT_EQ(rules->letter_deck.size(), 14);
  // bob B..R, ann P..Q (nothing between).
  Table t(rules, 2, kAnn, {"B", "P", "R", "Q", "C", "D", "F", "G", "H", "J", "K", "N", "L", "M"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // C D F
  t.place(kBob, "C", 'C');
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});  // P and Q stay in front
  t.act(kBob, Draw{});  // G H
  t.place(kBob, "G", 'G');
  t.act(kBob, EndTurn{});
  t.act(kBob, Draw{});  // J
  t.place(kBob, "J", 'J');
  t.act(kBob, Bank{});  // B R C G J discarded; K..N dealt
  EXPECT_EQ(t.pl(kBob).low, t.lay("K", 'K'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("N", 'N'));
  ASSERT_EQ(t.g().shoe().remaining(), 2u);  // L M
  std::vector<CardCode> pile(t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end());
  std::sort(pile.begin(), pile.end());
  auto e = t.act(kBob, Draw{});
  ASSERT_GE(e.size(), 4u);
  EXPECT_EQ(e[0].kind, EventKind::Drew);
  EXPECT_EQ(e[0].card, t.c("L"));
  EXPECT_EQ(e[1].kind, EventKind::Drew);
  EXPECT_EQ(e[1].card, t.c("M"));
  EXPECT_EQ(e[2].kind, EventKind::Shuffled);
  EXPECT_EQ(e[2].total, 1);
  EXPECT_EQ(e[3].kind, EventKind::Drew);
  EXPECT_TRUE(std::binary_search(pile.begin(), pile.end(), e[3].card)) << "the third card comes from the old discard pile";
  EXPECT_EQ(t.g().shoe().generation(), 1);
  // The new deck is the old discard pile less that card; nothing in front went into it.
  EXPECT_EQ(t.g().shoe().remaining(), pile.size() - 1);
  EXPECT_EQ(t.g().shoe().discards(), 0u);
  for (auto c : t.g().shoe().undealt_unordered()) {
    for (const char* held : {"P", "Q", "K", "N", "L", "M"}) EXPECT_NE(c, t.c(held));
  }
  EXPECT_EQ(t.pl(kAnn).low, t.lay("P", 'P'));
  EXPECT_EQ(t.pl(kAnn).high, t.lay("Q", 'Q'));
  EXPECT_EQ(t.pl(kAnn).status, Status::Passed);
  // L and M fit K..N; the third card (from B D F H C G J R) cannot.
  t.place(kBob, "L", 'L');
  auto f = t.place(kBob, "M", 'M');
  EXPECT_EQ(kinds(f), (std::vector<EventKind>{EventKind::Placed, EventKind::Discarded}));
  // Every card is somewhere, once.
  std::vector<CardCode> all(t.g().shoe().undealt_unordered().begin(), t.g().shoe().undealt_unordered().end());
  all.insert(all.end(), t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end());
  auto front = t.g().cards_in_front();
  all.insert(all.end(), front.begin(), front.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, rules->letter_deck.contents());
  // bob passes with 5 banked + 4 in front; the next round starts from a full deck.
  auto g = t.act(kBob, Pass{});
  EXPECT_EQ(g[0].points, 9);
  EXPECT_EQ(t.pl(kBob).total, 9);
  EXPECT_EQ(t.pl(kAnn).total, 2);
  EXPECT_EQ(t.g().round(), 2);
  EXPECT_EQ(t.g().shoe().remaining(), 14u - 4u);
  EXPECT_EQ(t.g().shoe().generation(), 2);
}

// ---- illegal actions -----------------------------------------------------------------------

TEST(ThreeBeTween, Refusals_EveryIllegalActionIsRefusedWithItsCodeAndChangesNothing) {
  Table t(2, kAnn, {"B", "A/E", "Z", "K", "C", "L", "X", "L", "M", "W", "T", "V"});
  // Set-up: bob to keep or replace.
  t.refused(kAnn, Keep{}, "not_your_turn");
  t.refused(kAnn, Replace{t.c("A/E")}, "not_your_turn");
  t.refused(kBob, Replace{t.c("Q")}, "not_your_card");
  t.refused(kBob, Draw{}, "not_now");
  t.refused(kBob, Pass{}, "not_now");
  t.refused(kBob, Bank{}, "not_now");
  t.refused(kBob, EndTurn{}, "not_now");
  t.refused(kBob, Place{t.c("B"), pos('B')}, "not_now");
  t.refused(kBob, PlaceLimits{t.lay("B", 'B'), t.lay("Z", 'Z')}, "not_now");
  t.refused(2, Keep{}, "unknown_player");
  t.refused(-1, Keep{}, "unknown_player");
  t.act(kBob, Keep{});
  // ann: A/E and K, two layouts.
  ASSERT_EQ(t.g().phase(), Phase::Replace);
  t.act(kAnn, Keep{});
  ASSERT_EQ(t.g().phase(), Phase::PlaceLimits);
  t.refused(kAnn, PlaceLimits{t.lay("K", 'K'), t.lay("A/E", 'E')}, "limits_out_of_order");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'I'), t.lay("K", 'K')}, "bad_letter");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'L')}, "bad_letter");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("Z", 'Z')}, "not_your_card");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("A/E", 'E')}, "not_your_card");
  t.refused(kAnn, Keep{}, "not_now");
  t.refused(kBob, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'K')}, "not_your_turn");
  t.act(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'K')});
  // bob's turn, B..Z, nothing between yet.
  t.refused(kBob, Bank{}, "no_threebetween");
  t.refused(kBob, EndTurn{}, "not_now");
  t.refused(kBob, Place{t.c("C"), pos('C')}, "not_now");
  t.refused(kAnn, Draw{}, "not_your_turn");
  t.refused(kAnn, Pass{}, "not_your_turn");
  t.act(kBob, Draw{});  // C L X
  t.refused(kBob, Draw{}, "not_now");
  t.refused(kBob, Pass{}, "not_now");
  t.refused(kBob, Bank{}, "not_now");
  t.refused(kBob, Place{t.c("M"), pos('M')}, "not_drawn");
  t.refused(kBob, Place{t.c("C"), pos('D')}, "bad_letter");
  t.refused(kBob, Place{t.c("C"), 0}, "bad_letter");
  t.refused(kBob, Place{t.c("C"), 27}, "bad_letter");
  t.refused(kAnn, Place{t.c("C"), pos('C')}, "not_your_turn");
  t.place(kBob, "C", 'C');
  t.refused(kBob, Place{t.c("C"), pos('C')}, "not_drawn");
  t.act(kBob, EndTurn{});
  // ann: A..K draws L M W, none between: a bust at once.
  auto e = t.act(kAnn, Draw{});
  EXPECT_TRUE(has(e, EventKind::Bust));
  t.refused(kAnn, Draw{}, "not_your_turn");
  t.act(kBob, Draw{});  // T V
  t.refused(kBob, Place{t.c("T"), pos('S')}, "bad_letter");
  t.place(kBob, "T", 'T');
  t.refused(kBob, Place{t.c("T"), pos('T')}, "not_drawn");
  t.refused(kBob, Place{t.c("V"), pos('T')}, "bad_letter");
  t.place(kBob, "V", 'V');
  EXPECT_EQ(t.pl(kBob).spaces.size(), 3u);
  EXPECT_EQ(t.g().to_act(), kBob) << "ann is out: bob again";
  t.refused(kBob, Draw{}, "no_empty_space");
  t.refused(kAnn, Bank{}, "not_your_turn");
  t.refused(kBob, EndTurn{}, "not_now");

}

TEST(ThreeBeTween, Refusals_AWildInASpaceShowsNoLetter) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "T", "?", "Q", "T"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // T ? Q
  t.place(kBob, "T", 'T');
  t.refused(kBob, Place{t.c("?"), pos('K')}, "bad_letter");
  t.refused(kBob, Place{t.c("?"), pos('M')}, "bad_letter");
  t.refused(kBob, Place{t.c("?"), cards::kAfterZ}, "bad_letter");
  t.place_wild(kBob);
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});
  auto e = t.act(kBob, Draw{});  // one card: T, already there
  auto first = kinds(e);
  first.resize(4);
  // Both out: the round is tallied at once.
  EXPECT_EQ(first, (std::vector<EventKind>{EventKind::Drew, EventKind::Discarded, EventKind::Bust, EventKind::Tally}));
}

TEST(ThreeBeTween, Refusals_LetterTakenCodeWhenTheLetterIsAlreadyBetween) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "T", "M", "G", "T", "Q"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // T M G
  t.place(kBob, "T", 'T');
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});
  t.act(kBob, Draw{});  // T Q
  t.refused(kBob, Place{t.c("T"), pos('T')}, "letter_taken");
  t.place(kBob, "Q", 'Q');
}

}  // namespace
