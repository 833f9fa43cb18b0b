// Random-simulation property tests for ThreeBeTween, after OpenSpiel's RandomSimTest: random
// tables (2-6 seats), seeds, knobs and legal actions (uniformly from legal(), or from the
// sensible bot), and after every action the engine's invariants are checked:
//   (a) cards are conserved: undealt + discards + cards in front == the deck, as a multiset;
//   (b) every total is the sum of that player's round scores on the sheet;
//   (c) the legal actions are exactly the accepted ones (each listed action is accepted on a
//       copy; other seats, unlisted actions, cards not drawn, random places and layouts are
//       refused) and a refused action changes nothing;
//   (d) the protocol log, replayed into a fresh session, gives the same state and game; replayed
//       as text lines into a fresh Engine up to a random moment, the state of that moment;
//   (e) the same setup and the same actions give the same event stream.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cards/letter_card.h"
#include "cards/rng.h"
#include "games/three/action.h"
#include "games/three/three_game.h"
#include "protocol/engine_loop.h"
#include "protocol/session.h"
#include "protocol/three_codec.h"
#include "protocol/table_session.h"
#include "rules/three_rules.h"
#include "strategy/three_bots.h"

namespace {

namespace three = inbetween::games::three;
namespace protocol = inbetween::protocol;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;
using nlohmann::json;
using three::Action;
using three::ThreeGame;

constexpr int kMaxActions = 5000;

// ---- comparing games, actions, events ---------------------------------------------------------

bool same_player(const three::Player& a, const three::Player& b) {
  return a.name == b.name && a.total == b.total && a.status == b.status && a.limit_hand == b.limit_hand && a.low == b.low &&
         a.high == b.high && a.spaces == b.spaces && a.drawn == b.drawn && a.banks == b.banks &&
         a.replacement_used == b.replacement_used && a.placed_this_turn == b.placed_this_turn && a.round_score == b.round_score;
}

bool same_sheet(const std::vector<three::RoundRecord>& a, const std::vector<three::RoundRecord>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t r = 0; r < a.size(); ++r) {
    if (a[r].round != b[r].round || a[r].dealer != b[r].dealer || a[r].players.size() != b[r].players.size()) return false;
    for (std::size_t i = 0; i < a[r].players.size(); ++i) {
      const auto &x = a[r].players[i], &y = b[r].players[i];
      if (x.banks != y.banks || x.busted != y.busted || x.score != y.score || x.total != y.total) return false;
    }
  }
  return true;
}

// Everything a game shows, the shoe's order included.
bool same_game(const ThreeGame& a, const ThreeGame& b) {
  if (a.players().size() != b.players().size()) return false;
  for (std::size_t i = 0; i < a.players().size(); ++i)
    if (!same_player(a.players()[i], b.players()[i])) return false;
  auto eq = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
  return a.to_act() == b.to_act() && a.phase() == b.phase() && a.dealer() == b.dealer() && a.round() == b.round() &&
         eq(a.shoe().undealt(), b.shoe().undealt()) && eq(a.shoe().discard_pile(), b.shoe().discard_pile()) &&
         a.shoe().generation() == b.shoe().generation() && same_sheet(a.sheet(), b.sheet());
}

bool same_action(const Action& a, const Action& b) {
  if (a.index() != b.index()) return false;
  if (auto* r = std::get_if<three::Replace>(&a)) return r->card == std::get<three::Replace>(b).card;
  if (auto* p = std::get_if<three::Place>(&a)) {
    const auto& q = std::get<three::Place>(b);
    return p->card == q.card && p->position == q.position;
  }
  if (auto* l = std::get_if<three::PlaceLimits>(&a)) return *l == std::get<three::PlaceLimits>(b);
  return true;
}

bool listed(const std::vector<Action>& legal, const Action& a) {
  return std::any_of(legal.begin(), legal.end(), [&](const Action& x) { return same_action(x, a); });
}

bool same_event(const three::Event& a, const three::Event& b) {
  return a.kind == b.kind && a.player == b.player && a.has_card == b.has_card && a.has_card2 == b.has_card2 &&
         a.card == b.card && a.card2 == b.card2 && a.position == b.position && a.position2 == b.position2 &&
         a.reason == b.reason && a.points == b.points && a.total == b.total;
}

