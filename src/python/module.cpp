// `import inbetween`: the runtime table for Python (docs/python.md). One Table class over the
// protocol's GameSession (the JSON codec over games::AnyTable), in the role of OpenSpiel's
// pyspiel State: legal choices, apply, views, clone, the log and its replay. JSON crosses into
// Python through Python's own json module; long work (a bot's choice, a hint, a simulation, the
// solver) runs without the GIL. The analyst's calls are in analysis.*, the environment in env.*.
#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <string>

#include "protocol/json.h"
#include "protocol/session.h"
#include "python/analysis.h"
#include "python/env.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"

namespace py = pybind11;

namespace inbetween::python {
namespace {

using protocol::json;
using protocol::ProtocolError;

py::object to_python(const json& value) { return py::module_::import("json").attr("loads")(value.dump()); }
json from_python(const py::handle& value) { return json::parse(py::module_::import("json").attr("dumps")(value).cast<std::string>()); }

// Long work's answer, worked out without the GIL (other Python threads go on meanwhile).
template <class Work>
py::object without_gil(Work&& work) {
  json result;
  {
    py::gil_scoped_release free;
    result = work();
  }
  return to_python(result);
}

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
    return without_gil([&] { return session_->hint(json::object()); });
  }
  py::object log() const { return to_python(session_->log()); }
  Table clone() const { return Table(session_->clone()); }
  // The next card's outcomes with their exact chances (games/chance.h): a row per kind of card
  // (by="card") or per outcome (by="outcome"), each with `cards` of `of`, the fraction and p.
  py::list chance(const std::string& by) const {
    if (by != "card" && by != "outcome") throw ProtocolError("bad_request", "by=\"" + by + "\": give \"card\" or \"outcome\"");
    auto next = session_->table().next_card();
    std::vector<std::pair<std::string, int>> groups;  // in first-seen order
    for (const auto& row : next.rows) {
      if (by == "card") {
        groups.emplace_back(row.card, row.cards);
        continue;
      }
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == row.outcome; });
      if (it == groups.end()) groups.emplace_back(row.outcome, row.cards);
      else it->second += row.cards;
    }
    py::list out;
    for (std::size_t i = 0; i < groups.size(); ++i) {
      py::dict d;
      if (by == "card") {
        d["card"] = groups[i].first;
        d["outcome"] = next.rows[i].outcome;
      } else {
        d["outcome"] = groups[i].first;
      }
      int n = groups[i].second, g = std::gcd(n, next.of);
      d["cards"] = n;
      d["of"] = next.of;
      d["fraction"] = std::to_string(n / g) + "/" + std::to_string(next.of / g);
      d["p"] = static_cast<double>(n) / next.of;
      d["after_reshuffle"] = next.after_reshuffle;
      out.append(d);
    }
    return out;
  }

 private:
  std::unique_ptr<protocol::GameSession> session_;
};

Knobs knobs_of(const py::dict& set) {
  Knobs knobs;
  for (auto [knob, value] : set) knobs[py::str(knob).cast<std::string>()] = py::str(value).cast<std::string>();
  return knobs;
}

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

// The environment as Python sees it: numpy observations and masks, Gymnasium's tuples.
class PyEnv {
 public:
  PyEnv(const std::string& rules, int seat, const std::vector<std::string>& opponents, const py::dict& set, int amounts,
        std::uint64_t max_moves)
      : env_(EnvConfig{rules, seat, opponents, knobs_of(set), amounts, max_moves}) {}

  py::tuple reset(std::optional<std::uint64_t> seed) {
    {
      py::gil_scoped_release free;
      env_.reset(seed);
    }
    return py::make_tuple(observation(), info());
  }
  py::tuple step(int action) {
    Step s;
    {
      py::gil_scoped_release free;
      s = env_.step(action);
    }
    return py::make_tuple(observation(), s.reward, s.terminated, s.truncated, info());
  }
  py::array_t<float> observation() const {
    py::array_t<float> obs(env_.observation_size());
    env_.observe(obs.mutable_data());
    return obs;
  }
  py::array_t<bool> mask() const {
    py::array_t<bool> m(env_.action_count());
    env_.legal_mask(m.mutable_data());
    return m;
  }
  py::dict info() const {
    py::dict d;
    d["legal_mask"] = mask();
    d["result"] = env_.result();
    d["seed"] = env_.seed();
    return d;
  }
  const Env& env() const { return env_; }
  py::object view() const { return to_python(env_.session().state(env_.config().seat)); }
  Table table() const { return Table(env_.session().clone()); }

 private:
  Env env_;
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
      .def("clone", &Table::clone)
      .def("chance", &Table::chance, py::arg("by") = "card", "the next card's outcomes with their exact chances");
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
  py::exec(R"py(
class Discrete:
    """Gymnasium's Discrete(n) in shape: actions 0..n-1 (gymnasium itself is not needed)."""
    def __init__(self, n, seed=None):
        import numpy
        self.n, self.shape, self.dtype = n, (), numpy.int64
        self._rng = numpy.random.default_rng(seed)
    def sample(self, mask=None):
        import numpy
        if mask is None:
            return int(self._rng.integers(self.n))
        return int(self._rng.choice(numpy.flatnonzero(mask)))
    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n
    def __repr__(self):
        return f"Discrete({self.n})"

class Box:
    """Gymnasium's Box in shape: float32 arrays of `shape`, unbounded."""
    def __init__(self, shape):
        import numpy
        self.shape, self.dtype = shape, numpy.float32
        self.low, self.high = -numpy.inf, numpy.inf
    def contains(self, x):
        return getattr(x, "shape", None) == self.shape and x.dtype == self.dtype
    def __repr__(self):
        return f"Box(-inf, inf, {self.shape}, float32)"
)py", m.attr("__dict__"));
  using inbetween::python::PyEnv;
  py::class_<PyEnv>(m, "Env", "Gymnasium-style: one seat is the agent's, bots play the others")
      .def(py::init<const std::string&, int, const std::vector<std::string>&, const py::dict&, int, std::uint64_t>(), py::arg("rules"),
           py::arg("seat") = 0, py::arg("opponents") = std::vector<std::string>{"sensible"}, py::arg("set") = py::dict(),
           py::arg("amounts") = 8, py::arg("max_moves") = 100000)
      .def("reset", &PyEnv::reset, py::arg("seed") = py::none(), "a new game: (obs, info)")
      .def("step", &PyEnv::step, py::arg("action"), "(obs, reward, terminated, truncated, info)")
      .def("legal_mask", &PyEnv::mask)
      .def("describe", [](const PyEnv& e, int a) { return e.env().describe(a); }, py::arg("action"), "the action in words; '' where not legal")
      .def("view", &PyEnv::view, "the protocol's state as the agent's seat sees it")
      .def("table", &PyEnv::table, "a Table holding a copy of the game now")
      .def_property_readonly("action_count", [](const PyEnv& e) { return e.env().action_count(); })
      .def_property_readonly("choice_slots", [](const PyEnv& e) { return e.env().choice_slots(); })
      .def_property_readonly("observation_size", [](const PyEnv& e) { return e.env().observation_size(); })
      .def_property_readonly("action_space", [](const PyEnv& e) {
        return py::module_::import("inbetween").attr("Discrete")(e.env().action_count());
      })
      .def_property_readonly("observation_space", [](const PyEnv& e) {
        return py::module_::import("inbetween").attr("Box")(py::make_tuple(e.env().observation_size()));
      });
}
