#pragma once
// Codec<F>: a family's JSON adapter, specialised in the family's own folder (families/NAME/
// codec.h): its typed actions, events, legal choices, views and hints as protocol JSON and back.
// protocol/codec.h gathers them; nothing below protocol/ sees JSON.
#include "protocol/json.h"

namespace inbetween::protocol {

template <class F>
struct Codec;

// A hint asked when the game is over: every family's Codec<F>::hint refuses it alike.
[[noreturn]] inline void refuse_hint_nobody_to_act() {
  throw ProtocolError("nobody_to_act", "the game is over; nobody is to act, so there is nothing to hint");
}

}  // namespace inbetween::protocol
