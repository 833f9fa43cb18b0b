#include "families/three/model.h"

#include "families/three/solver.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace inbetween::strategy {

using cards::CardCode;
using model::letter_bit;
using model::letters_between;

// ---- compositions and positions (the public face, three_position.h) -------------------------

Composition fresh_composition(const cards::LetterDeck& deck) {
  std::vector<int> counts;
  for (const auto& k : deck.kinds) counts.push_back(k.copies);
  return composition_of(counts);
}

Composition composition_of(const std::vector<int>& counts) {
  double total = 0;
  for (int c : counts) total += std::max(0, c);
  Composition out(counts.size(), 0.0);
  if (total <= 0) throw std::invalid_argument("a composition needs at least one card");
  for (std::size_t i = 0; i < counts.size(); ++i) out[i] = std::max(0, counts[i]) / total;
  return out;
}

Composition remaining_composition(const games::three::ThreeGame& game) {
  auto counts = game.shoe().remaining_counts();
  counts.resize(game.deck().kinds.size(), 0);
  // An empty shoe is refilled from the discards: then those are what remains.
  if (std::accumulate(counts.begin(), counts.end(), 0) == 0) {
    for (CardCode c : game.shoe().discard_pile()) ++counts[c];
  }
  return composition_of(counts);
}

TurnPosition position_between(int low, int high, std::uint32_t filled, int empty) {
  return {letters_between(low, high) & ~filled, empty};
}

TurnPosition position_of(const games::three::ThreeGame& game, games::Seat player) {
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  if (!me.low || !me.high) throw std::logic_error("the limit cards are not laid yet");
  std::uint32_t filled = 0;
  for (const auto& s : me.spaces)
    if (s.position >= 1 && s.position <= 26) filled |= letter_bit(s.position);
  return position_between(me.low->position, me.high->position, filled,
                          game.rules().spaces - static_cast<int>(me.spaces.size()));
}

int points_at_risk(const games::three::ThreeGame& game, games::Seat player) {
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  return std::accumulate(me.banks.begin(), me.banks.end(), 0) + game.points_in_front(player);
}

