#pragma once
// Seat names the tests give players ("ann", "bob", ...), and one protocol request answered.
#include <string>
#include <vector>

#include "protocol/engine_loop.h"

namespace inbetween::testing {

// The first `n` of "ann", "bob", "cy", ... (at most 8).
inline std::vector<std::string> seat_names(int n) {
  static const char* const kNames[] = {"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"};
  return {kNames, kNames + n};
}

// The engine's reply to one request, as a program on the protocol would send it.
inline protocol::json ask(protocol::Engine& engine, const protocol::json& request) { return engine.handle(request.dump()); }

}  // namespace inbetween::testing
