#pragma once
// Codec<F>: a family's JSON adapter, specialised in the family's own folder (families/NAME/
// codec.h): its typed actions, events, legal choices, views and hints as protocol JSON and back.
// protocol/codec.h gathers them; nothing below protocol/ sees JSON.
namespace inbetween::protocol {

template <class F>
struct Codec;

}  // namespace inbetween::protocol
