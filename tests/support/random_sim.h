#pragma once
// The generic random simulation, after OpenSpiel's RandomSimTest: plays one seeded game of any
// family F (games::Family) on a typed table::Table<F>, chosen uniformly from legal_actions() or
// by bots of F::Bots, and checks after every action what tests/random_sim_test.cpp lists.
// The family's own meaning of chips and cards comes from SimTraits<F> (random_sim_traits.h).
// A broken invariant throws SimFailure; everything about a game follows from its GameSpec.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cards/rng.h"
#include "games/game.h"
#include "protocol/codec.h"
#include "protocol/engine_loop.h"
#include "protocol/table_session.h"
#include "rules/rule_files.h"
#include "games/table.h"

#include "random_sim_traits.h"

namespace inbetween::sim {

using nlohmann::json;

// One game: everything else (seats, shoe seed, dealer, stacked cards, the random choices)
// follows from `seed`, so a failure names what replays it.
struct GameSpec {
  std::string rules;                        // a preset name or a rule file's path
  std::vector<rules::Override> overrides;   // knobs set as `--set` would
  std::string driver;                       // "uniform" (random legal choices), "mixed", or a bot kind
  std::uint64_t seed = 0;
  bool protocol = false;                    // also played through an Engine, whose log is replayed
};

inline std::string describe(const GameSpec& s) {
  std::string out = "rules " + s.rules;
  for (const auto& o : s.overrides) out += " --set " + o.knob + "=" + o.value;
  out += ", driver " + s.driver + ", seed " + std::to_string(s.seed);
  if (s.protocol) out += ", through the protocol";
  return out;
}

// What a game covered, for the test's summary.
struct GameStats {
  int actions = 0;
  bool over = false;
  bool reshuffled = false;
  long accepted_probes = 0;
  long refused_probes = 0;
};

// Seat names, one with a space and one beyond ASCII, so the protocol carries them as they are.
inline std::vector<std::string> sim_names(int n) {
  static const char* const kNames[] = {"ann", "bob", "cy", "Zoë", "dee eve", "fay", "gus", "hal"};
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(i < 8 ? kNames[i] : "p" + std::to_string(i));
  return out;
}

template <games::Family F>
class Sim {
 public:
  using T = SimTraits<F>;
  using Game = typename F::Game;
  using Rules = typename F::Rules;
  using Action = typename F::Action;
  using Event = typename F::Event;
  using Choices = std::vector<games::Choice<Action>>;
  using Bot = typename F::Bots::Bot;

  Sim(GameSpec spec, std::shared_ptr<const Rules> rules)
      : spec_(std::move(spec)), rules_(std::move(rules)), rng_(cards::make_rng(spec_.seed, cards::RngStream::Bots)) {
    players_ = rules_->min_players +
               static_cast<int>(cards::uniform_below(rng_, static_cast<std::uint64_t>(rules_->max_players - rules_->min_players + 1)));
    setup_.players = sim_names(players_);
    setup_.seed = rng_();
    if (cards::uniform_below(rng_, 4) == 0)
      setup_.dealer = static_cast<Seat>(cards::uniform_below(rng_, static_cast<std::uint64_t>(players_)));
    // Stacked cards drawn from the shoe's contents, so never more copies than it holds.
    static constexpr int kStacked[] = {0, 0, 0, 0, 0, 1, 2, 3, 6, 12};
    int stacked = kStacked[cards::uniform_below(rng_, std::size(kStacked))];
    auto pool = T::full_shoe(*rules_);
    for (int i = 0; i < stacked && static_cast<std::size_t>(i) < pool.size(); ++i) {
      auto j = static_cast<std::size_t>(i) + cards::uniform_below(rng_, pool.size() - static_cast<std::size_t>(i));
      std::swap(pool[static_cast<std::size_t>(i)], pool[j]);
      setup_.stacked.push_back(pool[static_cast<std::size_t>(i)]);
    }
    for (auto c : T::full_shoe(*rules_)) {
      if (c >= deck_counts_.size()) deck_counts_.resize(c + 1u, 0);
      ++deck_counts_[c];
    }
    tag_ = describe(spec_) + "; " + std::to_string(players_) + " players, shoe seed " + std::to_string(setup_.seed) +
           (setup_.dealer ? ", dealer named" : "") + ", " + std::to_string(setup_.stacked.size()) + " stacked";
  }

