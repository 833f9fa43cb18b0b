#pragma once
// Reading a client message's fields: each one checked for its type and size, refused by name.
#include <cstdint>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "games/game.h"
#include "server/refused.h"

namespace inbetween::server {

// A name as typed may be longer than the engine's 40 bytes: NFKC and trimming can shorten it.
inline constexpr std::size_t kMaxTypedNameBytes = 4 * games::kMaxNameBytes;

// A string field of a client message: present, a string, at most `max` bytes.
inline std::string text_field(const nlohmann::json& message, const char* key, std::size_t max) {
  auto it = message.find(key);
  if (it == message.end() || !it->is_string()) throw Refused("bad_message", fmt::format("\"{}\" must be a string", key));
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() > max) throw Refused("bad_message", fmt::format("\"{}\" may be at most {} bytes", key, max));
  return text;
}

// A whole-number field from `least` to `most`; `fallback` when it is absent.
inline int int_field(const nlohmann::json& message, const char* key, int fallback, int least, int most) {
  auto it = message.find(key);
  if (it == message.end()) return fallback;
  if (!it->is_number_integer() || it->get<std::int64_t>() < least || it->get<std::int64_t>() > most)
    throw Refused("bad_message", fmt::format("\"{}\" must be a whole number from {} to {}", key, least, most));
  return it->get<int>();
}

// The message's id (a string or a number) to answer with, or null.
inline nlohmann::json id_of(const nlohmann::json& message) {
  auto i = message.find("id");
  return i != message.end() && (i->is_string() || i->is_number()) ? *i : nlohmann::json();
}

}  // namespace inbetween::server
