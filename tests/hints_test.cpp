// Every hint names only legal actions, in random games of every pot preset and through the
// protocol; the optimal bot beats the sensible one over a fixed set of games.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/odds_table.h"

namespace {

using namespace inbetween::testing_support::odds;

// ---- every hint names only legal actions ------------------------------------------------------

std::vector<std::string> pot_presets() {
  std::vector<std::string> out;
  for (const auto& name : rules::preset_names())
    if (inbetween::games::family_of(name) == inbetween::games::pot::PotFamily::key) out.push_back(name);
  return out;
}

// A game of `players` seats named p0, p1, ..., dealt and seated from `seed`.
pot::PotGame seeded_game(const RulesPtr& r, int players, std::uint64_t seed, std::vector<pot::Event>& events) {
  pot::Setup setup;
  for (int i = 0; i < players; ++i) setup.players.push_back("p" + std::to_string(i));
  setup.seed = seed;
  return pot::PotGame(r, setup, events);
}

// The action is accepted by the engine as the game stands (tried on a copy).
bool accepted(const pot::PotGame& game, const pot::Action& action, std::string& why) {
  pot::PotGame copy = game;
  std::vector<pot::Event> events;
  auto refusal = copy.apply(game.to_act(), action, events);
  if (refusal) why = refusal->code + ": " + refusal->message;
  return !refusal;
}

std::string action_text(const pot::Action& a) { return protocol::table_action_json(a).dump(); }

TEST(Hints, AdviseNamesOnlyLegalActionsInRandomGamesOfEveryPreset) {
  auto presets = pot_presets();
  ASSERT_GE(presets.size(), 5u);
  strategy::RandomBot random_bot;
  strategy::OptimalBot optimal_bot;
  long hints = 0;
  for (const auto& preset : presets) {
    auto r = load(preset);
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      std::vector<pot::Event> events;
      pot::PotGame game = seeded_game(r, std::max(r->min_players, static_cast<int>(2 + seed % 3)), seed, events);
      auto rng = cards::make_rng(seed, cards::RngStream::Bots);
      for (int move = 0; move < 400 && !game.over(); ++move) {
        int seat = game.to_act();
        ASSERT_GE(seat, 0);
        auto advice = strategy::advise(game);
        ASSERT_TRUE(advice) << preset << " seed " << seed;
        EXPECT_EQ(advice->player, seat);
        ASSERT_FALSE(advice->choices.empty());
        pot::Legal legal = game.legal(seat);
        std::string why;
        double top = kMinusInf;
        for (const auto& choice : advice->choices) {
          EXPECT_TRUE(accepted(game, choice.action, why)) << preset << " seed " << seed << ": " << action_text(choice.action) << " " << why;
          EXPECT_TRUE(std::isfinite(choice.ev)) << action_text(choice.action);
          EXPECT_FALSE(std::holds_alternative<pot::Rebuy>(choice.action));
          top = std::max(top, choice.ev);
        }
        // Best first, as every hint lists them (docs/protocol.md, "hint").
        EXPECT_TRUE(std::is_sorted(advice->choices.begin(), advice->choices.end(),
                                   [](const strategy::PotChoice& a, const strategy::PotChoice& b) { return a.ev > b.ev; }))
            << preset << " seed " << seed;
        EXPECT_EQ(action_text(advice->choices.front().action), action_text(advice->best));
        EXPECT_TRUE(accepted(game, advice->best, why)) << preset << ": best " << action_text(advice->best) << " " << why;
        if (advice->kelly) {
          EXPECT_TRUE(accepted(game, *advice->kelly, why)) << preset << ": kelly " << why;
        }
        // The best is a listed choice with the top EV; every legal kind of choice is listed.
        auto best = std::find_if(advice->choices.begin(), advice->choices.end(),
                                 [&](const strategy::PotChoice& c) { return action_text(c.action) == action_text(advice->best); });
        ASSERT_NE(best, advice->choices.end());
        EXPECT_EQ(best->ev, top);
        auto has = [&](const pot::Action& a) {
          return std::any_of(advice->choices.begin(), advice->choices.end(),
                             [&](const strategy::PotChoice& c) { return action_text(c.action) == action_text(a); });
        };
        if (legal.pass) {
          EXPECT_TRUE(has(pot::Pass{})) << preset;
        }
        if (legal.bet) {
          EXPECT_TRUE(has(pot::Bet{legal.bet_min}) && has(pot::Bet{legal.bet_max})) << preset;
        }
        if (legal.call) {
          EXPECT_TRUE(has(pot::Call{pot::AceValue::High}) && has(pot::Call{pot::AceValue::Low})) << preset;
        }
        ++hints;
        // Mostly random play, to reach odd positions; sometimes the advice itself.
        pot::Action action = move % 3 == 2 ? advice->best : random_bot.choose(game, seat, rng);
        events.clear();
        ASSERT_FALSE(game.apply(seat, action, events)) << action_text(action);
      }
    }
  }
  std::cout << "[ hints ] " << hints << " hints checked\n";
  EXPECT_GT(hints, 1000);
}