namespace model {

std::uint32_t letters_between(int low, int high) {
  if (high - low < 2) return 0;
  std::uint32_t below_high = high >= 27 ? kAllLetters : (1u << (high - 1)) - 1;
  std::uint32_t up_to_low = low <= 0 ? 0u : (1u << low) - 1;
  return below_high & ~up_to_low;
}

// ---- kinds, canonical positions, layouts ------------------------------------------------------

void Model::init_kinds() {
  spaces = rules.spaces;
  const auto& deck = rules.letter_deck;
  if (weights.size() != deck.kinds.size())
    throw std::invalid_argument(fmt::format("the composition has {} kinds; the deck {}", weights.size(), deck.kinds.size()));
  double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (!(total > 0)) throw std::invalid_argument("the composition is empty");
  for (std::size_t i = 0; i < deck.kinds.size(); ++i) {
    const auto& k = deck.kinds[i];
    KindInfo info;
    info.wild = k.wild();
    info.points = k.points;
    info.weight = std::max(0.0, weights[i]) / total;
    for (char l : k.letters) {
      int p = cards::letter_position(l);
      if (p < 1 || p > 26) continue;
      info.letters |= letter_bit(p);
      info.positions.push_back(p);
    }
    max_points = std::max(max_points, k.points);
    shown |= info.letters;
    kinds.push_back(std::move(info));
  }
  // Interchangeable letters.
  std::map<std::pair<double, int>, std::uint32_t> groups;
  for (int p = 1; p <= 26; ++p) {
    std::uint32_t bit = letter_bit(p);
    if (!(shown & bit)) continue;
    int showing = 0;
    const KindInfo* only = nullptr;
    for (const auto& k : kinds)
      if (k.letters & bit) {
        ++showing;
        only = &k;
      }
    if (showing == 1 && std::popcount(only->letters) == 1) groups[{only->weight, only->points}] |= bit;
    else exact_letters |= bit;
  }
  for (const auto& [key, mask] : groups) {
    group_masks.push_back(mask);
    std::vector<std::uint32_t> prefix{0};
    std::uint32_t acc = 0;
    for (int p = 1; p <= 26; ++p)
      if (mask & letter_bit(p)) prefix.push_back(acc |= letter_bit(p));
    group_prefix.push_back(std::move(prefix));
  }
}

std::uint32_t Model::canonical(std::uint32_t mask) const {
  mask &= shown;
  std::uint32_t out = mask & exact_letters;
  for (std::size_t g = 0; g < group_masks.size(); ++g)
    out |= group_prefix[g][static_cast<std::size_t>(std::popcount(mask & group_masks[g]))];
  return out;
}

int Model::find(std::uint32_t mask, int empty) const {
  auto it = ids.find(key_of(mask, empty));
  if (it == ids.end()) throw std::logic_error("ThreeSolver: a position the solver has not seen");
  return it->second;
}

std::vector<int> Model::limit_positions(const KindInfo& k, bool left) const {
  if (k.wild) return {left ? cards::kBeforeA : cards::kAfterZ};
  return k.positions;
}

std::vector<std::pair<int, int>> Model::layouts(int a, int b) const {
  std::vector<std::pair<int, int>> out;
  for (int left = 0; left < 2; ++left) {
    const auto& l = kinds[static_cast<std::size_t>(left == 0 ? a : b)];
    const auto& r = kinds[static_cast<std::size_t>(left == 0 ? b : a)];
    for (int pa : limit_positions(l, true))
      for (int pb : limit_positions(r, false))
        if (pa < pb && std::find(out.begin(), out.end(), std::pair{pa, pb}) == out.end()) out.emplace_back(pa, pb);
  }
  return out;
}

std::vector<CardClass> Model::classes(std::uint32_t open) const {
  std::vector<CardClass> out;
  CardClass dud;
  for (const auto& k : kinds) {
    CardClass c;
    c.wild = k.wild;
    c.points = k.points;
    c.options = k.wild ? 0 : (k.letters & open);
    if (!c.wild && c.options == 0) {
      dud.weight += k.weight;
      continue;
    }
    auto it = std::find_if(out.begin(), out.end(), [&](const CardClass& o) {
      return o.wild == c.wild && o.points == c.points && o.options == c.options;
    });
    if (it == out.end()) {
      out.push_back(c);
      it = out.end() - 1;
    }
    it->weight += k.weight;
  }
  if (dud.weight > 0) out.push_back(dud);
  return out;
}

template <class LayoutId>
bool Model::build_pairs(LayoutId&& layout_id) {
  pairs.clear();
  const int k = static_cast<int>(kinds.size());
  for (int a = 0; a < k; ++a)
    for (int b = a; b < k; ++b) {
      PairInfo pr;
      pr.a = a;
      pr.b = b;
      double wa = kinds[static_cast<std::size_t>(a)].weight, wb = kinds[static_cast<std::size_t>(b)].weight;
      pr.prob = a == b ? wa * wa : 2 * wa * wb;
      pr.identical = identical(a, b);
      pr.points = kinds[static_cast<std::size_t>(a)].points + kinds[static_cast<std::size_t>(b)].points;
      if (!pr.identical)
        for (auto [lo, hi] : layouts(a, b)) {
          int id = layout_id(letters_between(lo, hi));
          if (id < 0) return false;
          if (std::find(pr.layouts.begin(), pr.layouts.end(), id) == pr.layouts.end()) pr.layouts.push_back(id);
        }
      pairs.push_back(std::move(pr));
    }
  return true;
}

// ---- the state graph --------------------------------------------------------------------------

namespace {

// The options of a hand: (successor, points), the best points per successor, sorted.
void tidy(std::vector<Option>& options) {
  std::sort(options.begin(), options.end(), [](const Option& x, const Option& y) {
    return x.succ != y.succ ? x.succ < y.succ : x.points > y.points;
  });
  options.erase(std::unique(options.begin(), options.end(), [](const Option& x, const Option& y) { return x.succ == y.succ; }),
                options.end());
}

// Discovery in growing vectors; Model::discover() then takes them as its tables.
struct GraphBuilder {
  Model& m;
  std::vector<StateInfo> states;
  std::vector<HandType> types;
  std::vector<Option> opts;
  std::vector<int> queue;  // states still to expand

