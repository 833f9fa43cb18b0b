#pragma once
// Provably fair shuffles: seeds from the operating system's entropy, a SHA-256 commitment to
// each game's seed published before its first card, and the seat tokens' secrets.
#include <cstdint>
#include <string>
#include <string_view>

namespace inbetween::server {

// A seed from the operating system's entropy (OpenSSL's RAND_bytes).
std::uint64_t draw_seed();
// SHA-256 of `text`, in lowercase hex.
std::string sha256_hex(std::string_view text);
// The commitment to a game's seed: SHA-256 of "<table>:<game>:<seed>" (docs/server.md).
std::string commitment(std::string_view table, int game, std::uint64_t seed);
// A new seat token: 128 bits of entropy as 32 hex digits.
std::string new_token();
// A new table code: 5 letters and digits a person can read out (no 0/O, 1/I).
std::string new_table_code();

}  // namespace inbetween::server
