#include "python/py_json.h"

#include <fmt/format.h>

namespace inbetween::python {

long long whole_number(const py::handle& value, const char* what) {
  PyObject* index = PyNumber_Index(value.ptr());
  if (!index) {
    PyErr_Clear();
    throw protocol::ProtocolError("bad_request", fmt::format("{} must be a whole number, not {}", what, py::repr(value).cast<std::string>()));
  }
  int overflow = 0;
  long long n = PyLong_AsLongLongAndOverflow(index, &overflow);
  Py_DECREF(index);
  if (overflow) throw protocol::ProtocolError("bad_request", fmt::format("{} {} is out of range", what, py::repr(value).cast<std::string>()));
  return n;
}

std::uint64_t seed_number(const py::handle& value) {
  PyObject* index = PyNumber_Index(value.ptr());
  if (!index) {
    PyErr_Clear();
    throw protocol::ProtocolError("bad_request", fmt::format("the seed must be a whole number, not {}", py::repr(value).cast<std::string>()));
  }
  unsigned long long n = PyLong_AsUnsignedLongLong(index);
  Py_DECREF(index);
  if (PyErr_Occurred()) {  // negative or over 64 bits
    PyErr_Clear();
    throw protocol::ProtocolError("bad_request",
                                  fmt::format("seed={}: give a whole number from 0 to 18446744073709551615", py::repr(value).cast<std::string>()));
  }
  return n;
}

games::Seat seat_of(const games::AnyTable& table, const py::handle& seat) {
  long long n = whole_number(seat, "a seat");
  auto seats = static_cast<long long>(table.names().size());
  if (n < 0 || n >= seats) throw protocol::ProtocolError("bad_seat", fmt::format("there is no seat {}: the seats are 0 to {}", n, seats - 1));
  return static_cast<games::Seat>(n);
}

}  // namespace inbetween::python
