#pragma once
// inbetween.Table: one game of any family, as Python sees it (docs/python.md, "The table"), in
// the role of OpenSpiel's pyspiel State: legal choices as protocol actions that apply() takes,
// views, clone() (the exact copy) and resample() (a copy a seat cannot tell from it, its unseen
// cards shuffled anew), observations and legal masks for any seat, the log and its replay.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/session.h"
#include "python/analysis.h"
#include "python/py_json.h"

namespace inbetween::python {

class Table {
 public:
  // `seed_hidden`: the engine drew the seed, so it stays out of the log until the game is over.
  Table(std::unique_ptr<protocol::GameSession> session, bool seed_hidden, bool resampled = false)
      : session_(std::move(session)), seed_hidden_(seed_hidden), resampled_(resampled) {}

  static Table open(const std::string& rules, const std::vector<std::string>& players, const py::object& seed, const py::dict& set);
  static Table replay(const py::list& log);

  std::vector<std::string> players() const { return session_->table().names(); }
  py::object to_act() const;
  bool over() const { return session_->over(); }
  std::vector<int> winners() const { return session_->table().winners(); }
  std::string family() const { return std::string(session_->table().family()); }
  std::size_t moves() const { return session_->moves(); }

  py::list legal(const py::object& seat) const;
  py::object apply(const py::object& seat, const py::object& action, const py::object& amount);
  py::tuple bot_move(const std::string& kind);
  py::object view(const py::object& seat) const;
  py::object events(std::size_t since) const { return to_python(session_->events_since(since)); }
  py::object hint() const;
  py::object log() const;
  Table clone() const { return Table(session_->clone(), seed_hidden_, resampled_); }
  Table resample(const py::object& seat, const py::object& seed) const;
  // Each seat's chance to win from `seat`'s view, played out (games/win_estimate.h).
  py::list win_chances(const py::object& seat, int playouts, const py::object& seed, const std::string& bot) const;
  py::list chance(const std::string& by) const;

  // For agents: the fixed action list (agent_view.h) and the observation of any seat.
  int action_count(int amounts) const;
  py::array_t<bool> legal_mask(const py::object& seat, int amounts) const;
  py::object apply_action(const py::object& seat, const py::object& action, int amounts);
  py::array_t<float> observation(const py::object& seat, int amounts) const;
  std::vector<double> returns() const;
  std::string information_state(const py::object& seat) const;

  const protocol::GameSession& session() const { return *session_; }

 private:
  std::unique_ptr<protocol::GameSession> session_;
  bool seed_hidden_ = false;
  bool resampled_ = false;
};

// Binds Table into the module.
void bind_table(py::module_& m);

}  // namespace inbetween::python
