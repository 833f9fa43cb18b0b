#include "strategy/three_solver.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>

#include <fmt/format.h>

namespace inbetween::strategy {
namespace {

using cards::CardCode;
namespace fs = std::filesystem;

constexpr std::uint32_t kAllLetters = (1u << 26) - 1;
constexpr const char* kVersion = "three-solver-1";

// Letters strictly between two limit positions (0..27), as a mask (bit p - 1 for position p).
std::uint32_t letters_between(int low, int high) {
  if (high - low < 2) return 0;
  std::uint32_t below_high = high >= 27 ? kAllLetters : (1u << (high - 1)) - 1;
  std::uint32_t up_to_low = low <= 0 ? 0u : (1u << low) - 1;
  return below_high & ~up_to_low;
}

std::uint32_t letter_bit(int position) { return 1u << (position - 1); }

// A uniform double in [0, 1), the same on every platform.
double uniform01(cards::Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A card kind as the solver sees it.
struct KindInfo {
  std::uint32_t letters = 0;  // letters it may show
  std::vector<int> positions;
  int points = 0;
  bool wild = false;
  double weight = 0;
};

// Cards that behave alike in a position: the letters they may fill there and their points.
struct CardClass {
  std::uint32_t options = 0;
  int points = 0;
  bool wild = false;
  double weight = 0;
};

struct Option {
  std::int32_t succ = 0;
  std::int32_t points = 0;
  friend bool operator==(const Option&, const Option&) = default;
};

// The cards drawn into a position that leave the same choices, with their total chance.
struct HandType {
  double prob = 0;
  std::uint32_t begin = 0, end = 0;  // into the options
};

struct StateInfo {
  std::uint32_t mask = 0;  // canonical open letters
  std::int32_t empty = 0;
  std::uint32_t type_begin = 0, type_end = 0;
  double bust = 0;         // chance that nothing drawn fits
};

struct PairInfo {
  int a = 0, b = 0;      // card codes, a <= b
  double prob = 0;       // either order
  bool identical = false;
  int points = 0;
  std::vector<int> layouts;  // state ids, distinct
};

std::uint64_t state_key(std::uint32_t mask, int empty) { return mask | (static_cast<std::uint64_t>(empty) << 32); }

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};

}  // namespace

// ---- compositions and positions -------------------------------------------------------------

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

Composition remaining_composition(const three::ThreeGame& game) {
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

TurnPosition position_of(const three::ThreeGame& game, int player) {
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  if (!me.low || !me.high) throw std::logic_error("the limit cards are not laid yet");
  std::uint32_t filled = 0;
  for (const auto& s : me.spaces)
    if (s.position >= 1 && s.position <= 26) filled |= letter_bit(s.position);
  return position_between(me.low->position, me.high->position, filled,
                          game.rules().spaces - static_cast<int>(me.spaces.size()));
}

int points_at_risk(const three::ThreeGame& game, int player) {
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  return std::accumulate(me.banks.begin(), me.banks.end(), 0) + game.points_in_front(player);
}

double RoundStats::mean_ci95() const { return rounds > 0 ? 1.96 * stddev / std::sqrt(rounds) : 0; }
double RoundStats::bust_ci95() const {
  return rounds > 0 ? 1.96 * std::sqrt(bust_rate * (1 - bust_rate) / rounds) : 0;
}

// ---- the solver -----------------------------------------------------------------------------

struct ThreeSolver::Impl {
  rules::ThreeRules rules;
  Composition weights;
  Options options;
  int spaces = 3;
  int max_points = 0;  // of any card
  std::vector<KindInfo> kinds;

  // Canonical positions: letters that only one single-letter card kind shows are
  // interchangeable with others of the same chance and points; such a group is kept as a
  // count (its lowest letters), the other letters exactly.
  std::uint32_t shown = 0, exact_letters = 0;
  std::vector<std::uint32_t> group_masks;
  std::vector<std::vector<std::uint32_t>> group_prefix;  // [group][count] -> lowest `count` letters

  std::vector<StateInfo> states;
  std::unordered_map<std::uint64_t, int> ids;
  std::vector<HandType> types;
  std::vector<Option> opts;
  std::vector<PairInfo> pairs;
  int full_id = 0;
  std::vector<int> order;       // states other than the full one, by empty spaces ascending
  std::vector<int> zero_order;  // states reached at the same S from zero-point limits
  std::vector<char> in_zero;

  int cap = 0, top = 0, rows = 0;
  std::vector<double> draw;  // [S * n + id]: D (W for the full state)
  std::vector<double> bust;  // [S * n + id]: the bust chance when drawing (banking)
  int threshold = 0;
  double seconds = 0;

  int n() const { return static_cast<int>(states.size()); }

  // ---- set-up ----
  void init_kinds() {
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
    for (std::size_t i = 0; i < kinds.size(); ++i) weights[i] = kinds[i].weight;
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

  std::uint32_t canonical(std::uint32_t mask) const {
    mask &= shown;
    std::uint32_t out = mask & exact_letters;
    for (std::size_t g = 0; g < group_masks.size(); ++g)
      out |= group_prefix[g][static_cast<std::size_t>(std::popcount(mask & group_masks[g]))];
    return out;
  }

  std::uint64_t key_of(std::uint32_t mask, int empty) const { return empty == 0 ? 0 : state_key(canonical(mask), empty); }

  // The id of a position, registering it (to be expanded) when new.
  int intern(std::uint32_t mask, int empty, std::vector<int>* queue) {
    std::uint64_t key = key_of(mask, empty);
    auto it = ids.find(key);
    if (it != ids.end()) return it->second;
    int id = n();
    StateInfo s;
    s.mask = empty == 0 ? 0 : canonical(mask);
    s.empty = empty;
    states.push_back(s);
    ids.emplace(key, id);
    if (queue) queue->push_back(id);
    return id;
  }

  int find(std::uint32_t mask, int empty) const {
    auto it = ids.find(key_of(mask, empty));
    if (it == ids.end()) throw std::logic_error("ThreeSolver: a position the solver has not seen");
    return it->second;
  }

  std::vector<int> limit_positions(const KindInfo& k, bool left) const {
    if (k.wild) return {left ? cards::kBeforeA : cards::kAfterZ};
    return k.positions;
  }

  bool identical(int a, int b) const { return a == b && (!kinds[static_cast<std::size_t>(a)].wild || rules.wild_pair_busts); }

  // Every way to lay two limit cards: (left position, right position), distinct.
  std::vector<std::pair<int, int>> layouts(int a, int b) const {
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

  std::vector<CardClass> classes(std::uint32_t open) const {
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

  // Every non-empty placement of `cards` (classes) into `open` with `empty` spaces, each as
  // (letters used, cards placed, points), through `emit`.
  template <class Emit>
  static void placements(const std::vector<const CardClass*>& cards, std::size_t i, std::uint32_t open, std::uint32_t used,
                         int placed, int points, Emit& emit) {
    if (i == cards.size()) {
      if (placed > 0) emit(used, placed, points);
      return;
    }
    placements(cards, i + 1, open, used, placed, points, emit);
    const CardClass& c = *cards[i];
    if (c.wild) {
      placements(cards, i + 1, open, used, placed + 1, points + c.points, emit);
      return;
    }
    for (std::uint32_t o = c.options & open & ~used; o; o &= o - 1) {
      std::uint32_t bit = o & (~o + 1);
      placements(cards, i + 1, open, used | bit, placed + 1, points + c.points, emit);
    }
  }

  // The options of a hand: (successor, points), the best points per successor, sorted.
  static void tidy(std::vector<Option>& options) {
    std::sort(options.begin(), options.end(), [](const Option& x, const Option& y) {
      return x.succ != y.succ ? x.succ < y.succ : x.points > y.points;
    });
    options.erase(std::unique(options.begin(), options.end(), [](const Option& x, const Option& y) { return x.succ == y.succ; }),
                  options.end());
  }

  // Enumerates the hands drawn into state `id`, grouping them by their options.
  void expand(int id, std::vector<int>& queue) {
    const std::uint32_t open = states[static_cast<std::size_t>(id)].mask;
    const int empty = states[static_cast<std::size_t>(id)].empty;
    auto cls = classes(open);
    std::unordered_map<std::uint32_t, int> succ_memo;  // used | placed << 27 -> id
    auto succ_of = [&](std::uint32_t used, int placed) {
      std::uint32_t key = used | (static_cast<std::uint32_t>(placed) << 27);
      auto it = succ_memo.find(key);
      if (it != succ_memo.end()) return it->second;
      int s = intern(open & ~used, empty - placed, &queue);
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
        for (int m = 0; m < counts[c]; ++m) hand.push_back(&cls[c]);
      hand_options.clear();
      auto emit = [&](std::uint32_t used, int placed, int points) {
        hand_options.push_back({succ_of(used, placed), points});
      };
      placements(hand, 0, open, 0, 0, 0, emit);
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
      for (int m = 0; m <= left; ++m) {
        counts[c] = m;
        self(self, c + 1, left - m, prob * p / std::tgamma(m + 1.0));
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

  void discover() {
    std::vector<int> queue;
    full_id = intern(0, 0, nullptr);
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
            int id = intern(letters_between(lo, hi), spaces, &queue);
            if (std::find(pr.layouts.begin(), pr.layouts.end(), id) == pr.layouts.end()) pr.layouts.push_back(id);
          }
        pairs.push_back(std::move(pr));
      }
    for (std::size_t q = 0; q < queue.size(); ++q) expand(queue[q], queue);
    finish_discovery();
  }

  void finish_discovery() {
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

  // ---- the sweep ----
  double v_at(int id, int s) const {
    if (s > top) return s;
    double d = draw[static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(id)];
    return d > s ? d : s;
  }
  double b_at(int id, int s) const {
    if (s > top) return 0;
    std::size_t at = static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(id);
    return draw[at] > s ? bust[at] : 0;
  }

  void solve_state(int id, int s) {
    const auto& st = states[static_cast<std::size_t>(id)];
    double d = 0, b = st.bust;
    for (auto t = st.type_begin; t < st.type_end; ++t) {
      const HandType& ht = types[t];
      double best = -1, best_b = 0;
      for (auto o = ht.begin; o < ht.end; ++o) {
        double v = v_at(opts[o].succ, s + opts[o].points);
        if (v > best) {
          best = v;
          best_b = b_at(opts[o].succ, s + opts[o].points);
        }
      }
      d += ht.prob * best;
      b += ht.prob * best_b;
    }
    std::size_t at = static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(id);
    draw[at] = d;
    bust[at] = b;
  }

  // W(S) and its bust chance over the limit pairs with (or without) points.
  std::pair<double, double> bank_sum(int s, bool zero_points) const {
    double w = 0, b = 0;
    for (const auto& pr : pairs) {
      if (pr.prob <= 0) continue;
      if (pr.identical) {
        if (!zero_points) b += pr.prob;
        continue;
      }
      if ((pr.points == 0) != zero_points) continue;
      double best = -1, best_b = 0;
      for (int id : pr.layouts) {
        double v = v_at(id, s + pr.points);
        if (v > best) {
          best = v;
          best_b = b_at(id, s + pr.points);
        }
      }
      w += pr.prob * best;
      b += pr.prob * best_b;
    }
    return {w, b};
  }

  void sweep() {
    rows = top + 1;
    draw.assign(static_cast<std::size_t>(rows) * states.size(), 0.0);
    bust.assign(draw.size(), 0.0);
    for (int s = top; s >= 0; --s) {
      std::size_t full_at = static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(full_id);
      if (s > cap) {
        draw[full_at] = -1;  // a ThreeBeTween above the cap is passed
        bust[full_at] = 0;
        for (int id : zero_order) solve_state(id, s);
      } else {
        auto [w_rest, b_rest] = bank_sum(s, false);
        double w = w_rest;  // a start: the zero-point pairs are iterated below
        for (int it = 0; it < 200; ++it) {
          draw[full_at] = w;
          for (int id : zero_order) solve_state(id, s);
          auto [w0, b0] = bank_sum(s, true);
          double next = w_rest + w0;
          bust[full_at] = b_rest + b0;
          bool done = std::abs(next - w) <= options.tolerance * std::max(1.0, std::abs(next));
          w = next;
          if (done) break;
        }
        draw[full_at] = w;
        for (int id : zero_order) solve_state(id, s);
        auto [w0, b0] = bank_sum(s, true);
        bust[full_at] = b_rest + b0;
      }
      for (int id : order)
        if (!in_zero[static_cast<std::size_t>(id)]) solve_state(id, s);
    }
    // The smallest S from which banking does not beat passing, up to the cap.
    threshold = 0;
    for (int s = cap; s >= 0; --s)
      if (bank_w(s) > s) {
        threshold = s + 1;
        break;
      }
  }

  double bank_w(int s) const { return draw[static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(full_id)]; }

  void solve() {
    auto start = std::chrono::steady_clock::now();
    discover();
    int c = options.bank_cap > 0 ? options.bank_cap : 256;
    for (;;) {
      cap = c;
      top = cap + (2 + spaces) * max_points;
      sweep();
      // Banking does not pay at the cap: the truncation is exact (docs/solver.md).
      if (options.bank_cap > 0 || bank_w(cap) <= cap) break;
      c *= 2;
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  // ---- lookups at any S ----
  // Whether the table holds the exact value of (id, S): S within the top less what the
  // remaining spaces can add.
  bool exact(int id, int s) const {
    const auto& st = states[static_cast<std::size_t>(id)];
    if (st.empty == 0) return s <= cap;
    return s <= top - st.empty * max_points;
  }

  // Above the cap nothing is banked; a position's value then needs only its own limits.
  std::pair<double, double> draw_beyond(int id, int s, std::map<std::pair<int, int>, std::pair<double, double>>& memo) const {
    auto key = std::pair{id, s};
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    const auto& st = states[static_cast<std::size_t>(id)];
    double d = 0, b = st.bust;
    for (auto t = st.type_begin; t < st.type_end; ++t) {
      const HandType& ht = types[t];
      double best = -1, best_b = 0;
      for (auto o = ht.begin; o < ht.end; ++o) {
        auto [v, vb] = value_beyond(opts[o].succ, s + opts[o].points, memo);
        if (v > best) {
          best = v;
          best_b = vb;
        }
      }
      d += ht.prob * best;
      b += ht.prob * best_b;
    }
    memo[key] = {d, b};
    return {d, b};
  }

  std::pair<double, double> value_beyond(int id, int s, std::map<std::pair<int, int>, std::pair<double, double>>& memo) const {
    if (exact(id, s)) return {v_at(id, s), b_at(id, s)};
    if (id == full_id) return {s, 0.0};
    auto [d, b] = draw_beyond(id, s, memo);
    return d > s ? std::pair{d, b} : std::pair{static_cast<double>(s), 0.0};
  }

  // D and its bust chance at any S.
  std::pair<double, double> draw_any(int id, int s) const {
    if (id == full_id) return bank_any(s);
    if (exact(id, s)) {
      std::size_t at = static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(id);
      return {draw[at], bust[at]};
    }
    std::map<std::pair<int, int>, std::pair<double, double>> memo;
    return draw_beyond(id, s, memo);
  }

  std::pair<double, double> value_any(int id, int s) const {
    auto [d, b] = draw_any(id, s);
    return d > s ? std::pair{d, b} : std::pair{static_cast<double>(s), 0.0};
  }

  std::pair<double, double> bank_any(int s) const {
    if (s <= cap) {
      std::size_t at = static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(full_id);
      return {draw[at], bust[at]};
    }
    std::map<std::pair<int, int>, std::pair<double, double>> memo;
    double w = 0, b = 0;
    for (const auto& pr : pairs) {
      if (pr.prob <= 0) continue;
      if (pr.identical) {
        b += pr.prob;
        continue;
      }
      double best = -1, best_b = 0;
      for (int id : pr.layouts) {
        auto [v, vb] = value_beyond(id, s + pr.points, memo);
        if (v > best) {
          best = v;
          best_b = vb;
        }
      }
      w += pr.prob * best;
      b += pr.prob * best_b;
    }
    return {w, b};
  }

  // ---- cards in the hand, not classes ----
  struct Choice {
    std::uint32_t used = 0;
    int placed = 0, points = 0, succ = -1;
    double value = 0, bust = 0;
  };

  // The best placement of actual cards into an actual position (ties: the lowest successor id,
  // then the most points: the order the table uses). With `allow_none`, placing nothing counts.
  std::optional<Choice> best_choice(TurnPosition pos, const std::vector<CardCode>& drawn, int s, bool allow_none) const {
    std::vector<CardClass> cls;
    cls.reserve(drawn.size());
    for (CardCode c : drawn) {
      const auto& k = kinds[c];
      cls.push_back({k.wild ? 0u : (k.letters & pos.open), k.points, k.wild, k.weight});
    }
    // Every placement of at most `empty` of the cards.
    std::vector<Choice> all;
    auto emit = [&](std::uint32_t used, int placed, int points) {
      if (placed > pos.empty) return;
      Choice c;
      c.used = used;
      c.placed = placed;
      c.points = points;
      all.push_back(c);
    };
    std::vector<const CardClass*> every;
    for (auto& c : cls) every.push_back(&c);
    placements(every, 0, pos.open, 0, 0, 0, emit);
    if (allow_none) all.push_back(Choice{});
    std::optional<Choice> best;
    for (auto& c : all) {
      c.succ = c.placed == 0 ? -1 : find(pos.open & ~c.used, pos.empty - c.placed);
      std::tie(c.value, c.bust) = c.placed == 0 ? value_any(find(pos.open, pos.empty), s) : value_any(c.succ, s + c.points);
      if (!best || c.value > best->value ||
          (c.value == best->value && (c.succ < best->succ || (c.succ == best->succ && c.points > best->points))))
        best = c;
    }
    return best;
  }
};

// ---- construction ---------------------------------------------------------------------------

ThreeSolver::ThreeSolver(const rules::ThreeRules& rules, Composition composition)
    : ThreeSolver(rules, std::move(composition), Options{}) {}

ThreeSolver::ThreeSolver(const rules::ThreeRules& rules, Composition composition, Options options)
    : impl_(std::make_unique<Impl>()) {
  impl_->rules = rules;
  impl_->weights = std::move(composition);
  impl_->options = options;
  impl_->init_kinds();
  impl_->solve();
}

ThreeSolver::ThreeSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ThreeSolver::~ThreeSolver() = default;

const rules::ThreeRules& ThreeSolver::rules() const { return impl_->rules; }
const Composition& ThreeSolver::composition() const { return impl_->weights; }
int ThreeSolver::bank_cap() const { return impl_->cap; }
int ThreeSolver::top() const { return impl_->top; }
int ThreeSolver::bank_threshold() const { return impl_->threshold; }
int ThreeSolver::positions() const { return impl_->n(); }
double ThreeSolver::solve_seconds() const { return impl_->seconds; }
std::size_t ThreeSolver::memory_bytes() const {
  const Impl& m = *impl_;
  return m.draw.capacity() * sizeof(double) + m.bust.capacity() * sizeof(double) + m.states.capacity() * sizeof(StateInfo) +
         m.types.capacity() * sizeof(HandType) + m.opts.capacity() * sizeof(Option) + m.ids.size() * 32;
}

// ---- values ---------------------------------------------------------------------------------

double ThreeSolver::turn_value(TurnPosition pos, int at_risk) const {
  return impl_->value_any(impl_->find(pos.open, pos.empty), at_risk).first;
}

double ThreeSolver::draw_value(TurnPosition pos, int at_risk) const {
  return impl_->draw_any(impl_->find(pos.open, pos.empty), at_risk).first;
}

double ThreeSolver::bank_value(int at_risk) const { return impl_->bank_any(at_risk).first; }

double ThreeSolver::turn_bust(TurnPosition pos, int at_risk) const {
  return impl_->value_any(impl_->find(pos.open, pos.empty), at_risk).second;
}

ThreeSolver::Placement ThreeSolver::best_layout(CardCode a, CardCode b, int at_risk) const {
  const Impl& m = *impl_;
  Placement best;
  best.value = -1;
  int points = m.kinds[a].points + m.kinds[b].points;
  int best_id = -1;
  for (auto [lo, hi] : m.layouts(a, b)) {
    TurnPosition pos{letters_between(lo, hi), m.spaces};
    int id = m.find(pos.open, pos.empty);
    double v = m.value_any(id, at_risk + points).first;
    if (v > best.value || (v == best.value && id < best_id)) {
      best = {pos, points, v};
      best_id = id;
    }
  }
  return best;
}

double ThreeSolver::limits_value(CardCode a, CardCode b, int at_risk) const {
  if (impl_->identical(a, b)) return 0;
  return best_layout(a, b, at_risk).value;
}

namespace {
double limits_bust(const ThreeSolver::Impl& m, const ThreeSolver& solver, CardCode a, CardCode b, int at_risk) {
  if (m.identical(a, b)) return 1;
  auto lay = solver.best_layout(a, b, at_risk);
  return m.value_any(m.find(lay.next.open, lay.next.empty), at_risk + lay.points).second;
}
}  // namespace

double ThreeSolver::replace_value(CardCode kept, int at_risk) const {
  double v = 0;
  for (std::size_t c = 0; c < impl_->kinds.size(); ++c)
    if (impl_->kinds[c].weight > 0) v += impl_->kinds[c].weight * limits_value(kept, static_cast<CardCode>(c), at_risk);
  return v;
}

DealValue ThreeSolver::deal_value(CardCode a, CardCode b) const {
  const Impl& m = *impl_;
  if (a > b) std::swap(a, b);
  DealValue d;
  d.a = a;
  d.b = b;
  d.probability = a == b ? m.kinds[a].weight * m.kinds[a].weight : 2 * m.kinds[a].weight * m.kinds[b].weight;
  d.keep = limits_value(a, b, 0);
  d.value = d.keep;
  d.bust = limits_bust(m, *this, a, b, 0);
  if (m.rules.replacement) {
    for (CardCode out : {a, b}) {
      CardCode kept = out == a ? b : a;
      double v = replace_value(kept, 0);
      if (v > d.value) {
        d.value = v;
        d.replace = out;
        double bust = 0;
        for (std::size_t c = 0; c < m.kinds.size(); ++c)
          if (m.kinds[c].weight > 0) bust += m.kinds[c].weight * limits_bust(m, *this, kept, static_cast<CardCode>(c), 0);
        d.bust = bust;
      }
      if (a == b) break;
    }
  }
  return d;
}

std::vector<DealValue> ThreeSolver::deal_table() const {
  std::vector<DealValue> out;
  const auto k = impl_->kinds.size();
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = a; b < k; ++b) out.push_back(deal_value(static_cast<CardCode>(a), static_cast<CardCode>(b)));
  std::stable_sort(out.begin(), out.end(), [](const DealValue& x, const DealValue& y) { return x.value < y.value; });
  return out;
}

double ThreeSolver::round_value() const {
  double v = 0;
  for (const auto& d : deal_table()) v += d.probability * d.value;
  return v;
}

double ThreeSolver::round_bust() const {
  double b = 0;
  for (const auto& d : deal_table()) b += d.probability * d.bust;
  return b;
}

std::optional<ThreeSolver::Placement> ThreeSolver::best_placement(TurnPosition pos, const std::vector<CardCode>& drawn,
                                                                  int at_risk, bool allow_none) const {
  auto c = impl_->best_choice(pos, drawn, at_risk, allow_none);
  if (!c || (c->placed == 0 && !allow_none)) return std::nullopt;
  return Placement{{pos.open & ~c->used, pos.empty - c->placed}, c->points, c->value};
}

// ---- evaluate -------------------------------------------------------------------------------

std::vector<RatedAction> ThreeSolver::evaluate(const three::ThreeGame& game, int player) const {
  const Impl& m = *impl_;
  auto legal = game.legal(player);
  std::vector<RatedAction> out;
  if (legal.empty()) return out;
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  const int banked = std::accumulate(me.banks.begin(), me.banks.end(), 0);
  const int at_risk = banked + game.points_in_front(player);
  for (const auto& action : legal) {
    double v = std::visit(
        Overloaded{
            [&](const three::Keep&) { return limits_value(me.limit_hand[0], me.limit_hand[1], banked); },
            [&](const three::Replace& r) {
              CardCode kept = me.limit_hand[0] == r.card ? me.limit_hand[1] : me.limit_hand[0];
              return replace_value(kept, banked);
            },
            [&](const three::PlaceLimits& lay) {
              TurnPosition pos{letters_between(lay.low.position, lay.high.position), m.spaces};
              int points = m.kinds[lay.low.card].points + m.kinds[lay.high.card].points;
              return turn_value(pos, banked + points);
            },
            [&](const three::Draw&) { return draw_value(position_of(game, player), at_risk); },
            [&](const three::Bank&) { return bank_value(at_risk); },
            [&](const three::Pass&) { return static_cast<double>(at_risk); },
            [&](const three::Place& pc) {
              TurnPosition pos = position_of(game, player);
              TurnPosition next{pc.position >= 1 && pc.position <= 26 ? pos.open & ~letter_bit(pc.position) : pos.open, pos.empty - 1};
              std::vector<CardCode> rest = me.drawn;
              rest.erase(std::find(rest.begin(), rest.end(), pc.card));
              auto best = m.best_choice(next, rest, at_risk + m.kinds[pc.card].points, true);
              return best->value;
            },
            [&](const three::EndTurn&) {
              return me.placed_this_turn > 0 ? turn_value(position_of(game, player), at_risk) : 0.0;
            },
        },
        action);
    out.push_back({action, v});
  }
  std::stable_sort(out.begin(), out.end(), [](const RatedAction& x, const RatedAction& y) { return x.value > y.value; });
  return out;
}

// ---- the shared solver and its disk cache ---------------------------------------------------

std::string ThreeSolver::cache_key(const rules::ThreeRules& rules, const Composition& composition) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&](const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 1099511628211ULL;
  };
  auto mix_int = [&](std::int64_t v) { mix(&v, sizeof v); };
  mix(kVersion, std::strlen(kVersion));
  mix_int(rules.spaces);
  mix_int(rules.wild_pair_busts);
  mix_int(rules.replacement);
  for (const auto& k : rules.letter_deck.kinds) {
    mix(k.notation.data(), k.notation.size());
    mix(k.letters.data(), k.letters.size());
    mix_int(k.points);
    mix_int(-1);
  }
  for (double w : composition) mix(&w, sizeof w);
  return fmt::format("{:016x}", h);
}

std::string ThreeSolver::cache_dir() {
  if (const char* dir = std::getenv("INBETWEEN_CACHE_DIR"); dir && *dir) return std::string(dir) == "off" ? "" : dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "inbetween").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "inbetween").string();
  return "";
}

namespace {
template <class T>
void put(std::ostream& out, const T& v) {
  out.write(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T>
void put_vec(std::ostream& out, const std::vector<T>& v) {
  put(out, static_cast<std::uint64_t>(v.size()));
  out.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
}
template <class T>
bool get(std::istream& in, T& v) {
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&v), sizeof v));
}
template <class T>
bool get_vec(std::istream& in, std::vector<T>& v) {
  std::uint64_t size = 0;
  if (!get(in, size) || size > (std::uint64_t{1} << 32)) return false;
  v.resize(size);
  return static_cast<bool>(in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(size * sizeof(T))));
}
}  // namespace

bool ThreeSolver::save(const std::string& path) const {
  const Impl& m = *impl_;
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::string tmp = path + fmt::format(".tmp{}", static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count()));
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return false;
    std::string key = cache_key(m.rules, m.weights);
    out.write(kVersion, static_cast<std::streamsize>(std::strlen(kVersion)));
    out.write(key.data(), static_cast<std::streamsize>(key.size()));
    put(out, m.cap);
    put(out, m.top);
    put(out, m.threshold);
    put(out, m.full_id);
    put_vec(out, m.states);
    put_vec(out, m.types);
    put_vec(out, m.opts);
    put_vec(out, m.draw);
    put_vec(out, m.bust);
    if (!out) {
      fs::remove(tmp, ec);
      return false;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) fs::remove(tmp, ec);
  return !ec;
}

std::unique_ptr<ThreeSolver> ThreeSolver::load(const std::string& path, const rules::ThreeRules& rules,
                                               const Composition& composition) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  std::string key = cache_key(rules, composition);
  std::string head(std::strlen(kVersion) + key.size(), '\0');
  if (!in.read(head.data(), static_cast<std::streamsize>(head.size())) || head != kVersion + key) return nullptr;
  auto m = std::make_unique<Impl>();
  m->rules = rules;
  m->weights = composition;
  try {
    m->init_kinds();
  } catch (const std::exception&) {
    return nullptr;
  }
  if (!get(in, m->cap) || !get(in, m->top) || !get(in, m->threshold) || !get(in, m->full_id) || !get_vec(in, m->states) ||
      !get_vec(in, m->types) || !get_vec(in, m->opts) || !get_vec(in, m->draw) || !get_vec(in, m->bust))
    return nullptr;
  m->rows = m->top + 1;
  if (m->draw.size() != static_cast<std::size_t>(m->rows) * m->states.size() || m->bust.size() != m->draw.size()) return nullptr;
  for (int id = 0; id < m->n(); ++id) {
    const auto& st = m->states[static_cast<std::size_t>(id)];
    m->ids.emplace(st.empty == 0 ? 0 : state_key(st.mask, st.empty), id);
  }
  // The limit pairs refer to state ids: rebuild them from the rules.
  const int k = static_cast<int>(m->kinds.size());
  for (int a = 0; a < k; ++a)
    for (int b = a; b < k; ++b) {
      PairInfo pr;
      pr.a = a;
      pr.b = b;
      double wa = m->kinds[static_cast<std::size_t>(a)].weight, wb = m->kinds[static_cast<std::size_t>(b)].weight;
      pr.prob = a == b ? wa * wa : 2 * wa * wb;
      pr.identical = m->identical(a, b);
      pr.points = m->kinds[static_cast<std::size_t>(a)].points + m->kinds[static_cast<std::size_t>(b)].points;
      if (!pr.identical)
        for (auto [lo, hi] : m->layouts(a, b)) {
          auto it = m->ids.find(m->key_of(letters_between(lo, hi), m->spaces));
          if (it == m->ids.end()) return nullptr;
          if (std::find(pr.layouts.begin(), pr.layouts.end(), it->second) == pr.layouts.end()) pr.layouts.push_back(it->second);
        }
      m->pairs.push_back(std::move(pr));
    }
  m->finish_discovery();
  return std::unique_ptr<ThreeSolver>(new ThreeSolver(std::move(m)));
}