using inbetween::testing::ask;

TEST(Hints, ProtocolHintsAreLegalBotActsAsSaidAndGameOverIsRefused) {
  const std::vector<std::string> kinds = {"random", "optimal", "sensible", "cautious"};
  int games = 0;
  for (const auto& preset : pot_presets()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      json request = {{"cmd", "new"}, {"rules", preset}, {"players", {"ann", "bob", "cy"}}, {"seed", seed}};
      protocol::Engine with_bot, by_hand;
      ASSERT_TRUE(ask(with_bot, request)["ok"].get<bool>()) << preset;
      ASSERT_TRUE(ask(by_hand, request)["ok"].get<bool>());
      auto* session = dynamic_cast<protocol::TableSession<inbetween::games::pot::PotFamily>*>(with_bot.session());
      ASSERT_NE(session, nullptr);
      std::vector<json> said_actions;
      for (int move = 0; move < 300 && !session->over(); ++move) {
        // The chances to win (playouts, protocol/win_hint.h) at every 20th: win_hint_test.cpp checks them.
        json hint = ask(with_bot, move % 20 == 0 ? json{{"cmd", "hint"}} : json{{"cmd", "hint"}, {"win", false}});
        ASSERT_TRUE(hint["ok"].get<bool>()) << hint.dump();
        const auto& game = session->game();
        EXPECT_EQ(hint["player"], game.players()[static_cast<std::size_t>(game.to_act())].name);
        std::string why;
        for (const auto& choice : hint["choices"])
          EXPECT_TRUE(accepted(game, protocol::pot_action_from_json(choice["action"]), why)) << preset << " " << choice.dump() << " " << why;
        EXPECT_TRUE(accepted(game, protocol::pot_action_from_json(hint["best"]), why)) << hint.dump() << " " << why;
        if (hint.contains("kelly")) {
          EXPECT_TRUE(accepted(game, protocol::pot_action_from_json(hint["kelly"]), why)) << hint.dump();
        }
        // `act` with a bot applies exactly the action bot_action names; the same action given by
        // hand to a twin engine gives the same events and state.
        const std::string& kind = kinds[static_cast<std::size_t>(move) % kinds.size()];
        json said = protocol::table_action_json(session->typed().bot_action(*inbetween::games::pot::PotFamily::Bots::make(kind)));
        json reply = ask(with_bot, {{"cmd", "act"}, {"bot", kind}});
        ASSERT_TRUE(reply["ok"].get<bool>()) << reply.dump();
        EXPECT_EQ(reply["action"], said);
        json twin = ask(by_hand, {{"cmd", "act"}, {"action", said}});
        ASSERT_TRUE(twin["ok"].get<bool>()) << twin.dump();
        EXPECT_EQ(reply["events"], twin["events"]);
        EXPECT_EQ(reply["state"], twin["state"]);
        said_actions.push_back(said);
      }
      // The log records exactly the actions the bots said.
      json played = ask(with_bot, {{"cmd", "log"}})["log"];
      ASSERT_EQ(played.size(), said_actions.size() + 1);
      for (std::size_t i = 0; i < said_actions.size(); ++i) EXPECT_EQ(played[i + 1]["action"], said_actions[i]) << i;
      if (!session->over()) continue;
      ++games;
      // The game is over: a hint is refused, and nothing changes.
      json state = ask(with_bot, {{"cmd", "state"}});
      json log = ask(with_bot, {{"cmd", "log"}});
      json refused = ask(with_bot, {{"cmd", "hint"}});
      EXPECT_FALSE(refused["ok"].get<bool>());
      EXPECT_EQ(refused["error"]["code"], "nobody_to_act") << refused.dump();
      EXPECT_NE(refused["error"]["message"].get<std::string>().find("nobody is to act"), std::string::npos);
      json bot_refused = ask(with_bot, {{"cmd", "act"}, {"bot", "optimal"}});
      EXPECT_FALSE(bot_refused["ok"].get<bool>());
      EXPECT_EQ(bot_refused["error"]["code"], "nobody_to_act") << bot_refused.dump();
      EXPECT_EQ(ask(with_bot, {{"cmd", "state"}}), state);
      EXPECT_EQ(ask(with_bot, {{"cmd", "log"}}), log);
    }
  }
  EXPECT_GE(games, 10) << "too few games reached their end";
}

// ---- the optimal bot beats the sensible one ----------------------------------------------------

// Heads-up games, seats alternated: the optimal bot's and the sensible bot's total net chips.
// A game that has not ended after 2000 decisions (between-the-sheets runs until the pot is empty,
// which two careful players can put off for long) is counted as it stands.
// ---- the sensible bot's chance, counted, against every unseen card ----------------------------