  GameStats run();

 private:
  // ---- the state, compared in full --------------------------------------------------------

  // What anyone can see (the protocol's state of a spectator's view), the shoe's hidden order
  // and discards, and every seat's legal choices (seats -1 .. n).
  struct Snapshot {
    json state;
    std::vector<CardCode> undealt, discards;
    int generation = 0;
    std::vector<Choices> legal;
  };
  // `with_state`: the protocol state too (JSON is slow under the sanitizers: one step in four).
  Snapshot snapshot(const Game& g, bool with_state) const {
    Snapshot s;
    if (with_state) s.state = protocol::Codec<F>::state(g.view(games::kNobody));
    s.undealt.assign(g.shoe().undealt_unordered().begin(), g.shoe().undealt_unordered().end());
    s.discards.assign(g.shoe().discard_pile().begin(), g.shoe().discard_pile().end());
    s.generation = g.shoe().generation();
    for (Seat p = -1; p <= players_; ++p) g.legal_actions(p, s.legal.emplace_back());
    return s;
  }
  static bool same_choices(const Choices& a, const Choices& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!T::same_action(a[i].action, b[i].action) || a[i].least != b[i].least || a[i].most != b[i].most) return false;
    return true;
  }
  void expect_same(const Snapshot& before, const Game& g, const std::string& what) const {
    Snapshot now = snapshot(g, !before.state.is_null());
    if (now.state != before.state) fail(what + ": the state changed:\n  before " + before.state.dump() + "\n  after  " + now.state.dump());
    if (now.undealt != before.undealt || now.discards != before.discards || now.generation != before.generation)
      fail(what + ": the shoe changed");
    for (std::size_t i = 0; i < before.legal.size(); ++i)
      if (!same_choices(before.legal[i], now.legal[i]))
        fail(what + ": the legal choices of seat " + std::to_string(static_cast<int>(i) - 1) + " changed");
  }

  // ---- invariants of one state ------------------------------------------------------------

  std::string text(const Game& g, const Action& a) const { return protocol::Codec<F>::action(g, a).dump(); }

  // Cards: undealt + discarded + on the table == the shoe's contents, card by card.
  void check_cards(const Game& g, const std::string& where) {
    counts_.assign(deck_counts_.size(), 0);
    std::size_t total = 0;
    auto add = [&](CardCode c) {
      if (c >= counts_.size()) fail(where + ": card code " + std::to_string(c) + " is no card of the shoe");
      ++counts_[c];
      ++total;
    };
    for (auto c : g.shoe().undealt_unordered()) add(c);
    for (auto c : g.shoe().discard_pile()) add(c);
    for (auto c : T::cards_on_table(g)) add(c);
    if (counts_ != deck_counts_) {
      std::size_t size = 0;
      for (int k : deck_counts_) size += static_cast<std::size_t>(k);
      fail(where + ": cards not conserved: " + std::to_string(total) + " accounted for (" + std::to_string(g.shoe().remaining()) +
           " undealt, " + std::to_string(g.shoe().discards()) + " discarded, the rest on the table), the shoe holds " +
           std::to_string(size) + (total == size ? "; some card is there a wrong number of times" : ""));
    }
  }

  // Whether `choice` admits `a` (an amount anywhere in its range).
  static bool admits(const games::Choice<Action>& c, const Action& a) {
    if (c.action.index() != a.index()) return false;
    if (auto amount = T::amount(a))
      return *amount >= c.least && *amount <= c.most && T::same_action(F::with_amount(c.action, *amount), a);
    return T::same_action(c.action, a);
  }
  static bool listed(const Choices& cs, const Action& a) {
    return std::any_of(cs.begin(), cs.end(), [&](const auto& c) { return admits(c, a); });
  }