std::string describe(const ThreeGame& g, const Action& a) { return protocol::three_action_json(g.deck(), a).dump(); }

// ---- the invariants ------------------------------------------------------------------------

// (a) every copy of every card is undealt, discarded or in front of a player, once.
void check_cards(const ThreeGame& g, const std::string& where) {
  const auto& deck = g.deck();
  std::vector<int> count(deck.kinds.size(), 0);
  auto add = [&](cards::CardCode c) {
    if (c >= deck.kinds.size()) RC_FAIL(where + ": card code " + std::to_string(c) + " is no card of the deck");
    ++count[c];
  };
  for (auto c : g.shoe().undealt()) add(c);
  for (auto c : g.shoe().discard_pile()) add(c);
  for (auto c : g.cards_in_front()) add(c);
  for (std::size_t code = 0; code < deck.kinds.size(); ++code)
    if (count[code] != deck.kinds[code].copies)
      RC_FAIL(where + ": card " + deck.kinds[code].notation + " seen " + std::to_string(count[code]) + " times, the deck holds " +
              std::to_string(deck.kinds[code].copies));
}

// (b) totals are the sums of the sheet; the sheet's running totals agree; busts score nothing.
void check_scores(const ThreeGame& g, const std::string& where) {
  const auto n = g.players().size();
  std::vector<int> sum(n, 0);
  for (const auto& r : g.sheet()) {
    if (r.players.size() != n) RC_FAIL(where + ": a sheet line with the wrong number of players");
    for (std::size_t i = 0; i < n; ++i) {
      const auto& s = r.players[i];
      if (s.busted && s.score != 0) RC_FAIL(where + ": a bust scored " + std::to_string(s.score));
      if (s.score < 0) RC_FAIL(where + ": a negative round score");
      sum[i] += s.score;
      if (s.total != sum[i]) RC_FAIL(where + ": the sheet's running total is not the sum of the rounds");
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    if (g.players()[i].total != sum[i])
      RC_FAIL(where + ": " + g.players()[i].name + " has " + std::to_string(g.players()[i].total) + ", the sheet adds up to " +
              std::to_string(sum[i]));
  if (static_cast<int>(g.sheet().size()) != (g.over() ? g.round() : g.round() - 1))
    RC_FAIL(where + ": " + std::to_string(g.sheet().size()) + " tallies in round " + std::to_string(g.round()));
}

// Who acts and what lies in front of each player fits the phase.
void check_shape(const ThreeGame& g, const std::string& where) {
  const int n = static_cast<int>(g.players().size());
  const int spaces = g.rules().spaces;
  for (int i = 0; i < n; ++i) {
    const auto& p = g.players()[static_cast<std::size_t>(i)];
    if (static_cast<int>(p.spaces.size()) > spaces) RC_FAIL(where + ": more cards between the limits than spaces");
    if (p.low.has_value() != p.high.has_value()) RC_FAIL(where + ": one limit laid without the other");
    if (p.low && p.low->position >= p.high->position) RC_FAIL(where + ": limits out of order");
    if (!p.spaces.empty() && !p.low) RC_FAIL(where + ": cards between limits that are not there");
    if (p.status == three::Status::Busted &&
        (p.low || !p.limit_hand.empty() || !p.spaces.empty() || !p.drawn.empty()))
      RC_FAIL(where + ": a busted player still has cards in front");
    if (!p.drawn.empty() && (i != g.to_act() || g.phase() != three::Phase::Place))
      RC_FAIL(where + ": drawn cards outside the player's placing");
    for (const auto& s : p.spaces) {
      const auto& k = g.deck().kind(s.card);
      if (k.wild() ? s.position != 0 : !(k.shows(cards::position_letter(s.position)) && s.position > p.low->position &&
                                         s.position < p.high->position))
        RC_FAIL(where + ": a card between the limits that does not belong there");
      if (!k.wild() && std::count_if(p.spaces.begin(), p.spaces.end(), [&](const three::Lay& o) { return o.position == s.position; }) != 1)
        RC_FAIL(where + ": a letter twice between the limits");
    }
  }
  if (g.over()) {
    if (g.to_act() != -1) RC_FAIL(where + ": the game is over but someone is to act");
    auto w = g.winners();
    if (w.empty()) RC_FAIL(where + ": a game over without winners");
    int best = 0;
    for (const auto& p : g.players()) best = std::max(best, p.total);
    if (best < g.rules().target) RC_FAIL(where + ": the game ended below the target");
    for (int i : w)
      if (g.players()[static_cast<std::size_t>(i)].total != best) RC_FAIL(where + ": a winner without the highest total");
    return;
  }
  int p = g.to_act();
  if (p < 0 || p >= n) RC_FAIL(where + ": nobody is to act in a running game");
  const auto& me = g.players()[static_cast<std::size_t>(p)];
  if (me.status != three::Status::In) RC_FAIL(where + ": a player who is out is to act");
  switch (g.phase()) {
    case three::Phase::Replace:
    case three::Phase::PlaceLimits:
      if (me.limit_hand.size() != 2) RC_FAIL(where + ": laying limits without two limit cards");
      break;
    case three::Phase::Turn:
      if (!me.low) RC_FAIL(where + ": a turn without limits");
      break;
    case three::Phase::Place:
      if (me.drawn.empty()) RC_FAIL(where + ": placing with nothing drawn");
      break;
    case three::Phase::Over: RC_FAIL(where + ": phase over in a running game");
  }
}

// Applies `action` to a copy: accepted exactly when expected; a refusal leaves no trace.
void probe(const ThreeGame& g, int player, const Action& action, bool expect_accept, std::vector<three::Event>& events,
           const std::string& where) {
  ThreeGame copy = g;
  events.clear();
  auto refusal = copy.apply(player, action, events);
  auto what = [&] { return where + ": " + describe(g, action) + " by seat " + std::to_string(player); };
  if (expect_accept) {
    if (refusal) RC_FAIL(what() + " is listed as legal but refused: " + refusal->code + " (" + refusal->message + ")");
    if (events.empty()) RC_FAIL(what() + " was accepted without an event");
  } else {
    if (!refusal) RC_FAIL(what() + " is not listed as legal but was accepted");
    if (refusal->code.empty() || refusal->message.empty()) RC_FAIL(what() + " was refused without a code and reason");
    if (!events.empty()) RC_FAIL(what() + " was refused but produced events");
    if (!same_game(copy, g)) RC_FAIL(what() + " was refused but changed the game");
  }
}

// Actions worth trying for `seat` besides the listed ones: every kind, the cards in sight with
// random letters, and random layouts.
std::vector<Action> candidates(const ThreeGame& g, cards::Rng& rng) {
  std::vector<Action> out = {three::Keep{}, three::Draw{}, three::EndTurn{}, three::Bank{}, three::Pass{}};
  const auto kinds = static_cast<std::uint64_t>(g.deck().kinds.size());
  auto any_card = [&] { return static_cast<cards::CardCode>(cards::uniform_below(rng, kinds)); };
  auto any_position = [&] { return static_cast<int>(cards::uniform_below(rng, 28)); };
  out.push_back(three::Replace{any_card()});
  out.push_back(three::Place{any_card(), any_position()});
  out.push_back(three::PlaceLimits{{any_card(), any_position()}, {any_card(), any_position()}});
  if (g.to_act() < 0) return out;
  const auto& me = g.players()[static_cast<std::size_t>(g.to_act())];
  for (auto c : me.limit_hand) out.push_back(three::Replace{c});
  for (auto c : me.drawn) {
    out.push_back(three::Place{c, any_position()});
    out.push_back(three::Place{c, 0});
    for (char l : g.deck().kind(c).letters) out.push_back(three::Place{c, cards::letter_position(l)});
  }
  if (me.limit_hand.size() == 2) {
    auto a = me.limit_hand[0], b = me.limit_hand[1];
    out.push_back(three::PlaceLimits{{a, any_position()}, {b, any_position()}});
    out.push_back(three::PlaceLimits{{b, any_position()}, {a, any_position()}});
    for (const auto& l : g.layouts(g.to_act())) {
      out.push_back(three::PlaceLimits{l.high, l.low});                                   // swapped
      out.push_back(three::PlaceLimits{{l.low.card, l.low.position + 1}, l.high});        // a letter off
      out.push_back(three::PlaceLimits{l.low, {l.high.card, any_position()}});
    }
  }
  // A card of a space and a limit card are in sight but not drawn.
  if (me.low) out.push_back(three::Place{me.low->card, me.low->position});
  for (const auto& s : me.spaces) out.push_back(three::Place{s.card, s.position});
  return out;
}

// (c) legal() is empty for everyone but the player to act, and is exactly what apply() takes.
void check_legal_is_accepted(const ThreeGame& g, cards::Rng& rng, std::vector<three::Event>& scratch,
                             const std::string& where) {
  const int n = static_cast<int>(g.players().size());
  for (int p = -1; p <= n; ++p)
    if (p != g.to_act() && !g.legal(p).empty()) RC_FAIL(where + ": seat " + std::to_string(p) + " is not to act but has legal actions");
  const int actor = g.to_act();
  auto extra = candidates(g, rng);
  // A random handful of the unlisted candidates each time keeps the test fast; over a game
  // every kind comes up many times.
  auto pick = [&](std::size_t k) {
    for (std::size_t i = 0; i < std::min(k, extra.size()); ++i)
      std::swap(extra[i], extra[i + static_cast<std::size_t>(cards::uniform_below(rng, extra.size() - i))]);
    return std::vector<Action>(extra.begin(), extra.begin() + static_cast<std::ptrdiff_t>(std::min(k, extra.size())));
  };
  if (actor >= 0) {
    auto legal = g.legal(actor);
    if (legal.empty()) RC_FAIL(where + ": the player to act has no legal action");
    for (const auto& a : legal) probe(g, actor, a, true, scratch, where);
    for (const auto& a : pick(5))
      if (!listed(legal, a)) probe(g, actor, a, false, scratch, where);
    // Legal actions are concrete and distinct.
    for (std::size_t i = 0; i < legal.size(); ++i)
      for (std::size_t j = i + 1; j < legal.size(); ++j)
        if (same_action(legal[i], legal[j])) RC_FAIL(where + ": " + describe(g, legal[i]) + " is listed twice");
  }
  // Somebody else (or nobody at all) tries the acting player's moves and the rest.
  const int other = n > 1 && actor >= 0
                        ? (actor + 1 + static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(n - 1)))) % n
                        : static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(n)));
  const int outsider = cards::uniform_below(rng, 2) == 0 ? -1 : n;
  for (int seat : {other, outsider}) {
    if (seat == actor) continue;
    for (const auto& a : pick(1)) probe(g, seat, a, false, scratch, where);
    if (actor >= 0) {
      auto legal = g.legal(actor);
      probe(g, seat, legal[cards::uniform_below(rng, legal.size())], false, scratch, where);
    }
  }
}

