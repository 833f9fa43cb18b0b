#pragma once
// JSON at the protocol's edge: the json type and the error every codec throws for a bad request.
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

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
// state and events every move sends (bench/README.md, "The third round").
inline json fields(std::initializer_list<Field> list) {
  json object = json::object();
  auto& map = object.get_ref<json::object_t&>();
  for (const Field& field : list) map.emplace(field.key, std::move(field.value));
  return object;
}

// Writing an object over the one written last time (GameSession::kept_state): a field's node, and
// a string's buffer, stay where they are and only the values are written; over an empty object
// the same writer builds it afresh. Building the state as a new tree and freeing it at every move
// was two thirds of what its text cost (bench/README.md, "The state written in place").

// object[key], a null added where there is none.
inline json& slot(json& object, std::string_view key) {
  auto& map = object.get_ref<json::object_t&>();
  auto it = map.lower_bound(key);
  if (it != map.end() && it->first == key) return it->second;
  return map.emplace_hint(it, std::string(key), nullptr)->second;
}
// `value` made the string `text`, in the buffer it has when it is one already.
inline void set_text(json& value, std::string_view text) {
  if (value.is_string())
    value.get_ref<std::string&>().assign(text);
  else
    value = std::string(text);
}
// A number or a bool: written into the value where it is one of that type already.
template <class Number>
  requires std::is_arithmetic_v<Number>
void put(json& object, std::string_view key, Number value) {
  json& to = slot(object, key);
  if constexpr (std::is_same_v<Number, bool>) {
    if (to.type() == json::value_t::boolean) return void(*to.get_ptr<json::boolean_t*>() = value);
  } else if constexpr (std::is_integral_v<Number> && std::is_signed_v<Number>) {
    if (to.type() == json::value_t::number_integer) return void(*to.get_ptr<json::number_integer_t*>() = value);
  } else if constexpr (std::is_integral_v<Number>) {
    if (to.type() == json::value_t::number_unsigned) return void(*to.get_ptr<json::number_unsigned_t*>() = value);
  }
  to = value;
}
inline void put(json& object, std::string_view key, std::string_view text) { set_text(slot(object, key), text); }
inline void put(json& object, std::string_view key, const char* text) { set_text(slot(object, key), text); }
inline void put(json& object, std::string_view key, const std::string& text) { set_text(slot(object, key), text); }
inline void put(json& object, std::string_view key, std::nullptr_t) { slot(object, key) = nullptr; }
// `value` made an object (empty only if it was not one).
inline json& as_object(json& value) {
  if (!value.is_object()) value = json::object();
  return value;
}
inline json& put_object(json& object, std::string_view key) { return as_object(slot(object, key)); }
// object[key] made an array of `size` values (those it had first kept; new ones null).
inline json& put_array(json& object, std::string_view key, std::size_t size) {
  json& value = slot(object, key);
  if (!value.is_array()) value = json::array();
  value.get_ref<json::array_t&>().resize(size);
  return value;
}
// object[key] made the array of `numbers`.
template <class Numbers>
void put_numbers(json& object, std::string_view key, const Numbers& numbers) {
  json& list = put_array(object, key, std::size(numbers));
  std::size_t i = 0;
  for (auto number : numbers) list[i++] = number;
}
// Removes `key`: a field that only some states have.
inline void drop(json& object, std::string_view key) {
  auto& map = object.get_ref<json::object_t&>();
  auto it = map.find(key);
  if (it != map.end()) map.erase(it);
}

// A request the engine cannot take; `code` is stable, `message` is for people.
struct ProtocolError : std::runtime_error {
  ProtocolError(std::string code_, const std::string& message) : std::runtime_error(message), code(std::move(code_)) {}
  std::string code;
};

}  // namespace inbetween::protocol