  // Who acts, and the shape of every seat's choices.
  void check_choices(const Game& g, const std::vector<Choices>& legal, const std::string& where) const {
    const Seat actor = g.to_act();
    if (g.over() != (actor == games::kNobody)) fail(where + ": over() and to_act() disagree");
    if (!g.over() && (actor < 0 || actor >= players_)) fail(where + ": seat " + std::to_string(actor) + " is to act");
    auto winners = g.winners();
    if (!g.over() && !winners.empty()) fail(where + ": winners before the game is over");
    for (std::size_t i = 0; i < winners.size(); ++i)
      if (winners[i] < 0 || winners[i] >= players_ || (i > 0 && winners[i] <= winners[i - 1]))
        fail(where + ": winners are not distinct seats in order");
    for (Seat p = -1; p <= players_; ++p) {
      const Choices& cs = legal[static_cast<std::size_t>(p + 1)];
      const std::string who = where + ": seat " + std::to_string(p);
      if ((p < 0 || p >= players_) && !cs.empty()) fail(who + ", which does not exist, has legal choices");
      if (g.over() && !cs.empty()) fail(who + " has legal choices after the game is over");
      if (p == actor && !g.over() && cs.empty()) fail(who + " is to act but has no legal choice");
      for (std::size_t i = 0; i < cs.size(); ++i) {
        const auto& c = cs[i];
        auto amount = T::amount(c.action);
        if (amount ? (*amount != c.least || c.least > c.most) : (c.least != 0 || c.most != 0))
          fail(who + ": choice " + text(g, c.action) + " has a bad range " + std::to_string(c.least) + ".." + std::to_string(c.most));
        for (std::size_t j = 0; j < i; ++j)
          if (admits(cs[j], c.action) || admits(c, cs[j].action)) fail(who + ": " + text(g, c.action) + " is listed twice");
      }
    }
    for (Seat p : outsiders())
      if (std::vector<games::Choice<Action>> cs; g.legal_actions(p, cs), !cs.empty())
        fail(where + ": seat " + std::to_string(p) + ", which does not exist, has legal choices");
  }
  std::vector<Seat> outsiders() const {
    return {-2, players_ + 1, 127, 128, 1000, std::numeric_limits<Seat>::min(), std::numeric_limits<Seat>::max()};
  }

  void check_state(const Game& g, const std::string& where) {
    T::check(g, where);
    check_cards(g, where);
    if (g.over()) T::check_over(g, where);
  }

  // ---- legal equals accepted, and a refusal changes nothing -------------------------------

  // The amounts worth trying of a choice: its limits and a point between.
  std::vector<Action> amounts_of(const games::Choice<Action>& c) {
    if (!T::amount(c.action) || c.least == c.most) return {c.action};
    Chips mid = c.least + static_cast<Chips>(cards::uniform_below(rng_, static_cast<std::uint64_t>(c.most - c.least + 1)));
    return {F::with_amount(c.action, c.least), F::with_amount(c.action, c.most), F::with_amount(c.action, mid)};
  }

  void expect_accepted(const Game& g, Seat seat, const Action& a, const std::string& where) {
    Game copy = g;
    scratch_.clear();
    auto what = [&] { return where + ": " + text(g, a) + " by seat " + std::to_string(seat); };
    if (auto refusal = copy.apply(seat, a, scratch_))
      fail(what() + " is listed as legal but refused: " + refusal->code + " (" + refusal->message + ")");
    if (scratch_.empty()) fail(what() + " was accepted without an event");
    check_state(copy, what() + ", accepted on a copy");
    ++stats_.accepted_probes;
  }

  void expect_refused(Game& work, const Game& g, Seat seat, const Action& a, const std::string& where) {
    scratch_.clear();
    auto what = [&] { return where + ": " + text(g, a) + " by seat " + std::to_string(seat); };
    auto refusal = work.apply(seat, a, scratch_);
    if (!refusal) fail(what() + " is not listed as legal but was accepted");
    if (refusal->code.empty() || refusal->message.empty()) fail(what() + " was refused without a code and a reason");
    if (!scratch_.empty()) fail(what() + " was refused but produced events");
    if (!T::same_game(work, g)) fail(what() + " was refused but changed the game");
    ++stats_.refused_probes;
  }

