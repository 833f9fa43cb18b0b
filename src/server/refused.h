#pragma once
// A request the server refuses: a stable code for programs and a sentence for the person.
#include <stdexcept>
#include <string>

namespace inbetween::server {

struct Refused : std::runtime_error {
  Refused(std::string why_code, const std::string& message) : std::runtime_error(message), code(std::move(why_code)) {}
  std::string code;
};

}  // namespace inbetween::server
