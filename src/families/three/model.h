#pragma once
// The ThreeBeTween solver's model (docs/solver.md): card kinds as the solver sees them,
// canonical positions, limit layouts, and the state graph (positions, the hand types drawn
// into each, their choices). Internal to the solver; the public face is three_solver.h.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cards/letter_card.h"
#include "families/three/rules.h"
#include "families/three/position.h"

namespace inbetween::strategy::model {

inline constexpr std::uint32_t kAllLetters = (1u << 26) - 1;

// Letters strictly between two limit positions (0..27), as a mask (bit p - 1 for position p).
std::uint32_t letters_between(int low, int high);
inline std::uint32_t letter_bit(int position) { return 1u << (position - 1); }
inline std::uint64_t state_key(std::uint32_t mask, int empty) {
  return mask | (static_cast<std::uint64_t>(empty) << 32);
}

// A card kind as the solver sees it.
struct KindInfo {
  std::uint32_t letters = 0;  // letters it may show
  std::vector<int> positions;
  int points = 0;
  bool wild = false;
  double weight = 0;  // its chance, the composition scaled to sum to 1
};

// Cards that behave alike in a position: the letters they may fill there and their points.
struct CardClass {
  std::uint32_t options = 0;
  int points = 0;
  bool wild = false;
  double weight = 0;
};

// One choice of a hand type: the next state and the points placed. (Stored in cache files.)
struct Option {
  std::int32_t succ = 0;
  std::int32_t points = 0;
  friend bool operator==(const Option&, const Option&) = default;
};

// The hands drawn into a state that leave the same choices, with their total chance. (Stored.)
struct HandType {
  double prob = 0;
  std::uint32_t begin = 0, end = 0;  // into the options
};

// A canonical position: its open letters, empty spaces and hand types. (Stored.)
struct StateInfo {
  std::uint32_t mask = 0;  // canonical open letters
  std::int32_t empty = 0;
  std::uint32_t type_begin = 0, type_end = 0;
  double bust = 0;         // chance that nothing drawn fits
};

// A dealt pair of limit kinds and the distinct states its layouts lead to.
struct PairInfo {
  int a = 0, b = 0;      // card codes, a <= b
  double prob = 0;       // either order
  bool identical = false;
  int points = 0;
  std::vector<int> layouts;  // state ids, distinct
};

// A read-only array of the state graph or the value tables, built once: owned, or a view of
// a cache file mapped into memory (the mapping is kept alive by `keep`).
template <class T>
class Table {
 public:
  Table() = default;
  explicit Table(std::vector<T> owned) : owned_(std::move(owned)), data_(owned_.data()), size_(owned_.size()) {}
  Table(const T* data, std::size_t size, std::shared_ptr<const void> keep)
      : keep_(std::move(keep)), data_(data), size_(size) {}
  // Moving a vector keeps its buffer, so data_ stays valid; a copy would not.
  Table(Table&&) noexcept = default;
  Table& operator=(Table&&) noexcept = default;
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const T& operator[](std::size_t i) const { return data_[i]; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  std::size_t bytes() const { return owned_.empty() ? size_ * sizeof(T) : owned_.capacity() * sizeof(T); }
  // Writable storage (the solver's sweep fills it).
  T* writable() { return owned_.data(); }

 private:
  std::vector<T> owned_;
  std::shared_ptr<const void> keep_;
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

// The card kinds of one rules and composition and the state graph they span.
struct Model {
  rules::ThreeRules rules;
  Composition weights;  // as given (the cache key hashes it); KindInfo::weight holds it scaled
  int spaces = 3;
  int max_points = 0;   // of any card
  std::vector<KindInfo> kinds;

  // Canonical positions: letters that only one single-letter card kind shows are
  // interchangeable with others of the same chance and points; such a group is kept as a
  // count (its lowest letters), the other letters exactly.
  std::uint32_t shown = 0, exact_letters = 0;
  std::vector<std::uint32_t> group_masks;
  std::vector<std::vector<std::uint32_t>> group_prefix;  // [group][count] -> lowest `count` letters

  Table<StateInfo> states;
  Table<HandType> types;
  Table<Option> opts;
  std::unordered_map<std::uint64_t, int> ids;
  std::vector<PairInfo> pairs;
  int full_id = 0;
  std::vector<int> order;       // states other than the full one, by empty spaces ascending
  std::vector<int> zero_order;  // states reached at the same S from zero-point limits
  std::vector<char> in_zero;

  // The bytes the state graph may reach while discover() builds it (ThreeSolver::memory_limit()).
  std::size_t graph_limit = static_cast<std::size_t>(-1);

  int n() const { return static_cast<int>(states.size()); }
  // The bytes the state graph holds (the value tables are the solver's).
  std::size_t graph_bytes() const { return states.bytes() + types.bytes() + opts.bytes() + ids.size() * 32; }

  // The kinds and letter groups of `rules` and `weights`; throws std::invalid_argument when
  // the composition does not fit the deck or is empty.
  void init_kinds();
  // Builds the state graph: every layout of every limit pair, then every placement from there.
  // Throws SolverLimit (three_solver.h) as soon as it would hold more than graph_limit bytes.
  void discover();
  // Takes a state graph read from a cache file and rebuilds what follows from it (ids, limit
  // pairs, sweep orders); false when it does not fit these rules.
  bool adopt(Table<StateInfo> states_in, Table<HandType> types_in, Table<Option> opts_in, int full);

  std::uint32_t canonical(std::uint32_t mask) const;
  std::uint64_t key_of(std::uint32_t mask, int empty) const { return empty == 0 ? 0 : state_key(canonical(mask), empty); }
  // The id of a position; throws std::logic_error for one the graph does not hold.
  int find(std::uint32_t mask, int empty) const;
  bool identical(int a, int b) const {
    return a == b && (!kinds[static_cast<std::size_t>(a)].wild || rules.wild_pair_busts);
  }
  // Every way to lay two limit cards: (left position, right position), distinct.
  std::vector<std::pair<int, int>> layouts(int a, int b) const;
  // The kinds of the deck grouped into classes for the letters `open` (duds last, as one).
  std::vector<CardClass> classes(std::uint32_t open) const;

  // Every non-empty placement of `cards` (classes) into `open`, each as (letters used, cards
  // placed, points), through `emit`.
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

 private:
  std::vector<int> limit_positions(const KindInfo& k, bool left) const;
  // The limit pairs (with `layout_id` naming the state of each layout); false when it fails.
  template <class LayoutId>
  bool build_pairs(LayoutId&& layout_id);
  // The sweep orders and the zero set, from the graph.
  void finish_discovery();
};

}  // namespace inbetween::strategy::model