  // Unlisted candidates: every alternative of the Action variant (as it is, with amount 1 and a
  // random one) and the family's own (cards in sight...), shuffled; the caller filters them.
  std::vector<Action> candidates(const Game& g, Seat seat) {
    std::vector<Action> out;
    add_alternatives(out, std::make_index_sequence<std::variant_size_v<Action>>{});
    T::extra_probes(g, seat, rng_, out);
    for (std::size_t i = 0; i + 1 < out.size(); ++i)
      std::swap(out[i], out[i + static_cast<std::size_t>(cards::uniform_below(rng_, out.size() - i))]);
    return out;
  }
  template <std::size_t... I>
  void add_alternatives(std::vector<Action>& out, std::index_sequence<I...>) {
    (add_alternative(out, Action(std::in_place_index<I>)), ...);
  }
  void add_alternative(std::vector<Action>& out, const Action& a) {
    out.push_back(a);
    if (T::amount(a)) {
      out.push_back(F::with_amount(a, 1));
      out.push_back(F::with_amount(a, 2 + static_cast<Chips>(cards::uniform_below(rng_, 300))));
    }
  }

  // Every choice listed for the player to act (and for one other seat) is accepted on a copy,
  // at its limits and a point between; one beyond either limit, unlisted alternatives, the
  // acting player's choices for another seat and for seats that do not exist are refused; a
  // refusal says why, says nothing else and changes nothing.
  void probe(const Game& g, const std::string& where) {
    Snapshot before = snapshot(g, cards::uniform_below(rng_, 4) == 0);
    check_choices(g, before.legal, where);
    auto legal_of = [&](Seat p) -> const Choices& { return before.legal[static_cast<std::size_t>(p + 1)]; };
    const Seat actor = g.to_act();
    Seat other = static_cast<Seat>(cards::uniform_below(rng_, static_cast<std::uint64_t>(players_)));
    if (other == actor && players_ > 1) other = (other + 1 + static_cast<Seat>(cards::uniform_below(rng_, static_cast<std::uint64_t>(players_ - 1)))) % players_;
    auto out = outsiders();
    const Seat outsider = cards::uniform_below(rng_, 3) == 0 ? games::kNobody : out[cards::uniform_below(rng_, out.size())];

    std::vector<Seat> acting = {other};
    if (actor >= 0 && actor != other) acting.push_back(actor);
    for (Seat s : acting)
      for (const auto& c : legal_of(s))
        for (const auto& a : amounts_of(c)) expect_accepted(g, s, a, where);

    Game work = g;  // refusals in a row on one copy: each must leave it as `g`
    const Choices none;
    for (Seat s : {actor, other, outsider}) {
      const Choices& mine = s >= 0 && s < players_ ? legal_of(s) : none;
      std::vector<Action> tries;
      // One beyond either limit of every ranged choice, and absurd amounts.
      for (const auto& c : mine)
        if (T::amount(c.action))
          for (Chips x : {c.least - 1, c.most + 1, Chips{0}, Chips{-1}, std::numeric_limits<Chips>::max(), std::numeric_limits<Chips>::min()})
            tries.push_back(F::with_amount(c.action, x));
      // The acting player's choices, tried by somebody else.
      if (s != actor && actor >= 0)
        for (const auto& c : legal_of(actor)) {
          tries.push_back(c.action);
          if (c.most != c.least) tries.push_back(F::with_amount(c.action, c.most));
        }
      std::size_t extra = s == actor ? 6 : 3;
      for (const auto& a : candidates(g, s == games::kNobody || s >= players_ || s < 0 ? actor : s)) {
        if (extra == 0) break;
        tries.push_back(a);
        --extra;
      }
      for (const auto& a : tries)
        if (!listed(mine, a)) expect_refused(work, g, s, a, where);
    }
    expect_same(before, work, where + ": after the refused probes");
  }

  // ---- choosing the moves -----------------------------------------------------------------