// The chance a third card falls strictly between the posts, by walking a fresh shoe of the
// rules' decks less the two posts: what chance_between counts without a walk.
double chance_by_walking(const pot::PotGame& game) {
  const auto& posts = game.posts();
  int decks = game.rules().decks, between = 0, unseen = 0;
  std::array<int, cards::kStandardDeckSize> left{};
  left.fill(decks);
  for (int i = 0; i < posts.count; ++i) --left[posts.cards[static_cast<std::size_t>(i)].code];
  for (int code = 0; code < cards::kStandardDeckSize; ++code) {
    int v = Card{static_cast<cards::CardCode>(code)}.rank();  // a third card's ace is high
    unseen += left[static_cast<std::size_t>(code)];
    if (v > posts.low() && v < posts.high()) between += left[static_cast<std::size_t>(code)];
  }
  return static_cast<double>(between) / unseen;
}

TEST(SensibleBot, ChanceBetweenCountsEveryUnseenCardBetweenThePosts) {
  strategy::RandomBot random_bot;
  long bets = 0, aces_low = 0;
  for (const auto& preset : pot_presets()) {
    for (int decks : {1, 2, 6}) {
      auto r = load(preset, {{"decks", std::to_string(decks)}});
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        std::vector<pot::Event> events;
        pot::PotGame game = seeded_game(r, 3, seed, events);
        auto rng = cards::make_rng(seed, cards::RngStream::Bots);
        for (int move = 0; move < 300 && !game.over(); ++move) {
          int seat = game.to_act();
          if (game.phase() == pot::Phase::Bet && game.posts().count == 2) {
            ++bets;
            aces_low += game.posts().low() == 1 ? 1 : 0;
            EXPECT_EQ(strategy::chance_between(game), chance_by_walking(game))
                << preset << " decks " << decks << " seed " << seed << " posts " << cards::to_string(game.posts().cards[0]) << " "
                << cards::to_string(game.posts().cards[1]);
          }
          events.clear();
          ASSERT_FALSE(game.apply(seat, random_bot.choose(game, seat, rng), events));
        }
      }
    }
  }
  EXPECT_GT(bets, 1000);
  EXPECT_GT(aces_low, 0);  // an ace called low was among them (between-the-sheets)
}

struct MatchResult {
  Chips optimal = 0, sensible = 0;
  int games = 0, unfinished = 0;
};
MatchResult optimal_vs_sensible(const RulesPtr& r, std::uint64_t seeds) {
  strategy::OptimalBot optimal;
  strategy::SensibleBot sensible;
  MatchResult result;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    for (int optimal_seat = 0; optimal_seat < 2; ++optimal_seat) {
      std::vector<pot::Event> events;
      pot::PotGame game = seeded_game(r, 2, seed, events);
      auto rng = cards::make_rng(seed, cards::RngStream::Bots);
      for (int move = 0; move < 2000 && !game.over(); ++move) {
        int seat = game.to_act();
        const strategy::PotBot& bot = seat == optimal_seat ? static_cast<const strategy::PotBot&>(optimal) : sensible;
        events.clear();
        auto refusal = game.apply(seat, bot.choose(game, seat, rng), events);
        EXPECT_FALSE(refusal) << refusal->message;
        if (refusal) return result;
      }
      ++result.games;
      result.unfinished += game.over() ? 0 : 1;
      for (int s = 0; s < 2; ++s) {
        const auto& seat = game.players()[static_cast<std::size_t>(s)];
        (s == optimal_seat ? result.optimal : result.sensible) += seat.chips - seat.bought;
      }
    }
  }
  return result;
}

TEST(OptimalBot, BeatsTheSensibleBotOverAFixedSetOfGames) {
  // Measured over these very seeds (docs/odds.md, dealing version 2): hoyle 378 chips (2000
  // games), between-the-sheets 5070 chips (2000 games).
  // Per pair of games the margin's mean is about 0.3 chips (sd 1.6) in hoyle and 4.5 (sd 22) in
  // between-the-sheets, so 1000 seeds put the observed totals more than six standard deviations
  // above zero; the asserted margins are about half of what was observed.
  struct Match {
    std::string preset;
    std::uint64_t seeds;
    Chips margin;  // asserted: optimal's total net minus sensible's total net exceeds this
  };
  const std::vector<Match> matches = {{"hoyle", 1000, 150}, {"between-the-sheets", 1000, 2000}};
  for (const auto& m : matches) {
    auto result = optimal_vs_sensible(load(m.preset), m.seeds);
    Chips margin = result.optimal - result.sensible;
    std::cout << "[ optimal vs sensible ] " << m.preset << ", " << result.games << " heads-up games (" << result.unfinished
              << " stopped at 2000 decisions): optimal " << result.optimal << ", sensible " << result.sensible << ", margin "
              << margin << " (asserted > " << m.margin << ")\n";
    EXPECT_EQ(result.games, static_cast<int>(2 * m.seeds));
    EXPECT_GT(margin, m.margin) << m.preset;
  }
}

}  // namespace
