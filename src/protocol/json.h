#pragma once
// JSON at the protocol's edge: the json type and the error every codec throws for a bad request.
#include <initializer_list>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace inbetween::protocol {

using nlohmann::json;

// One field of an object built by `fields`; mutable so that a value can be moved out of the list.
struct Field {
  const char* key;
  mutable json value;
};

// An object from its fields, put straight into its map. json's own braced form first makes a
// [key, value] array of each field and then the object from those: 2-3 times the work for the
// state and events every move sends (docs/performance.md, "Less JSON a move"). Fields listed in the
// order of their keys (the order the text has anyway) go in at the map's end without a search;
// any other order is as right, a little slower.
inline json fields(std::initializer_list<Field> list) {
  json object = json::object();
  auto& map = object.get_ref<json::object_t&>();
  for (const Field& field : list) map.emplace_hint(map.end(), field.key, std::move(field.value));
  return object;
}

// A value as compact JSON text, as `value.dump()` writes it (bytes that are not UTF-8 written as
// U+FFFD unless `strict`, which throws as dump() does). Each thread keeps one serializer and its
// buffer: dump() makes a serializer (an adapter, a 512-byte indent string) and grows its result
// from nothing at every call, 5% of the work for a 654-byte state, 25% for a 41-byte list of
// events (docs/performance.md, "Text a move").
inline std::string json_text(const json& value, bool strict = false) {
  using Serializer = nlohmann::detail::serializer<json>;
  thread_local std::string buffer;
  thread_local Serializer replacing(nlohmann::detail::output_adapter<char>(buffer), ' ', json::error_handler_t::replace);
  thread_local Serializer throwing(nlohmann::detail::output_adapter<char>(buffer), ' ', json::error_handler_t::strict);
  buffer.clear();
  try {
    (strict ? throwing : replacing).dump(value, false, false, 0);
  } catch (...) {
    buffer.clear();
    throw;
  }
  std::string text(buffer);
  if (buffer.capacity() > (1u << 16)) std::string().swap(buffer);  // a rare big text does not stay
  return text;
}

// A request the engine cannot take; `code` is stable, `message` is for people.
struct ProtocolError : std::runtime_error {
  ProtocolError(std::string code_, const std::string& message) : std::runtime_error(message), code(std::move(code_)) {}
  std::string code;
};

}  // namespace inbetween::protocol