std::shared_ptr<const ThreeSolver> ThreeSolver::shared(const rules::ThreeRules& rules) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const ThreeSolver>> solved;
  Composition composition = fresh_composition(rules.letter_deck);
  std::string key = cache_key(rules, composition);
  std::lock_guard lock(mutex);
  if (auto it = solved.find(key); it != solved.end()) return it->second;
  std::shared_ptr<const ThreeSolver> solver;
  std::string dir = cache_dir();
  std::string path = dir.empty() ? "" : (fs::path(dir) / ("threebetween-" + key + ".bin")).string();
  if (!path.empty()) solver = load(path, rules, composition);
  if (!solver) {
    auto fresh = std::make_shared<ThreeSolver>(rules, composition);
    if (!path.empty()) fresh->save(path);
    solver = fresh;
  }
  solved.emplace(key, solver);
  return solver;
}

// ---- the optimal bot ------------------------------------------------------------------------

three::Action OptimalThreeBot::choose(const three::ThreeGame& game, int player, cards::Rng&) const {
  auto solver = solver_ ? solver_ : ThreeSolver::shared(game.rules());
  auto rated = solver->evaluate(game, player);
  if (rated.empty()) return three::Pass{};
  return rated.front().action;
}

// ---- simulations ----------------------------------------------------------------------------

