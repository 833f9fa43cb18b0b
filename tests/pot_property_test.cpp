// Random-simulation property tests for the pot games, after OpenSpiel's RandomSimTest: for
// every preset (and a few variants set by knobs), random tables, seeds, named dealers, stacked
// decks and random legal actions (rebuys included where allowed) play whole games, and after
// every action the engine's invariants are checked:
//   (a) chips are conserved: stacks + wagers + pot + house == chips_in(); nothing negative;
//   (b) cards are conserved: undealt + discards + table == the full shoe, each card `decks` times;
//   (c) the legal actions are exactly the accepted ones (bets at min, max and between; min-1 and
//       max+1, unlisted types, other seats and seats that do not exist are refused), and a
//       refused action changes nothing and says nothing;
//   (d) one game in kProtocolEvery is also played behind the protocol (PotSession): its log(),
//       fed line by line to a fresh Engine, shows the same state at random points and the end;
//   (e) the same setup and the same actions give the same event stream, bit for bit.
// And liveness: a game of unlimited deals never reaches a state where nobody can bet again.
// Games of presets with a finite number of deals must end (within kMaxActions); the others
// stop at kMaxUnlimitedActions. These sizes keep the file at 10-20 s in a Debug+ASan build.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cards/card.h"
#include "cards/rng.h"
#include "games/pot/pot_game.h"
#include "protocol/engine_loop.h"
#include "protocol/json_codec.h"
#include "protocol/table_session.h"
#include "rules/rule_files.h"
#include "strategy/bots.h"

