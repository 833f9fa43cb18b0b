// `import inbetween`: the runtime table for Python (docs/python.md). One Table class over the
// protocol's GameSession (the JSON codec over games::AnyTable), in the role of OpenSpiel's
// pyspiel State: legal choices, apply, views, clone, the log and its replay. JSON crosses into
// Python through Python's own json module; long work (a bot's choice, a hint) runs without the GIL.
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>

#include "protocol/json.h"
#include "protocol/session.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"

namespace py = pybind11;

namespace inbetween::python {
namespace {

using protocol::json;
using protocol::ProtocolError;

py::object to_python(const json& value) { return py::module_::import("json").attr("loads")(value.dump()); }
json from_python(const py::handle& value) { return json::parse(py::module_::import("json").attr("dumps")(value).cast<std::string>()); }

// One game of any family, as Python sees it.
class Table {
 public:
  explicit Table(std::unique_ptr<protocol::GameSession> session) : session_(std::move(session)) {}

  static Table open(const std::string& rules, const std::vector<std::string>& players, std::optional<std::uint64_t> seed,
                    const py::dict& set) {
    json request = {{"cmd", "new"}, {"rules", rules}, {"players", players}};
    if (seed) request["seed"] = *seed;
    if (!set.empty()) {
      json knobs = json::object();
      for (auto [knob, value] : set) knobs[py::str(knob).cast<std::string>()] = py::str(value).cast<std::string>();
      request["set"] = knobs;
    }
    return Table(protocol::new_session(request));
  }
  // A game rebuilt from its log (log()): the `new` line, then every move.
  static Table replay(const py::list& log) {
    if (log.empty()) throw ProtocolError("bad_request", "a log starts with its \"new\" line");
    Table table(protocol::new_session(from_python(log[0])));
    for (std::size_t i = 1; i < log.size(); ++i) table.session_->act(from_python(log[i]));
    return table;
  }

  std::vector<std::string> players() const { return session_->table().names(); }
  py::object to_act() const {
    int seat = session_->to_act();
    return seat < 0 ? py::none() : py::cast(seat);
  }
  bool over() const { return session_->over(); }
  std::vector<int> winners() const { return session_->table().winners(); }
  std::string family() const { return std::string(session_->table().family()); }
  std::size_t moves() const { return session_->moves(); }

  // Every choice open to `seat` (the player to act by default): its type, its words, and the
  // amounts it takes (min == max for a choice without one).
  py::list legal(std::optional<int> seat) const {
    int who = seat ? *seat : session_->to_act();
    py::list out;
    if (who < 0) return out;
    for (const auto& c : session_->table().legal(who)) {
      py::dict choice;
      choice["type"] = c.type;
      choice["text"] = c.text;
      choice["min"] = c.least;
      choice["max"] = c.most;
      out.append(choice);
    }
    return out;
  }
  // Plays `action` for `seat`: a protocol action ({"type": "bet", "amount": 2}), or the index of
  // a legal() choice with `amount` for a ranged one. Returns the events; raises Refused (code,
  // message) and changes nothing when the rules refuse it.
  py::object apply(int seat, const py::object& action, games::Chips amount) {
    if (py::isinstance<py::int_>(action)) {
      std::size_t before = session_->table().event_count();
      games::AnyMove move{seat, action.cast<std::size_t>(), amount};
      if (auto refusal = session_->table().apply(move)) throw ProtocolError(refusal->code, refusal->message);
      return to_python(session_->events_since(before));
    }
    return to_python(session_->play(seat, from_python(action)));
  }
  // A bot of `kind` chooses for the player to act and its move is applied: (action, events).
  py::tuple bot_move(const std::string& kind) {
    json action;
    json events;
    {
      py::gil_scoped_release free;
      events = session_->act_bot(json::object(), kind, action);
    }
    return py::make_tuple(to_python(action), to_python(events));
  }
  // What `seat` may see (None: a spectator), in the protocol's state form.
  py::object view(std::optional<int> seat) const { return to_python(session_->state(seat ? *seat : games::kNobody)); }
  py::object events(std::size_t since) const { return to_python(session_->events_since(since)); }
  py::object hint() const {
    json hint;
    {
      py::gil_scoped_release free;
      hint = session_->hint(json::object());
    }
    return to_python(hint);
  }
  py::object log() const { return to_python(session_->log()); }
  Table clone() const { return Table(session_->clone()); }

 private:
  std::unique_ptr<protocol::GameSession> session_;
};

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
  py::class_<Table>(m, "Table", "One game of any family: legal choices, apply, views, clone, log")
      .def(py::init(&Table::open), py::arg("rules"), py::arg("players"), py::arg("seed") = py::none(), py::arg("set") = py::dict())
      .def_static("replay", &Table::replay, py::arg("log"), "the game a log() describes, every move replayed")
      .def_property_readonly("players", &Table::players)
      .def_property_readonly("family", &Table::family)
      .def_property_readonly("to_act", &Table::to_act, "the seat to act, None when the game is over")
      .def_property_readonly("over", &Table::over)
      .def_property_readonly("winners", &Table::winners)
      .def_property_readonly("moves", &Table::moves)
      .def("legal", &Table::legal, py::arg("seat") = py::none())
      .def("apply", &Table::apply, py::arg("seat"), py::arg("action"), py::arg("amount") = 0)
      .def("bot_move", &Table::bot_move, py::arg("kind"))
      .def("view", &Table::view, py::arg("seat") = py::none())
      .def("events", &Table::events, py::arg("since") = 0)
      .def("hint", &Table::hint)
      .def("log", &Table::log)
      .def("clone", &Table::clone);
}