namespace {

struct Accumulator {
  double n = 0, sum = 0, sum2 = 0, busts = 0;
  void add(double score, bool busted) {
    n += 1;
    sum += score;
    sum2 += score * score;
    busts += busted ? 1 : 0;
  }
  RoundStats stats() const {
    RoundStats s;
    s.rounds = static_cast<int>(n);
    if (n <= 0) return s;
    s.mean = sum / n;
    s.stddev = n > 1 ? std::sqrt(std::max(0.0, (sum2 - n * s.mean * s.mean) / (n - 1))) : 0;
    s.bust_rate = busts / n;
    return s;
  }
};

CardCode sample(const std::vector<double>& cumulative, cards::Rng& rng) {
  double u = uniform01(rng) * cumulative.back();
  auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
  if (it == cumulative.end()) --it;
  return static_cast<CardCode>(it - cumulative.begin());
}

std::vector<double> cumulative_of(const Composition& w) {
  std::vector<double> c(w.size());
  std::partial_sum(w.begin(), w.end(), c.begin());
  return c;
}

// The rest of a round from the start of a turn, with the solver's policy; returns the score.
double play_out(const ThreeSolver& solver, const std::vector<double>& cumulative, TurnPosition pos, int s, cards::Rng& rng,
                bool& busted) {
  busted = false;
  std::vector<CardCode> drawn;
  for (;;) {
    if (pos.empty == 0) {
      if (!(solver.bank_value(s) > s)) return s;
      CardCode a = sample(cumulative, rng), b = sample(cumulative, rng);
      bool identical = a == b && (!solver.rules().letter_deck.kinds[a].wild() || solver.rules().wild_pair_busts);
      if (identical) {
        busted = true;
        return 0;
      }
      auto lay = solver.best_layout(a, b, s);
      pos = lay.next;
      s += lay.points;
      continue;
    }
    if (!(solver.draw_value(pos, s) > s)) return s;
    drawn.clear();
    for (int i = 0; i < pos.empty; ++i) drawn.push_back(sample(cumulative, rng));
    auto place = solver.best_placement(pos, drawn, s, false);
    if (!place) {
      busted = true;
      return 0;
    }
    pos = place->next;
    s += place->points;
  }
}

}  // namespace