namespace {

namespace pot = inbetween::games::pot;
namespace protocol = inbetween::protocol;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;
using nlohmann::json;
using pot::Action;
using pot::Chips;
using pot::PotGame;

// Enough for every finite preset at the largest table (they must end before it).
constexpr int kMaxActions = 3000;
// Where games of unlimited deals stop (most end before: the pot empties or one player is left).
constexpr int kMaxUnlimitedActions = 1000;
// One game in this many is also played behind the protocol and replayed from its log.
constexpr int kProtocolEvery = 4;

// ---- comparing whole games -----------------------------------------------------------------

// Everything a game holds, hidden order of the shoe included; allocates nothing.
bool same_game(const PotGame& a, const PotGame& b) {
  auto sa = a.players(), sb = b.players();
  if (sa.size() != sb.size()) return false;
  for (std::size_t i = 0; i < sa.size(); ++i)
    if (sa[i].name != sb[i].name || sa[i].chips != sb[i].chips || sa[i].bought != sb[i].bought ||
        sa[i].wager != sb[i].wager || sa[i].raised != sb[i].raised)
      return false;
  const auto &pa = a.posts(), &pb = b.posts();
  return a.pot() == b.pot() && a.phase() == b.phase() && a.to_act() == b.to_act() &&
         a.dealer() == b.dealer() && a.deals_done() == b.deals_done() && a.deals_total() == b.deals_total() &&
         pa.count == pb.count && pa.cards == pb.cards && pa.ace == pb.ace && a.third_card() == b.third_card() &&
         std::ranges::equal(a.shoe().undealt(), b.shoe().undealt()) &&
         std::ranges::equal(a.shoe().discard_pile(), b.shoe().discard_pile()) &&
         a.shoe().generation() == b.shoe().generation();
}

bool same_event(const pot::Event& a, const pot::Event& b) {
  return a.kind == b.kind && a.player == b.player && a.has_card == b.has_card && a.card == b.card && a.ace == b.ace &&
         a.outcome == b.outcome && a.amount == b.amount;
}

std::string describe(const Action& action) { return protocol::action_json(action).dump(); }

// ---- the invariants ------------------------------------------------------------------------

// (a) chips: everything that came in is on a stack, on the table, in the pot or with the house.
void check_chips(const PotGame& g, const std::string& where) {
  Chips total = g.pot();
  for (const auto& s : g.players()) {
    if (s.chips < 0 || s.wager < 0) RC_FAIL(where + ": " + s.name + " holds a negative stack or wager");
    total += s.chips + s.wager;
  }
  if (g.pot() < 0) RC_FAIL(where + ": the pot is negative");
  if (total != g.chips_in())
    RC_FAIL(where + ": chips not conserved: " + std::to_string(total) + " on the table, " +
            std::to_string(g.chips_in()) + " came in");
}

// (b) cards: every copy of every card is in the shoe, the discards or on the table, once.
void check_cards(const PotGame& g, const std::string& where) {
  const int decks = g.rules().decks;
  std::array<int, cards::kStandardDeckSize> count{};
  std::size_t total = 0;
  auto add = [&](cards::CardCode c) {
    if (c >= cards::kStandardDeckSize) RC_FAIL(where + ": card code " + std::to_string(c) + " is no card");
    ++count[c];
    ++total;
  };
  for (auto c : g.shoe().undealt()) add(c);
  for (auto c : g.shoe().discard_pile()) add(c);
  for (auto c : g.table_cards()) add(c.code);
  if (total != static_cast<std::size_t>(decks * cards::kStandardDeckSize))
    RC_FAIL(where + ": " + std::to_string(total) + " cards accounted for, the shoe holds " +
            std::to_string(decks * cards::kStandardDeckSize));
  for (int code = 0; code < cards::kStandardDeckSize; ++code)
    if (count[static_cast<std::size_t>(code)] != decks)
      RC_FAIL(where + ": card " + cards::to_string(cards::Card{static_cast<cards::CardCode>(code)}) + " seen " +
              std::to_string(count[static_cast<std::size_t>(code)]) + " times, expected " + std::to_string(decks));
}

// A game that is not over waits on exactly one player who has something to do.
void check_progress(const PotGame& g, const std::string& where) {
  if (g.over()) {
    if (g.to_act() != -1) RC_FAIL(where + ": the game is over but someone is to act");
    return;
  }
  int p = g.to_act();
  if (p < 0 || p >= static_cast<int>(g.players().size())) RC_FAIL(where + ": nobody is to act in a running game");
  pot::Legal l = g.legal(p);
  if (!(l.bet || l.pass || l.call || l.raise || l.stand))
    RC_FAIL(where + ": the player to act has no action but rebuy");
  if (l.bet && (l.bet_min < g.rules().min_bet || l.bet_max < l.bet_min))
    RC_FAIL(where + ": bad bet range " + std::to_string(l.bet_min) + ".." + std::to_string(l.bet_max));
}

// Tries actions on a copy of a game. The copy is assigned, not rebuilt, so that its buffers are
// reused, and only after it changed: thousands of probes per game stay cheap under sanitizers.
class Prober {
 public:
  explicit Prober(const PotGame& g) : copy_(g) { events_.reserve(64); }

  // Call when the game moved on: the next probe copies it afresh.
  void game_changed() { stale_ = true; }

  // `action` must be accepted (and leave a sound game) or refused (and leave the game exactly
  // as it was, with no events).
  void probe(const PotGame& g, int player, const Action& action, bool expect_accept, const std::string& where) {
    if (stale_) copy_ = g;
    stale_ = expect_accept;  // a refused action must leave the copy equal to `g` (checked below)
    events_.clear();
    auto refusal = copy_.apply(player, action, events_);
    auto what = [&] { return where + ": " + describe(action) + " by seat " + std::to_string(player); };
    if (expect_accept) {
      if (refusal) RC_FAIL(what() + " is listed as legal but refused: " + refusal->code + " (" + refusal->message + ")");
      check_chips(copy_, where);
      check_cards(copy_, where);
    } else {
      if (!refusal) RC_FAIL(what() + " is not listed as legal but was accepted");
      if (refusal->code.empty() || refusal->message.empty()) RC_FAIL(what() + " was refused without a code and reason");
      if (!events_.empty()) RC_FAIL(what() + " was refused but produced events");
      if (!same_game(copy_, g)) RC_FAIL(what() + " was refused but changed the game");
    }
  }

