#pragma once
// Work a family refuses before it starts because it would need more memory than its limit allows
// (the ThreeBeTween solver's table over --solver-mb): the protocol and the server answer
// `too_big` with its message, whatever the family that threw it.
#include <stdexcept>

namespace inbetween::games {

// Thrown before the memory is taken; the message says how much it would need.
struct TooBig : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace inbetween::games
