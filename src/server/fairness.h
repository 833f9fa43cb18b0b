#pragma once
// Provably fair shuffles: seeds from the operating system's entropy, a SHA-256 commitment to
// each game published before its first card, and the seat tokens' secrets.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace inbetween::server {

// A seed from the operating system's entropy (OpenSSL's RAND_bytes).
std::uint64_t draw_seed();
// SHA-256 of `text`, in lowercase hex.
std::string sha256_hex(std::string_view text);

// The commitment schemes (docs/server.md, "The commitment"). Version 1 covered the seed only;
// version 2 covers everything that fixes the game: the rules, the knobs, the players and the seed.
inline constexpr int kCommitmentVersion = 2;
// Version 1: SHA-256 of "<table>:<game>:<seed>". Kept to check the games stored before version 2.
std::string seed_commitment(std::string_view table, int game, std::uint64_t seed);

// Version 2 in parts, so a check can name the part that differs: each is SHA-256 of one field's
// canonical JSON (nlohmann's dump: keys sorted, no spaces, UTF-8 as is).
struct CommitParts {
  std::string rules;    // of {"rules": preset} or {"rules_text": text}
  std::string set;      // of the knobs object
  std::string players;  // of the names, in seat order
  std::string seed;     // the version 1 commitment: "<table>:<game>:<seed>", binding the table and game
  nlohmann::json to_json() const;
  friend bool operator==(const CommitParts&, const CommitParts&) = default;
};
// The parts of a game whose `new` request is `request` (its rules or rules_text, set, players,
// seed); throws std::invalid_argument naming a field that is missing or of the wrong type.
CommitParts commit_parts(std::string_view table, int game, const nlohmann::json& request);
// SHA-256 of {"commitment":2,"dealing":D,"players":..,"rules":..,"seed":..,"set":..} (the parts'
// hashes, keys sorted): what the table publishes as `commit`.
std::string commitment(const CommitParts& parts, int dealing);

// A new seat token: 128 bits of entropy as 32 hex digits.
std::string new_token();
// A new table code: 5 letters and digits a person can read out (no 0/O, 1/I).
std::string new_table_code();

}  // namespace inbetween::server
