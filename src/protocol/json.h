#pragma once
// JSON at the protocol's edge: the json type and the error every codec throws for a bad request.
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace inbetween::protocol {

using nlohmann::json;

// A request the engine cannot take; `code` is stable, `message` is for people.
struct ProtocolError : std::runtime_error {
  ProtocolError(std::string code_, const std::string& message) : std::runtime_error(message), code(std::move(code_)) {}
  std::string code;
};

}  // namespace inbetween::protocol
