#include "python/agent_view.h"

#include <cmath>

namespace inbetween::python {

void Actions::read(const games::AnyTable& table, games::Seat seat) {
  seat_ = seat;
  table.choice_ranges(seat, choices_);
}

const games::ChoiceRange* Actions::ranged(std::size_t* index) const {
  for (std::size_t i = 0; i < choices_.size(); ++i)
    if (choices_[i].ranged() && choices_[i].type != "rebuy") {
      *index = i;
      return &choices_[i];
    }
  return nullptr;
}

std::optional<games::AnyMove> Actions::move(int a) const {
  if (a < 0 || a >= size()) return std::nullopt;
  if (a < choice_slots_) {
    auto i = static_cast<std::size_t>(a);
    if (i >= choices_.size()) return std::nullopt;
    return games::AnyMove{seat_, i, choices_[i].least};
  }
  std::size_t index = 0;
  const games::ChoiceRange* range = ranged(&index);
  if (!range) return std::nullopt;
  // Amount slot k of n: the least amount, then even steps of the range up to the most (rounded
  // to whole chips); with one slot, the least.
  int k = a - choice_slots_, n = amounts_;
  double share = n > 1 ? static_cast<double>(k) / (n - 1) : 0.0;
  auto amount = range->least + static_cast<games::Chips>(std::llround(share * static_cast<double>(range->most - range->least)));
  return games::AnyMove{seat_, index, amount};
}

void Actions::mask(bool* out) const {
  std::size_t n = std::min(choices_.size(), static_cast<std::size_t>(choice_slots_));
  for (int a = 0; a < choice_slots_; ++a) out[a] = static_cast<std::size_t>(a) < n;
  std::size_t index = 0;
  bool amounts = ranged(&index) != nullptr;
  for (int k = 0; k < amounts_; ++k) out[choice_slots_ + k] = amounts;
}

int observation_size(const games::AnyTable& table) {
  return 2 * static_cast<int>(table.names().size()) + 3 + table.observation_size();
}

void observe(const games::AnyTable& table, const Actions& actions, float* out) {
  int seats = static_cast<int>(table.names().size());
  games::Seat seat = actions.seat(), to_act = table.to_act();
  for (int k = 0; k < seats; ++k) *out++ = static_cast<float>(table.result((seat + k) % seats));
  for (int k = 0; k < seats; ++k) *out++ = (seat + k) % seats == to_act ? 1.0f : 0.0f;
  std::size_t index = 0;
  const games::ChoiceRange* range = actions.ranged(&index);
  *out++ = static_cast<float>(actions.choices().size());
  *out++ = range ? static_cast<float>(range->least) : 0.0f;
  *out++ = range ? static_cast<float>(range->most) : 0.0f;
  table.observe(seat, out);
}

}  // namespace inbetween::python
