// `import inbetween` (docs/python.md): the module's bindings. The table is table.*, the analyst's
// calls analysis.*, the environments env.*, vector_env.* and env_bindings.cpp, and the spaces and
// Gymnasium's conventions gym.py (run here at import). Long work (a bot's choice, a hint, a
// simulation, the solver, a step) runs without the GIL.
#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "generated/python_gym.h"
#include "protocol/json.h"
#include "protocol/session.h"
#include "python/analysis.h"
#include "python/py_json.h"
#include "python/table.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"

namespace py = pybind11;

namespace inbetween::python {
namespace {

using protocol::json;
using protocol::ProtocolError;

py::object py_simulate(const std::string& rules, const std::vector<std::string>& players, std::uint64_t games, std::uint64_t seed,
                    const py::dict& set, int threads, const std::string& sweep) {
  SimulateRequest request{rules, players, games, seed, knobs_of(set), threads, sweep};
  return without_gil([&] { return python::simulate(request); });
}

py::object py_odds(const std::string& rules, const std::vector<std::string>& posts, const std::vector<std::string>& seen,
                std::int64_t pot, std::optional<std::int64_t> stack, const std::vector<std::string>& aces, bool later_deck,
                const py::dict& set) {
  OddsRequest request{rules, posts, seen, pot, stack, aces, later_deck, knobs_of(set)};
  return without_gil([&] { return python::odds(request); });
}

py::object edge(const std::string& rules, const py::dict& set) {
  auto knobs = knobs_of(set);
  return without_gil([&] { return house_edge(rules, knobs); });
}

py::object solve_three(const std::string& rules, const py::dict& set) {
  auto knobs = knobs_of(set);
  return without_gil([&] { return solve(rules, knobs); });
}

py::list presets() {
  py::list out;
  for (const auto& name : rules::preset_names()) {
    py::dict preset;
    preset["name"] = name;
    preset["family"] = rules::read_rule_file(name).game;
    out.append(preset);
  }
  return out;
}

}  // namespace

void bind_envs(py::module_& m);  // env_bindings.cpp

}  // namespace inbetween::python

PYBIND11_MODULE(inbetween, m) {
  using inbetween::python::Table;
  m.doc() = "The inbetween card games' runtime table (docs/python.md).";
  py::exec(R"(
class Refused(Exception):
    """A refusal by the rules (or of a malformed request): `code` and `message`; nothing changed."""
    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
)", m.attr("__dict__"));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const inbetween::protocol::ProtocolError& e) {
      py::object refused = py::module_::import("inbetween").attr("Refused");
      PyErr_SetObject(refused.ptr(), refused(e.code, e.what()).ptr());
    } catch (const inbetween::rules::RuleError& e) {
      py::object refused = py::module_::import("inbetween").attr("Refused");
      PyErr_SetObject(refused.ptr(), refused("bad_rules", e.what()).ptr());
    }
  });
  m.def("presets", &inbetween::python::presets, "every preset: its name and family");
  py::class_<Table>(m, "Table", "One game of any family: legal choices, apply, views, clone, resample, observations, log")
      .def(py::init(&Table::open), py::arg("rules"), py::arg("players"), py::arg("seed") = py::none(), py::arg("set") = py::dict())
      .def_static("replay", &Table::replay, py::arg("log"), "the game a log() describes, every move replayed")
      .def_property_readonly("players", &Table::players)
      .def_property_readonly("family", &Table::family)
      .def_property_readonly("to_act", &Table::to_act, "the seat to act, None when the game is over")
      .def_property_readonly("over", &Table::over)
      .def_property_readonly("winners", &Table::winners)
      .def_property_readonly("moves", &Table::moves)
      .def("legal", &Table::legal, py::arg("seat") = py::none(), "every choice open to `seat` as the protocol action apply() takes")
      .def("apply", &Table::apply, py::arg("seat"), py::arg("action"), py::arg("amount") = py::none())
      .def("bot_move", &Table::bot_move, py::arg("kind"))
      .def("view", &Table::view, py::arg("seat") = py::none())
      .def("events", &Table::events, py::arg("since") = 0)
      .def("hint", &Table::hint)
      .def("log", &Table::log)
      .def("clone", &Table::clone, "an exact copy: the same game, the same cards to come")
      .def("resample", &Table::resample, py::arg("seat"), py::arg("seed") = py::none(),
           "a copy `seat` cannot tell from this table, the cards it has not seen shuffled anew from `seed`")
      .def("win_chances", &Table::win_chances, py::arg("seat"), py::arg("playouts") = 400, py::arg("seed") = py::none(),
           py::arg("bot") = "sensible",
           "each seat's chance to win from `seat`'s view, by playing out resampled copies with `bot` bots: "
           "[{chance, low, high}] per seat, the 95% interval")
      .def("chance", &Table::chance, py::arg("by") = "card", "the next card's outcomes with their exact chances")
      .def("action_count", &Table::action_count, py::arg("amounts") = 8, "the fixed action list's length")
      .def("legal_mask", &Table::legal_mask, py::arg("seat") = py::none(), py::arg("amounts") = 8)
      .def("apply_action", &Table::apply_action, py::arg("seat"), py::arg("action"), py::arg("amounts") = 8,
           "plays action `action` of the fixed list (legal_mask) for `seat`")
      .def("observation", &Table::observation, py::arg("seat"), py::arg("amounts") = 8, "float32, as `seat` sees the table")
      .def("returns", &Table::returns, "every seat's result so far: chips won less chips bought, or points")
      .def("information_state", &Table::information_state, py::arg("seat"), "what `seat` has seen, as text");
  m.def("simulate", &inbetween::python::py_simulate, py::arg("rules"), py::arg("players"), py::arg("games") = 1000, py::arg("seed") = 1,
        py::arg("set") = py::dict(), py::arg("threads") = 0, py::arg("sweep") = "",
        "seeded bot games: the figures of `inbetween simulate --format json`");
  m.def("odds", &inbetween::python::py_odds, py::arg("rules"), py::arg("posts"), py::arg("seen") = std::vector<std::string>{},
        py::arg("pot") = 10, py::arg("stack") = py::none(), py::arg("aces") = std::vector<std::string>{}, py::arg("later_deck") = false,
        py::arg("set") = py::dict(), "the third card's exact chances and the value of every choice");
  m.def("house_edge", &inbetween::python::edge, py::arg("rules") = "red-dog", py::arg("set") = py::dict(),
        "a house game's exact edge by enumeration: fraction and float, a row per spread");
  m.def("solve", &inbetween::python::solve_three, py::arg("rules") = "threebetween", py::arg("set") = py::dict(),
        "the ThreeBeTween solver: a random deal's value and a row per pair of limit cards");
  inbetween::python::bind_envs(m);
  py::exec(kGymPy, m.attr("__dict__"));
}