// ---- one random game -----------------------------------------------------------------------

struct PlayedMove {
  int player;
  Action action;
};

enum class Players { Random, Sensible, Mixed };

// The first `lines` lines of a log, each as text, fed to a fresh engine (the way a program
// would send them); every one must be answered ok. Returns the last reply's state.
json replay_lines(const json& log, std::size_t lines, const std::string& where) {
  protocol::Engine engine;
  json state;
  for (std::size_t i = 0; i < lines; ++i) {
    json reply = engine.handle(log[i].dump());
    if (!reply.value("ok", false))
      RC_FAIL(where + ": log line " + std::to_string(i) + " " + log[i].dump() + " is refused on replay: " + reply.dump());
    state = reply["state"];
  }
  return state;
}

// The whole log through a fresh session: the same state JSON and the same game, shoe included.
void check_session_replay(const protocol::TableSession<three::ThreeFamily>& session, const std::string& where) {
  json log = session.log();
  auto fresh = protocol::new_session(log[0]);
  auto* replayed = dynamic_cast<protocol::TableSession<three::ThreeFamily>*>(fresh.get());
  if (!replayed) RC_FAIL(where + ": the log's first line does not start a ThreeBeTween game");
  for (std::size_t i = 1; i < log.size(); ++i) replayed->act(log[i]);
  json a = session.state(), b = replayed->state();
  if (a != b) RC_FAIL(where + ": the replayed state differs:\n  played   " + a.dump() + "\n  replayed " + b.dump());
  if (!same_game(session.game(), replayed->game())) RC_FAIL(where + ": the replayed game differs (shoe order or hidden state)");
  if (replayed->log() != log) RC_FAIL(where + ": the replayed game's log differs");
}

