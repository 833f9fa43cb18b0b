#pragma once
// What a learning agent sees of any table, for any seat (docs/python.md, "Observations and
// actions"): a fixed list of actions (choice slots, then amount slots) with its legal mask, and
// a fixed-length float observation. Table, Env and VectorEnv all use these; the family's part of
// the observation comes from its descriptor through games::AnyTable, so nothing here names one.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "games/any_table.h"

namespace inbetween::python {

// The fixed action list of a table: action i < choice_slots plays the i-th legal choice (a ranged
// one at its least); action choice_slots + k plays the decision's ranged choice (a bet or a
// wager, never a rebuy) at least + round(k / (amounts - 1) * (most - least)).
class Actions {
 public:
  Actions(int choice_slots, int amounts) : choice_slots_(choice_slots), amounts_(amounts) {}
  int size() const { return choice_slots_ + amounts_; }
  int choice_slots() const { return choice_slots_; }
  int amounts() const { return amounts_; }

  // Reads `seat`'s legal choices now (none when it is not that seat's turn); the calls below
  // answer for them until the next read.
  void read(const games::AnyTable& table, games::Seat seat);
  games::Seat seat() const { return seat_; }
  const std::vector<games::ChoiceRange>& choices() const { return choices_; }
  // The move action `a` stands for; nullopt where it is not legal.
  std::optional<games::AnyMove> move(int a) const;
  // One flag per action: whether it is legal.
  void mask(bool* out) const;
  // The ranged choice the amount slots play and its index; nullptr when there is none.
  const games::ChoiceRange* ranged(std::size_t* index) const;

 private:
  int choice_slots_ = 0;
  int amounts_ = 0;
  games::Seat seat_ = games::kNobody;
  std::vector<games::ChoiceRange> choices_;
};

// The observation's length at this table: with P seats, 2P + 3 + the family's part.
int observation_size(const games::AnyTable& table);
// The observation of the seat `actions` was read for, into `out` (observation_size() floats):
// counted from that seat (its own first) P results and P flags of who acts; its number of legal
// choices and the ranged choice's least and most (0 when none); the family's part as that seat
// sees the table.
void observe(const games::AnyTable& table, const Actions& actions, float* out);

}  // namespace inbetween::python