 private:
  PotGame copy_;
  bool stale_ = false;
  std::vector<pot::Event> events_;
};

// (c) legal() for every seat (and two that do not exist) fits the state; for the player to act,
// one other seat and one seat that does not exist, every listed action is accepted on a copy of
// the game and every other one refused without a trace.
void check_legal_is_accepted(const PotGame& g, cards::Rng& rng, Prober& prober, const std::string& where) {
  prober.game_changed();
  const auto& r = g.rules();
  const int n = static_cast<int>(g.players().size());
  // Probing every seat on every action would be slow at a full table; a random other seat and a
  // random impossible one each time cover them all over a game.
  const int other = n > 1 && g.to_act() >= 0
                        ? (g.to_act() + 1 + static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(n - 1)))) % n
                        : static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(n)));
  const int outsider = cards::uniform_below(rng, 2) == 0 ? -1 : n;
  for (int p = -1; p <= n; ++p) {
    pot::Legal l = g.legal(p);
    bool seated = p >= 0 && p < n;
    bool acting = seated && p == g.to_act();
    if (!seated && l.any()) RC_FAIL(where + ": a seat that does not exist has legal actions");
    if (seated && !acting && (l.bet || l.pass || l.call || l.raise || l.stand))
      RC_FAIL(where + ": seat " + std::to_string(p) + " is not to act but may do more than rebuy");
    if (g.over() && l.any()) RC_FAIL(where + ": the game is over but seat " + std::to_string(p) + " may act");
    if (l.rebuy != (seated && !g.over() && r.rebuys)) RC_FAIL(where + ": rebuy listed where the rules say otherwise");
    if (!acting && p != other && p != outsider) continue;

    auto probe = [&](const Action& action, bool accept) { prober.probe(g, p, action, accept, where); };
    // Bets: the limits and a point between are accepted; one chip beyond either is refused.
    if (l.bet) {
      probe(pot::Bet{l.bet_min}, true);
      probe(pot::Bet{l.bet_max}, true);
      auto span = static_cast<std::uint64_t>(l.bet_max - l.bet_min + 1);
      probe(pot::Bet{l.bet_min + static_cast<Chips>(cards::uniform_below(rng, span))}, true);
      probe(pot::Bet{l.bet_min - 1}, false);
      probe(pot::Bet{l.bet_max + 1}, false);
    } else {
      probe(pot::Bet{r.min_bet}, false);
      if (r.min_bet != 1) probe(pot::Bet{1}, false);
    }
    probe(pot::Pass{}, l.pass);
    probe(pot::Call{pot::AceValue::High}, l.call);
    probe(pot::Call{pot::AceValue::Low}, l.call);
    probe(pot::Raise{}, l.raise);
    probe(pot::Stand{}, l.stand);
    if (l.rebuy) {
      probe(pot::Rebuy{1}, true);
      probe(pot::Rebuy{l.rebuy_max}, true);
      probe(pot::Rebuy{0}, false);
      probe(pot::Rebuy{l.rebuy_max + 1}, false);
    } else {
      probe(pot::Rebuy{1}, false);
    }
  }
}

// (d) the state of the game as the protocol shows it, plus the shoe's order, which it hides.
void check_same_state(const protocol::TableSession<pot::PotFamily>& session, protocol::Engine& engine, const std::string& where) {
  auto* replayed = dynamic_cast<protocol::TableSession<pot::PotFamily>*>(engine.session());
  if (!replayed) RC_FAIL(where + ": the replaying engine has no pot game");
  json a = session.state(), b = replayed->state();
  if (a != b) RC_FAIL(where + ": the replayed state differs:\n  played   " + a.dump() + "\n  replayed " + b.dump());
  if (!same_game(session.game(), replayed->game()))
    RC_FAIL(where + ": the replayed game differs (shoe order or hidden state)");
}

// Feeds log lines [from, end) to the engine; every one must be answered ok.
std::size_t feed(protocol::Engine& engine, const json& log, std::size_t from, const std::string& where) {
  for (std::size_t i = from; i < log.size(); ++i) {
    json reply = engine.handle(log[i].dump());
    if (!reply.value("ok", false))
      RC_FAIL(where + ": log line " + std::to_string(i) + " " + log[i].dump() + " is refused on replay: " + reply.dump());
  }
  return log.size();
}