  // A uniformly random listed choice; amounts favour the limits. Now and then a seat that is not
  // to act takes a choice of its own (a rebuy), where it has one.
  std::pair<Seat, Action> random_move(const Game& g) {
    Seat seat = g.to_act();
    if (cards::uniform_below(rng_, 8) == 0) {
      std::vector<Seat> others;
      for (Seat p = 0; p < players_; ++p)
        if (p != seat && (g.legal_actions(p, choices_), !choices_.empty())) others.push_back(p);
      if (!others.empty()) seat = others[cards::uniform_below(rng_, others.size())];
    }
    g.legal_actions(seat, choices_);
    const auto& c = choices_[cards::uniform_below(rng_, choices_.size())];
    if (!T::amount(c.action)) return {seat, c.action};
    Chips amount = c.least;
    switch (cards::uniform_below(rng_, 4)) {
      case 0: amount = c.least; break;
      case 1: amount = c.most; break;
      default: amount = c.least + static_cast<Chips>(cards::uniform_below(rng_, static_cast<std::uint64_t>(c.most - c.least + 1)));
    }
    return {seat, F::with_amount(c.action, amount)};
  }

  // ---- the game behind the protocol -------------------------------------------------------

  json events_json(const Game& g, std::span<const Event> events) const {
    json out = json::array();
    for (const auto& e : events) out.push_back(protocol::Codec<F>::event(g, e));
    return out;
  }
  json ask(protocol::Engine& engine, const json& request, const std::string& where) const {
    json reply = engine.handle(request.dump());
    if (!reply.value("ok", false)) fail(where + ": the engine refused " + request.dump() + ": " + reply.dump());
    return reply;
  }
  json new_request() const {
    json r = {{"cmd", "new"}, {"rules", spec_.rules}, {"players", setup_.players}, {"seed", setup_.seed}, {"state", false}};
    if (!spec_.overrides.empty()) {
      r["set"] = json::object();
      for (const auto& o : spec_.overrides) r["set"][o.knob] = o.value;
    }
    if (setup_.dealer) r["dealer"] = setup_.players[static_cast<std::size_t>(*setup_.dealer)];
    if (!setup_.stacked.empty()) {
      r["deck"] = json::array();
      for (auto c : setup_.stacked) r["deck"].push_back(T::card_notation(*rules_, c));
    }
    return r;
  }
  // The engine's game, hidden state included, is the typed table's.
  void expect_engine_game(protocol::Engine& engine, const Game& g, const std::string& where) const {
    auto* session = dynamic_cast<protocol::TableSession<F>*>(engine.session());
    if (!session) fail(where + ": the engine plays another family");
    if (!T::same_game(session->game(), g)) fail(where + ": the engine's game differs from the table's (hidden state or shoe)");
  }
  // Feeds the played engine's log, from line `fed_`, to the follower, which must then show the
  // same state as the played engine and the typed table.
  void follow(protocol::Engine& played, protocol::Engine& follower, const Game& g, const std::string& where) {
    json log = ask(played, {{"cmd", "log"}}, where)["log"];
    for (; fed_ < log.size(); ++fed_) ask(follower, log[fed_], where + ", replaying log line " + std::to_string(fed_));
    json a = ask(played, {{"cmd", "state"}}, where)["state"], b = ask(follower, {{"cmd", "state"}}, where)["state"];
    json mine = protocol::Codec<F>::state(g.view(games::kNobody));
    if (a != mine) fail(where + ": the engine's state differs from the table's:\n  engine " + a.dump() + "\n  table  " + mine.dump());
    if (b != a) fail(where + ": the log, replayed line by line, gives another state:\n  played   " + a.dump() + "\n  replayed " + b.dump());
    expect_engine_game(follower, g, where + ", the replayed log");
  }

  GameSpec spec_;
  std::shared_ptr<const Rules> rules_;
  cards::Rng rng_;  // the play's own randomness: seats, setup, random choices, probes
  int players_ = 0;
  games::Setup setup_;
  std::string tag_;
  std::vector<int> deck_counts_, counts_;
  std::vector<Event> scratch_;
  Choices choices_;
  std::size_t fed_ = 0;
  GameStats stats_;
};

}  // namespace inbetween::sim

#include "random_sim_run.h"