void play_random_game(Players who) {
  const int players = *rc::gen::element(2, 3, 4, 5, 6).as("players");
  const auto seed = *rc::gen::arbitrary<std::uint64_t>().as("seed");
  const auto play_seed = *rc::gen::arbitrary<std::uint64_t>().as("seed of the play");
  const bool name_dealer = *rc::gen::inRange(0, 4).as("dealer named when 3") == 3;
  const int stacked_count = *rc::gen::element(0, 0, 0, 2, 4, 8, 12).as("stacked cards");
  const int target = *rc::gen::element(100, 100, 40, 15).as("target");
  const int spaces = *rc::gen::element(3, 3, 3, 1, 2, 4, 5).as("spaces");
  const bool wild_pair_busts = *rc::gen::element(false, false, true).as("wild_pair_busts");
  const bool replacement = *rc::gen::element(true, true, true, false).as("replacement");

  cards::Rng rng = cards::make_rng(play_seed, cards::RngStream::Bots);

  json request = {{"cmd", "new"}, {"rules", "threebetween"}, {"seed", seed}};
  request["set"] = {{"target", std::to_string(target)},
                    {"spaces", std::to_string(spaces)},
                    {"wild_pair_busts", wild_pair_busts ? "true" : "false"},
                    {"replacement", replacement ? "true" : "false"}};
  three::Setup setup;
  setup.seed = seed;
  for (int i = 0; i < players; ++i) setup.players.push_back("p" + std::to_string(i));
  request["players"] = setup.players;
  if (name_dealer) {
    setup.dealer = static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(players)));
    request["dealer"] = setup.players[static_cast<std::size_t>(*setup.dealer)];
  }
  auto session_ptr = protocol::new_session(request);
  auto* session = dynamic_cast<protocol::TableSession<three::ThreeFamily>*>(session_ptr.get());
  RC_ASSERT(session != nullptr);
  if (stacked_count > 0) {
    // Stacked cards drawn from the deck's contents, so never more copies than it holds.
    const cards::LetterDeck letters = session->game().deck();
    auto pool = letters.contents();
    json deck = json::array();
    for (int i = 0; i < stacked_count; ++i) {
      auto j = static_cast<std::size_t>(i) + cards::uniform_below(rng, pool.size() - static_cast<std::size_t>(i));
      std::swap(pool[static_cast<std::size_t>(i)], pool[j]);
      setup.stacked.push_back(pool[static_cast<std::size_t>(i)]);
      deck.push_back(letters.kind(pool[static_cast<std::size_t>(i)]).notation);
    }
    request["deck"] = deck;
    session_ptr = protocol::new_session(request);
    session = dynamic_cast<protocol::TableSession<three::ThreeFamily>*>(session_ptr.get());
    RC_ASSERT(session != nullptr);
  }
  auto shared_rules = std::make_shared<const rules::ThreeRules>(session->game().rules());
  const std::string tag = "seed " + std::to_string(seed) + ", " + std::to_string(players) + " players, spaces " +
                          std::to_string(spaces) + ", target " + std::to_string(target);

  std::vector<std::unique_ptr<strategy::ThreeBot>> bots;
  for (int i = 0; i < players; ++i) {
    bool sensible = who == Players::Sensible || (who == Players::Mixed && cards::uniform_below(rng, 2) == 0);
    bots.push_back(strategy::make_three_bot(sensible ? "sensible" : "random"));
  }

  auto opening = session->table().opening();
  std::vector<three::Event> stream(opening.begin(), opening.end());
  std::vector<PlayedMove> moves;
  std::vector<three::Event> events, scratch;

  // (d) at one random moment the state is kept, to compare with a replay of the log so far.
  // (Replaying as text is slow under the sanitizers: one game in three, within its first 100 actions.)
  const int checkpoint = cards::uniform_below(rng, 3) == 0 ? static_cast<int>(cards::uniform_below(rng, 100)) : -1;
  json checkpoint_state;
  std::size_t checkpoint_lines = 0;

  int actions = 0;
  while (!session->game().over() && actions < kMaxActions) {
    const ThreeGame& g = session->game();
    const std::string where = tag + ", action " + std::to_string(actions) + " (round " + std::to_string(g.round()) + ")";
    check_cards(g, where);
    check_scores(g, where);
    check_shape(g, where);
    check_legal_is_accepted(g, rng, scratch, where);

    if (actions == checkpoint) {
      checkpoint_state = session->state();
      checkpoint_lines = session->log().size();
    }
    const int p = g.to_act();
    Action action = bots[static_cast<std::size_t>(p)]->choose(g, p, rng);
    if (!listed(g.legal(p), action)) RC_FAIL(where + ": the bot chose an unlisted action " + describe(g, action));
    events.clear();
    if (auto refusal = session->table().apply(p, action, events))
      RC_FAIL(where + ": " + describe(g, action) + " refused: " + refusal->code + " " + refusal->message);
    stream.insert(stream.end(), events.begin(), events.end());
    moves.push_back({p, action});
    ++actions;
  }
  const ThreeGame& g = session->game();
  check_cards(g, tag + ", end");
  check_scores(g, tag + ", end");
  check_shape(g, tag + ", end");
  check_legal_is_accepted(g, rng, scratch, tag + ", end");
  if (!g.over()) RC_FAIL(tag + ": the game did not end within " + std::to_string(kMaxActions) + " actions");
  RC_TAG(actions < 100 ? "under 100 actions" : actions < 400 ? "100-399 actions" : actions < 1000 ? "400-999 actions" : "1000+ actions");

  // (d) the whole log into a fresh session gives the same game; the log up to the checkpoint,
  // as text lines into a fresh engine, gives the state of that moment.
  check_session_replay(*session, tag + ", log replay");
  if (checkpoint_lines > 0) {
    json state = replay_lines(session->log(), checkpoint_lines, tag + ", replay to action " + std::to_string(checkpoint));
    if (state != checkpoint_state)
      RC_FAIL(tag + ": the log replayed to action " + std::to_string(checkpoint) + " gives another state:\n  played   " +
              checkpoint_state.dump() + "\n  replayed " + state.dump());
  } else if (checkpoint >= 0) {
    json state = replay_lines(session->log(), session->log().size(), tag + ", replay");
    if (state != session->state()) RC_FAIL(tag + ": the log replayed line by line gives another state");
  }

  // (e) the same setup and the same actions give the same events, and the same game.
  std::vector<three::Event> again;
  ThreeGame replay(shared_rules, setup, again);
  for (const auto& m : moves) {
    if (auto refusal = replay.apply(m.player, m.action, again)) RC_FAIL(tag + ": a replayed action is refused: " + refusal->code);
  }
  if (again.size() != stream.size())
    RC_FAIL(tag + ": the replay said " + std::to_string(again.size()) + " events, the game " + std::to_string(stream.size()));
  for (std::size_t i = 0; i < again.size(); ++i)
    if (!same_event(again[i], stream[i]))
      RC_FAIL(tag + ": replayed event " + std::to_string(i) + " differs: " + three::event_name(again[i].kind) + " vs " +
              three::event_name(stream[i].kind));
  if (!same_game(replay, g)) RC_FAIL(tag + ": the replayed game differs");
}

RC_GTEST_PROP(ThreeProperty, RandomLegalActionsKeepEveryInvariant, ()) { play_random_game(Players::Random); }

RC_GTEST_PROP(ThreeProperty, SensibleBotsAndMixedTablesKeepEveryInvariant, ()) {
  play_random_game(*rc::gen::element(Players::Sensible, Players::Mixed).as("players: all sensible, or mixed"));
}

// The random player passes half its turns: its games end well within the cap.
TEST(ThreeProperty, RandomGamesEndWithinTheCap) {
  auto rules = std::make_shared<const rules::ThreeRules>(rules::load_three_rules("threebetween"));
  strategy::RandomThreeBot bot;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<three::Event> events;
    ThreeGame g(rules, three::Setup{{"a", "b", "c", "d"}, seed, std::nullopt, {}}, events);
    cards::Rng rng = cards::make_rng(seed, cards::RngStream::Bots);
    int actions = 0;
    while (!g.over() && actions < kMaxActions) {
      int p = g.to_act();
      ASSERT_FALSE(g.apply(p, bot.choose(g, p, rng), events));
      ++actions;
    }
    EXPECT_TRUE(g.over()) << "seed " << seed;
  }
}

}  // namespace