// ---- one random game -----------------------------------------------------------------------

struct PlayedMove {
  int player;
  Action action;
};

// A random legal action for the player to act: bet amounts favour the limits, which is where
// games end and limits bite.
Action random_action(const PotGame& g, cards::Rng& rng) {
  pot::Legal l = g.legal(g.to_act());
  std::vector<Action> options;
  if (l.bet) {
    Chips amount = l.bet_min;
    switch (cards::uniform_below(rng, 4)) {
      case 0: amount = l.bet_min; break;
      case 1: amount = l.bet_max; break;
      default:
        amount = l.bet_min + static_cast<Chips>(cards::uniform_below(rng, static_cast<std::uint64_t>(l.bet_max - l.bet_min + 1)));
    }
    options.push_back(pot::Bet{amount});
  }
  if (l.pass) options.push_back(pot::Pass{});
  if (l.call) {
    options.push_back(pot::Call{pot::AceValue::High});
    options.push_back(pot::Call{pot::AceValue::Low});
  }
  if (l.raise) options.push_back(pot::Raise{});
  if (l.stand) options.push_back(pot::Stand{});
  if (options.empty()) RC_FAIL("no legal action for the player to act");
  return options[cards::uniform_below(rng, options.size())];
}

// `sets`: knob overrides, as a `new` request's "set" carries them.
void play_random_game(const std::string& preset, const std::vector<rules::Override>& sets = {}) {
  const auto rules = std::make_shared<const rules::PotRules>(rules::load_pot_rules(preset, sets));
  const int players = *rc::gen::inRange(rules->min_players, rules->max_players + 1).as("players");
  const auto seed = *rc::gen::arbitrary<std::uint64_t>().as("seed");
  const auto play_seed = *rc::gen::arbitrary<std::uint64_t>().as("seed of the random play");
  const bool use_random_bot = *rc::gen::arbitrary<bool>().as("moves from RandomBot");
  const bool name_dealer = *rc::gen::weightedElement<bool>({{3, false}, {1, true}}).as("dealer named");
  const int stacked_count = *rc::gen::element(0, 0, 0, 0, 1, 2, 3, 6).as("stacked cards");
  const bool with_protocol =
      *rc::gen::weightedElement<bool>({{kProtocolEvery - 1, false}, {1, true}}).as("also behind the protocol");
  // Games of unlimited deals stop at the cap; the finite presets end long before it.
  const int max_actions = rules::total_deals(*rules, players) > 0 ? kMaxActions : kMaxUnlimitedActions;

  cards::Rng rng = cards::make_rng(play_seed, cards::RngStream::Bots);

  // The `new` request, as a program would send it.
  json request = {{"cmd", "new"}, {"rules", preset}, {"seed", seed}};
  if (!sets.empty()) {
    request["set"] = json::object();
    for (const auto& o : sets) request["set"][o.knob] = o.value;
  }
  pot::Setup setup;
  setup.seed = seed;
  for (int i = 0; i < players; ++i) setup.players.push_back("p" + std::to_string(i));
  request["players"] = setup.players;
  if (name_dealer) {
    setup.dealer = static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(players)));
    request["dealer"] = setup.players[static_cast<std::size_t>(*setup.dealer)];
  }
  if (stacked_count > 0) {
    // Distinct cards, so that any number of decks holds them.
    std::vector<cards::CardCode> all(cards::kStandardDeckSize);
    for (int c = 0; c < cards::kStandardDeckSize; ++c) all[static_cast<std::size_t>(c)] = static_cast<cards::CardCode>(c);
    json deck = json::array();
    for (int i = 0; i < stacked_count; ++i) {
      auto j = static_cast<std::size_t>(i) + cards::uniform_below(rng, all.size() - static_cast<std::size_t>(i));
      std::swap(all[static_cast<std::size_t>(i)], all[j]);
      setup.stacked.push_back(all[static_cast<std::size_t>(i)]);
      deck.push_back(cards::to_string(cards::Card{all[static_cast<std::size_t>(i)]}));
    }
    request["deck"] = deck;
  }
  const std::string tag = preset + " seed " + std::to_string(seed) + ", " + std::to_string(players) + " players";

  // The state machine itself, fed the random moves; everything the game said, for the
  // bit-for-bit replay (e), and the moves that made it say it.
  std::vector<pot::Event> stream;
  PotGame game(rules, setup, stream);
  std::vector<PlayedMove> moves;
  std::vector<pot::Event> events;
  events.reserve(64);
  Prober prober(game);

  // (d) The same game behind the protocol, given the same moves, and an engine that follows its
  // log as it grows. JSON is slow under the sanitizers, so only some games take this part.
  std::unique_ptr<protocol::TableSession<pot::PotFamily>> session;
  protocol::Engine follower;
  std::size_t fed = 0;
  if (with_protocol) {
    session = std::make_unique<protocol::TableSession<pot::PotFamily>>(protocol::common_setup(request), rules);
    if (!same_game(session->game(), game)) RC_FAIL(tag + ": the session starts another game than the setup");
    const auto& opening = session->table().opening();
    if (opening.size() != stream.size() || !std::equal(opening.begin(), opening.end(), stream.begin(), same_event))
      RC_FAIL(tag + ": the session's opening events differ from the game's");
    fed = feed(follower, session->log(), 0, tag + ", opening");
    check_same_state(*session, follower, tag + ", opening");
  }

  strategy::RandomBot bot;
  check_chips(game, tag + ", opening");
  check_cards(game, tag + ", opening");
  check_progress(game, tag + ", opening");
  check_legal_is_accepted(game, rng, prober, tag + ", opening");

  int actions = 0;
  // Liveness, for games of unlimited deals (the others end by the deal count): decisions in a
  // row where the player to bet could not. A game where nobody can ever bet again cannot end.
  const bool unlimited = rules::total_deals(*rules, players) == 0;
  const int stall_limit = 8 * players + 16;
  int stalled = 0;
  int next_checkpoint = 1 + static_cast<int>(cards::uniform_below(rng, 8));
  while (!game.over() && actions < max_actions) {
    std::string where = tag + ", action " + std::to_string(actions + 1);
    int player = game.to_act();
    if (unlimited && (game.phase() == pot::Phase::Bet || game.phase() == pot::Phase::Wager)) {
      stalled = game.legal(player).bet ? 0 : stalled + 1;
      if (stalled > stall_limit) {
        std::string stacks;
        for (const auto& seat : game.players()) stacks += " " + std::to_string(seat.chips);
        RC_FAIL(where + ": stuck: " + std::to_string(stalled) + " turns in a row without a possible bet; pot " +
                std::to_string(game.pot()) + ", stacks" + stacks + "; the game can never end");
      }
    }
    Action action = use_random_bot ? bot.choose(game, player, rng) : random_action(game, rng);
    // Now and then somebody (not necessarily the one to act) buys chips.
    if (rules->rebuys && cards::uniform_below(rng, 8) == 0) {
      player = static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(players)));
      action = pot::Rebuy{1 + static_cast<Chips>(cards::uniform_below(rng, static_cast<std::uint64_t>(rules->rebuy_max)))};
    }
    events.clear();
    if (auto refusal = game.apply(player, action, events))
      RC_FAIL(where + ": " + describe(action) + " from a legal choice was refused: " + refusal->message);
    ++actions;
    moves.push_back({player, action});
    stream.insert(stream.end(), events.begin(), events.end());

    check_chips(game, where);
    check_cards(game, where);
    check_progress(game, where);
    check_legal_is_accepted(game, rng, prober, where);

    if (session) {
      events.clear();
      if (auto refusal = session->table().apply(player, action, events))
        RC_FAIL(where + ": the session refused " + describe(action) + ": " + refusal->message);
      if (!same_game(session->game(), game)) RC_FAIL(where + ": the session's game went another way");
      if (actions == next_checkpoint) {
        fed = feed(follower, session->log(), fed, where);
        check_same_state(*session, follower, where);
        // Random points, further apart as the game grows: log() copies the whole log each time.
        next_checkpoint =
            actions + 1 + static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(std::max(8, actions))));
      }
    }
  }

  const std::string end = tag + ", end after " + std::to_string(actions) + " actions";
  if (rules::total_deals(*rules, players) > 0 && !game.over())
    RC_FAIL(end + ": a game of a finite number of deals did not end");
  if (game.over()) {
    // A pot game always has a winner (Red Dog, where the house may beat everyone, is a family of its own).
    if (game.winners().empty()) RC_FAIL(end + ": the game is over without winners");
    if (stream.empty() || stream.back().kind != pot::EventKind::GameOver) RC_FAIL(end + ": no game_over event last");
  }

  // (d) the follower is a fresh engine that was fed the log line by line: with the rest of the
  // log it must show the same game, and hold the same log.
  if (session) {
    json log = session->log();
    if (log.size() != moves.size() + 1) RC_FAIL(end + ": the log does not hold one line per move");
    feed(follower, log, fed, end);
    check_same_state(*session, follower, end);
    if (follower.session()->log() != log) RC_FAIL(end + ": the replayed game's log differs from the original");
  }

  // (e) the same setup and moves, straight on the state machine, say exactly the same.
  std::vector<pot::Event> again;
  PotGame twin(rules, setup, again);
  for (const auto& m : moves) {
    if (auto refusal = twin.apply(m.player, m.action, again))
      RC_FAIL(end + ": the replay refused " + describe(m.action) + ": " + refusal->message);
  }
  if (again.size() != stream.size())
    RC_FAIL(end + ": the replay made " + std::to_string(again.size()) + " events, the game " + std::to_string(stream.size()));
  for (std::size_t i = 0; i < stream.size(); ++i)
    if (!same_event(stream[i], again[i])) RC_FAIL(end + ": event " + std::to_string(i) + " differs on replay");
  if (!same_game(twin, game)) RC_FAIL(end + ": the replayed game ends in another state");

  RC_CLASSIFY(game.over(), "game over");
  RC_CLASSIFY(game.shoe().generation() > 0, "reshuffled");
}

}  // namespace