  // The id of a position, registering it (to be expanded when `expand_later`) when new.
  int intern(std::uint32_t mask, int empty, bool expand_later) {
    std::uint64_t key = m.key_of(mask, empty);
    auto it = m.ids.find(key);
    if (it != m.ids.end()) return it->second;
    int id = static_cast<int>(states.size());
    StateInfo s;
    s.mask = empty == 0 ? 0 : m.canonical(mask);
    s.empty = empty;
    states.push_back(s);
    m.ids.emplace(key, id);
    if (expand_later) queue.push_back(id);
    return id;
  }

  // Enumerates the hands drawn into state `id`, grouping them by their options.
  void expand(int id) {
    const std::uint32_t open = states[static_cast<std::size_t>(id)].mask;
    const int empty = states[static_cast<std::size_t>(id)].empty;
    auto cls = m.classes(open);
    std::unordered_map<std::uint32_t, int> succ_memo;  // used | placed << 27 -> id
    auto succ_of = [&](std::uint32_t used, int placed) {
      std::uint32_t key = used | (static_cast<std::uint32_t>(placed) << 27);
      auto it = succ_memo.find(key);
      if (it != succ_memo.end()) return it->second;
      int s = intern(open & ~used, empty - placed, true);
      succ_memo.emplace(key, s);
      return s;
    };
    std::unordered_map<std::string, std::size_t> by_options;
    std::vector<std::pair<double, std::vector<Option>>> found;
    double none_fits = 0;
    std::vector<int> counts(cls.size(), 0);
    std::vector<const CardClass*> hand;
    std::vector<Option> hand_options;
    double fact_e = std::tgamma(empty + 1.0);
    auto leaf = [&](double prob) {
      hand.clear();
      for (std::size_t c = 0; c < cls.size(); ++c)
        for (int k = 0; k < counts[c]; ++k) hand.push_back(&cls[c]);
      hand_options.clear();
      auto emit = [&](std::uint32_t used, int placed, int points) { hand_options.push_back({succ_of(used, placed), points}); };
      Model::placements(hand, 0, open, 0, 0, 0, emit);
      if (hand_options.empty()) {
        none_fits += prob;
        return;
      }
      tidy(hand_options);
      if (prob <= 0) return;
      std::string key(reinterpret_cast<const char*>(hand_options.data()), hand_options.size() * sizeof(Option));
      auto [it, fresh] = by_options.emplace(std::move(key), found.size());
      if (fresh) found.emplace_back(0.0, hand_options);
      found[it->second].first += prob;
    };
    // Multisets of `empty` cards over the classes, with multinomial chances.
    auto rec = [&](auto&& self, std::size_t c, int left, double prob) -> void {
      if (c + 1 == cls.size() || left == 0) {
        if (c < cls.size()) {
          counts[c] = left;
          prob *= std::pow(cls[c].weight, left) / std::tgamma(left + 1.0);
        }
        leaf(prob * fact_e);
        if (c < cls.size()) counts[c] = 0;
        return;
      }
      double p = 1;
      for (int k = 0; k <= left; ++k) {
        counts[c] = k;
        self(self, c + 1, left - k, prob * p / std::tgamma(k + 1.0));
        p *= cls[c].weight;
      }
      counts[c] = 0;
    };
    if (!cls.empty()) rec(rec, 0, empty, 1.0);
    else none_fits = 1;
    auto& st = states[static_cast<std::size_t>(id)];
    st.bust = none_fits;
    st.type_begin = static_cast<std::uint32_t>(types.size());
    for (auto& [prob, o] : found) {
      HandType t;
      t.prob = prob;
      t.begin = static_cast<std::uint32_t>(opts.size());
      opts.insert(opts.end(), o.begin(), o.end());
      t.end = static_cast<std::uint32_t>(opts.size());
      types.push_back(t);
    }
    st.type_end = static_cast<std::uint32_t>(types.size());
  }
};

}  // namespace

void Model::discover() {
  GraphBuilder g{*this, {}, {}, {}, {}};
  ids.clear();
  full_id = g.intern(0, 0, false);
  // Ids follow discovery order (pairs first, then breadth first); ties in the policy go to the
  // lowest id, so this order is part of the results.
  build_pairs([&](std::uint32_t open) { return g.intern(open, spaces, true); });
  for (std::size_t q = 0; q < g.queue.size(); ++q) {
    g.expand(g.queue[q]);
    std::size_t bytes = g.states.capacity() * sizeof(StateInfo) + g.types.capacity() * sizeof(HandType) +
                        g.opts.capacity() * sizeof(Option) + ids.size() * 32;
    if (bytes > graph_limit)
      throw SolverLimit(fmt::format("the ThreeBeTween solver would need more than {:.1f} MB for these rules ({} spaces, cards worth up to {} "
                                    "points; the state graph alone passed that after {} positions); its limit is {:.1f} MB",
                                    megabytes(bytes), spaces, max_points, g.states.size(), megabytes(graph_limit)));
  }
  states = Table<StateInfo>(std::move(g.states));
  types = Table<HandType>(std::move(g.types));
  opts = Table<Option>(std::move(g.opts));
  finish_discovery();
}

bool Model::adopt(Table<StateInfo> states_in, Table<HandType> types_in, Table<Option> opts_in, int full) {
  states = std::move(states_in);
  types = std::move(types_in);
  opts = std::move(opts_in);
  full_id = full;
  ids.clear();
  for (int id = 0; id < n(); ++id) {
    const auto& st = states[static_cast<std::size_t>(id)];
    ids.emplace(st.empty == 0 ? 0 : state_key(st.mask, st.empty), id);
  }
  // The limit pairs refer to state ids: rebuild them from the rules.
  bool complete = build_pairs([&](std::uint32_t open) {
    auto it = ids.find(key_of(open, spaces));
    return it == ids.end() ? -1 : it->second;
  });
  if (!complete) return false;
  finish_discovery();
  return true;
}

void Model::finish_discovery() {
  order.clear();
  for (int id = 0; id < n(); ++id)
    if (id != full_id) order.push_back(id);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    return states[static_cast<std::size_t>(x)].empty < states[static_cast<std::size_t>(y)].empty;
  });
  // States reached at the same S from zero-point limits through zero-point placements.
  in_zero.assign(states.size(), 0);
  std::vector<int> stack;
  for (const auto& pr : pairs)
    if (!pr.identical && pr.points == 0 && pr.prob > 0)
      for (int id : pr.layouts) stack.push_back(id);
  while (!stack.empty()) {
    int id = stack.back();
    stack.pop_back();
    if (id == full_id || in_zero[static_cast<std::size_t>(id)]) continue;
    in_zero[static_cast<std::size_t>(id)] = 1;
    const auto& st = states[static_cast<std::size_t>(id)];
    for (auto t = st.type_begin; t < st.type_end; ++t)
      for (auto o = types[t].begin; o < types[t].end; ++o)
        if (opts[o].points == 0) stack.push_back(opts[o].succ);
  }
  zero_order.clear();
  for (int id : order)
    if (in_zero[static_cast<std::size_t>(id)]) zero_order.push_back(id);
}

}  // namespace model
}  // namespace inbetween::strategy
