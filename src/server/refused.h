#pragma once
// A request the server refuses: a stable code for programs and a sentence for the person.
#include <stdexcept>
#include <string>

namespace inbetween::server {

struct Refused : std::runtime_error {
  Refused(std::string why_code, const std::string& message) : std::runtime_error(message), code(std::move(why_code)) {}
  std::string code;
};

// A table another server plays (several servers on one database): `address` reaches it (empty
// when it cannot be told); the network layer forwards the connection's messages there.
struct PlayedElsewhere : Refused {
  PlayedElsewhere(const std::string& table, std::string at)
      : Refused("table_elsewhere", "table " + table + " is played by another server now; try again in a moment"), address(std::move(at)) {}
  std::string address;
};

}  // namespace inbetween::server
