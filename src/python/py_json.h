#pragma once
// JSON across the Python boundary (through Python's own json module), long work without the GIL,
// and the arguments every call checks alike: a seat, an index (a Python or numpy integer).
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <utility>

#include "games/any_table.h"
#include "protocol/json.h"
#include "python/analysis.h"

namespace inbetween::python {

namespace py = pybind11;

inline py::object to_python(const protocol::json& value) { return py::module_::import("json").attr("loads")(value.dump()); }
inline protocol::json from_python(const py::handle& value) {
  return protocol::json::parse(py::module_::import("json").attr("dumps")(value).cast<std::string>());
}

// Long work's answer, worked out without the GIL (other Python threads go on meanwhile).
template <class Work>
py::object without_gil(Work&& work) {
  protocol::json result;
  {
    py::gil_scoped_release free;
    result = work();
  }
  return to_python(result);
}

// Knob overrides as given: {"deals": 4} or {"deals": "4"}.
inline Knobs knobs_of(const py::dict& set) {
  Knobs knobs;
  for (auto item : set) knobs[py::str(item.first).cast<std::string>()] = py::str(item.second).cast<std::string>();
  return knobs;
}

// A whole number given as any Python or numpy integer (operator.index); `what` names it in the
// refusal ("bad_request") of anything else.
long long whole_number(const py::handle& value, const char* what);
// A seed: any whole number from 0 to 2^64 - 1, as the engine's `new` and `simulate --seed` take
// (a seed the module drew itself and reports may be above 2^63); Refused("bad_request") otherwise.
std::uint64_t seed_number(const py::handle& value);
// A seat of `table`: Refused("bad_seat") for one it has not.
games::Seat seat_of(const games::AnyTable& table, const py::handle& seat);

}  // namespace inbetween::python