RoundStats simulate_turns(const ThreeSolver& solver, TurnPosition pos, int at_risk, int rounds, std::uint64_t seed) {
  auto cumulative = cumulative_of(solver.composition());
  Accumulator acc;
  for (int i = 0; i < rounds; ++i) {
    auto rng = cards::make_rng(splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(i) + 0x51ed), cards::RngStream::Bots);
    bool busted = false;
    double score = play_out(solver, cumulative, pos, at_risk, rng, busted);
    acc.add(score, busted);
  }
  return acc.stats();
}

RoundStats simulate_deal(const ThreeSolver& solver, CardCode a, CardCode b, int rounds, std::uint64_t seed) {
  auto cumulative = cumulative_of(solver.composition());
  auto deal = solver.deal_value(a, b);
  const auto& rules = solver.rules();
  Accumulator acc;
  for (int i = 0; i < rounds; ++i) {
    auto rng = cards::make_rng(splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(i) + 0xdea1), cards::RngStream::Bots);
    CardCode x = deal.a, y = deal.b;
    if (deal.replace) {
      x = *deal.replace == deal.a ? deal.b : deal.a;
      y = sample(cumulative, rng);
    }
    if (x == y && (!rules.letter_deck.kinds[x].wild() || rules.wild_pair_busts)) {
      acc.add(0, true);
      continue;
    }
    auto lay = solver.best_layout(x, y, 0);
    bool busted = false;
    double score = play_out(solver, cumulative, lay.next, lay.points, rng, busted);
    acc.add(score, busted);
  }
  return acc.stats();
}