RC_GTEST_PROP(PotRandomSim, Hoyle, ()) { play_random_game("hoyle"); }
RC_GTEST_PROP(PotRandomSim, Hoyle3, ()) { play_random_game("hoyle-3"); }
RC_GTEST_PROP(PotRandomSim, Banker, ()) { play_random_game("banker"); }
RC_GTEST_PROP(PotRandomSim, BetweenTheSheets, ()) { play_random_game("between-the-sheets"); }
RC_GTEST_PROP(PotRandomSim, AceyDeucey, ()) { play_random_game("acey-deucey"); }

// Variants the presets leave out, set as a `new` request would: the seed's ace-low-first
// banker game, aces called in either place, losses capped at the stack with double post hits,
// and Red Dog from a single deck that runs out mid-hand.
RC_GTEST_PROP(PotRandomSim, BankerFirstAceCalled, ()) { play_random_game("banker", {{"first_ace", "call"}}); }
RC_GTEST_PROP(PotRandomSim, SheetsBothAcesCalled, ()) {
  play_random_game("between-the-sheets", {{"second_ace", "call"}});
}
RC_GTEST_PROP(PotRandomSim, HoyleCapLossPassHitPost, ()) {
  play_random_game("hoyle", {{"loss_limit", "cap-loss"}, {"allow_pass", "true"}, {"post_hit_multiplier", "2"}});
}

// Short stacks: players go broke, sit out, are forced to pass for want of an affordable bet, and
// games end on the last player with chips.
RC_GTEST_PROP(PotRandomSim, ShortStacksHoyle, ()) { play_random_game("hoyle", {{"start_chips", "3"}}); }
RC_GTEST_PROP(PotRandomSim, ShortStacksSheets, ()) { play_random_game("between-the-sheets", {{"start_chips", "6"}}); }
RC_GTEST_PROP(PotRandomSim, ShortStacksBanker, ()) {
  play_random_game("banker", {{"start_chips", "3"}, {"banker_stake", "2"}, {"rebuy_max", "3"}});
}
