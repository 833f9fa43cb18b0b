#pragma once
// Writing JSON into a value that may still hold what was written there last time. The server
// keeps each table's state between moves and fills it again: a field already there is assigned in
// place (a string keeps its memory), so a move whose state has the same shape allocates and frees
// nothing; building the state afresh and freeing it were half of its cost (docs/performance.md, "The
// state filled in place"). Filling an empty json gives exactly what building it would.
#include <concepts>
#include <cstddef>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "protocol/json.h"

namespace inbetween::protocol {

// `slot` = a value, reusing what `slot` holds where the type is the same.
inline void put(json& slot, std::nullptr_t) {
  if (!slot.is_null()) slot = nullptr;
}
inline void put(json& slot, bool value) {
  if (auto* b = slot.get_ptr<json::boolean_t*>()) *b = value;
  else slot = value;
}
template <std::signed_integral I>
void put(json& slot, I value) {
  if (auto* n = slot.get_ptr<json::number_integer_t*>()) *n = value;
  else slot = value;
}
template <std::unsigned_integral I>
  requires(!std::same_as<I, bool>)
void put(json& slot, I value) {
  if (auto* n = slot.get_ptr<json::number_unsigned_t*>()) *n = value;
  else slot = value;
}
inline void put(json& slot, std::string_view text) {
  if (auto* s = slot.get_ptr<json::string_t*>()) s->assign(text);
  else slot = std::string(text);
}
inline void put(json& slot, const char* text) { put(slot, std::string_view(text)); }
inline void put(json& slot, const std::string& text) { put(slot, std::string_view(text)); }

// `slot` made an array of `size` elements: the first ones kept (to be filled again), the rest
// dropped or added as null. Returns the elements.
inline json::array_t& sized_array(json& slot, std::size_t size) {
  if (!slot.is_array()) slot = json::array();
  auto& array = slot.get_ref<json::array_t&>();
  array.resize(size);
  return array;
}

// `slot` = an array of these numbers (or strings).
template <class T>
void put_all(json& slot, std::span<const T> values) {
  auto& array = sized_array(slot, values.size());
  for (std::size_t i = 0; i < values.size(); ++i) put(array[i], values[i]);
}

// Fills an object field by field, in the order of their keys (the order the map keeps and the
// text has): `at(key)` is the field's slot, the one there or a new null; fields there that come
// between the keys asked for, or after the last, were not written this time and are taken out.
// In order, each field costs one comparison of keys; a key out of order is a logic_error.
class ObjectFill {
 public:
  explicit ObjectFill(json& object)
      : fields_((object.is_object() ? object : (object = json::object())).get_ref<json::object_t&>()), next_(fields_.begin()) {}
  ObjectFill(const ObjectFill&) = delete;
  ObjectFill& operator=(const ObjectFill&) = delete;
  ~ObjectFill() { fields_.erase(next_, fields_.end()); }

  json& at(const char* key) {
    if (last_ && std::strcmp(last_, key) >= 0)
      throw std::logic_error(std::string("a field filled out of its keys' order: \"") + key + "\" after \"" + last_ + "\"");
    last_ = key;
    int order = 1;
    while (next_ != fields_.end() && (order = next_->first.compare(key)) < 0) next_ = fields_.erase(next_);
    if (next_ == fields_.end() || order != 0) next_ = fields_.emplace_hint(next_, key, nullptr);
    return (next_++)->second;
  }
  template <class V>
  void put(const char* key, V&& value) {
    protocol::put(at(key), std::forward<V>(value));
  }

 private:
  json::object_t& fields_;
  json::object_t::iterator next_;
  const char* last_ = nullptr;
};

}  // namespace inbetween::protocol
