// The environments as Python sees them: `_Env` and `_VectorEnv`, the C++ cores (env.h,
// vector_env.h) with numpy arrays across the boundary and the GIL released while they play. The
// Gymnasium conventions (spaces, reset's keywords, np_random, render) are the Python classes Env
// and VectorEnv over these (gym.py).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include "python/env.h"
#include "python/py_json.h"
#include "python/table.h"
#include "python/vector_env.h"

namespace inbetween::python {
namespace {

std::optional<std::uint64_t> optional_seed(const py::object& seed) {
  if (seed.is_none()) return std::nullopt;
  return seed_number(seed);
}

// The table in words, for render_mode="ansi": each seat's standing, who acts, and the choices.
std::string render_text(const games::AnyTable& table, games::Seat seat) {
  auto view = table.view(seat);
  std::string text;
  for (std::size_t i = 0; i < view.seats.size(); ++i)
    text += fmt::format("{}{} {}: {} {}\n", view.seats[i].to_act ? "> " : "  ", i, view.seats[i].name, view.seats[i].standing, view.unit);
  if (view.over) return text + "game over\n";
  for (const auto& choice : table.legal(view.to_act)) text += fmt::format("    {}\n", choice.text);
  return text;
}

class PyEnv {
 public:
  PyEnv(const std::string& rules, int seat, const std::vector<std::string>& opponents, const py::dict& set, int amounts,
        std::uint64_t max_moves)
      : env_(EnvConfig{rules, seat, opponents, knobs_of(set), amounts, max_moves}) {}

  py::tuple reset(const py::object& seed) {
    auto s = optional_seed(seed);
    {
      py::gil_scoped_release free;
      env_.reset(s);
    }
    return py::make_tuple(observation(), info());
  }
  py::tuple step(const py::object& action) {
    long long a = whole_number(action, "an action");
    if (a < 0 || a >= env_.action_count()) {
      if (env_.ended()) throw protocol::ProtocolError("game_over", "the episode has ended (terminated or truncated); call reset()");
      throw protocol::ProtocolError("illegal_action", fmt::format("action {}: the actions are 0 to {}", a, env_.action_count() - 1));
    }
    Step s;
    {
      py::gil_scoped_release free;
      s = env_.step(static_cast<int>(a));
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
    // The seed deals every card to come: the agent reads it only once its episode has ended.
    if (env_.ended()) d["seed"] = env_.seed();
    return d;
  }
  const Env& env() const { return env_; }
  py::object view() const { return to_python(env_.session()->state(env_.config().seat)); }
  Table table() const { return Table(env_.session(), !env_.table().over()); }
  std::string render() const { return render_text(env_.table(), env_.config().seat); }

 private:
  Env env_;
};

class PyVectorEnv {
 public:
  PyVectorEnv(const std::string& rules, int num_envs, const std::vector<std::string>& opponents, std::uint64_t seed, int threads, int seat,
              const py::dict& set, int amounts, std::uint64_t max_moves)
      : env_(EnvConfig{rules, seat, opponents, knobs_of(set), amounts, max_moves}, num_envs, seed, threads) {}

  py::tuple reset(const py::object& seed) {
    auto s = optional_seed(seed);
    auto [obs, masks] = arrays();
    VectorStep out{obs.mutable_data(), nullptr, nullptr, nullptr, masks.mutable_data()};
    {
      py::gil_scoped_release free;
      env_.reset(s, out);
    }
    py::dict info;
    info["legal_mask"] = masks;
    return py::make_tuple(obs, info);
  }
  py::tuple step(const py::array_t<std::int64_t, py::array::c_style>& actions) {
    auto n = static_cast<py::ssize_t>(env_.num_envs());
    if (actions.ndim() != 1 || actions.shape(0) != n)
      throw protocol::ProtocolError("bad_request", fmt::format("actions: give one action per table, shape ({},)", n));
    auto [obs, masks] = arrays();
    py::array_t<double> rewards(n);
    py::array_t<bool> terminated(n), truncated(n);
    VectorStep out{obs.mutable_data(), rewards.mutable_data(), terminated.mutable_data(), truncated.mutable_data(), masks.mutable_data()};
    const std::int64_t* a = actions.data();
    {
      py::gil_scoped_release free;
      env_.step(a, out);
    }
    py::dict info;
    info["legal_mask"] = masks;
    return py::make_tuple(obs, rewards, terminated, truncated, info);
  }
  const VectorEnv& env() const { return env_; }
  py::list results() const {
    py::list out;
    for (int i = 0; i < env_.num_envs(); ++i) out.append(env_.env(i).result());
    return out;
  }

 private:
  std::pair<py::array_t<float>, py::array_t<bool>> arrays() const {
    auto n = static_cast<py::ssize_t>(env_.num_envs());
    return {py::array_t<float>({n, static_cast<py::ssize_t>(env_.observation_size())}),
            py::array_t<bool>({n, static_cast<py::ssize_t>(env_.action_count())})};
  }

  VectorEnv env_;
};

}  // namespace

void bind_envs(py::module_& m) {
  py::class_<PyEnv>(m, "_Env", "the environment's C++ core; use inbetween.Env")
      .def(py::init<const std::string&, int, const std::vector<std::string>&, const py::dict&, int, std::uint64_t>(), py::arg("rules"),
           py::arg("seat") = 0, py::arg("opponents") = std::vector<std::string>{"sensible"}, py::arg("set") = py::dict(),
           py::arg("amounts") = 8, py::arg("max_moves") = 100000)
      .def("reset", &PyEnv::reset, py::arg("seed") = py::none())
      .def("step", &PyEnv::step, py::arg("action"))
      .def("legal_mask", &PyEnv::mask)
      .def("describe", [](const PyEnv& e, int a) { return e.env().describe(a); }, py::arg("action"))
      .def("view", &PyEnv::view)
      .def("table", &PyEnv::table)
      .def("render", &PyEnv::render)
      .def_property_readonly("action_count", [](const PyEnv& e) { return e.env().action_count(); })
      .def_property_readonly("choice_slots", [](const PyEnv& e) { return e.env().choice_slots(); })
      .def_property_readonly("observation_size", [](const PyEnv& e) { return e.env().observation_size(); });
  py::class_<PyVectorEnv>(m, "_VectorEnv", "the vector environment's C++ core; use inbetween.VectorEnv")
      .def(py::init<const std::string&, int, const std::vector<std::string>&, std::uint64_t, int, int, const py::dict&, int, std::uint64_t>(),
           py::arg("rules"), py::arg("num_envs"), py::arg("opponents"), py::arg("seed"), py::arg("threads"), py::arg("seat"), py::arg("set"),
           py::arg("amounts"), py::arg("max_moves"))
      .def("reset", &PyVectorEnv::reset, py::arg("seed") = py::none())
      .def("step", &PyVectorEnv::step, py::arg("actions"))
      .def("results", &PyVectorEnv::results)
      .def_property_readonly("num_envs", [](const PyVectorEnv& e) { return e.env().num_envs(); })
      .def_property_readonly("threads", [](const PyVectorEnv& e) { return e.env().threads(); })
      .def_property_readonly("action_count", [](const PyVectorEnv& e) { return e.env().action_count(); })
      .def_property_readonly("choice_slots", [](const PyVectorEnv& e) { return e.env().env(0).choice_slots(); })
      .def_property_readonly("observation_size", [](const PyVectorEnv& e) { return e.env().observation_size(); });
}

}  // namespace inbetween::python