RoundStats play_rounds(const rules::ThreeRules& rules, const ThreeBot& bot, int rounds, std::uint64_t seed,
                       std::vector<double>* scores) {
  constexpr int kScale = 25;
  auto table = std::make_shared<rules::ThreeRules>(rules);
  table->min_players = 1;
  table->max_players = 1;
  table->target = 0;  // the game ends at the first tally: one round
  for (auto& k : table->letter_deck.kinds) k.copies *= kScale;
  std::shared_ptr<const rules::ThreeRules> shared = table;
  auto weights = fresh_composition(rules.letter_deck);
  auto cumulative = cumulative_of(weights);
  std::vector<int> capacity;
  for (const auto& k : table->letter_deck.kinds) capacity.push_back(k.copies);
  Accumulator acc;
  std::vector<three::Event> events;
  for (int i = 0; i < rounds; ++i) {
    std::uint64_t round_seed = splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(i) + 0x7a11e);
    for (std::size_t stack = 64;; stack *= 2) {
      // The cards the round deals, drawn independently; a longer round is replayed with more.
      auto deal_rng = cards::make_rng(round_seed, cards::RngStream::Shoe);
      std::vector<int> used(capacity.size(), 0);
      three::Setup setup;
      setup.players = {"solo"};
      setup.seed = round_seed;
      setup.dealer = 0;
      for (std::size_t c = 0; c < stack; ++c) {
        CardCode card = sample(cumulative, deal_rng);
        if (++used[card] > capacity[card]) break;
        setup.stacked.push_back(card);
      }
      events.clear();
      three::ThreeGame game(shared, setup, events);
      auto bot_rng = cards::make_rng(round_seed, cards::RngStream::Bots);
      while (!game.over()) {
        int seat = game.to_act();
        events.clear();
        if (auto refusal = game.apply(seat, bot.choose(game, seat, bot_rng), events))
          throw std::logic_error("play_rounds: the bot chose a refused action: " + refusal->message);
      }
      std::size_t dealt = game.shoe().size() - game.shoe().remaining();
      if (dealt > setup.stacked.size() && setup.stacked.size() == stack) continue;
      const auto& line = game.sheet().front().players.front();
      acc.add(line.score, line.busted);
      if (scores) scores->push_back(line.score);
      break;
    }
  }
  return acc.stats();
}

}  // namespace inbetween::strategy
