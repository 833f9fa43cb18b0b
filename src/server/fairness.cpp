#include "server/fairness.h"

#include <array>
#include <stdexcept>

#include <fmt/format.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

namespace inbetween::server {
namespace {
template <std::size_t N>
std::array<unsigned char, N> entropy() {
  std::array<unsigned char, N> bytes{};
  // RAND_bytes only fails when the OS cannot seed it; no game may start on a guessable seed.
  if (RAND_bytes(bytes.data(), static_cast<int>(N)) != 1) throw std::runtime_error("the operating system gave no entropy (RAND_bytes)");
  return bytes;
}

std::string hex(const unsigned char* bytes, std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = kDigits[bytes[i] >> 4];
    out[2 * i + 1] = kDigits[bytes[i] & 0xf];
  }
  return out;
}
}  // namespace

std::uint64_t draw_seed() {
  auto bytes = entropy<8>();
  std::uint64_t seed = 0;
  for (unsigned char b : bytes) seed = (seed << 8) | b;
  return seed;
}

std::string sha256_hex(std::string_view text) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  // Fetched once: OpenSSL 3 otherwise looks the algorithm up in its providers on every call (a
  // token is hashed for every message a seat sends).
  static EVP_MD* const sha256 = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (!sha256 || EVP_Digest(text.data(), text.size(), digest.data(), &length, sha256, nullptr) != 1)
    throw std::runtime_error("SHA-256 failed (EVP_Digest)");
  return hex(digest.data(), length);
}

std::string seed_commitment(std::string_view table, int game, std::uint64_t seed) {
  return sha256_hex(fmt::format("{}:{}:{}", table, game, seed));
}

nlohmann::json CommitParts::to_json() const { return {{"players", players}, {"rules", rules}, {"seed", seed}, {"set", set}}; }

CommitParts commit_parts(std::string_view table, int game, const nlohmann::json& request) {
  using nlohmann::json;
  auto field = [&](const char* key) -> const json& {
    auto it = request.find(key);
    if (it == request.end()) throw std::invalid_argument(fmt::format("it has no \"{}\"", key));
    return *it;
  };
  // dump()'s replacement of invalid UTF-8 keeps a hostile log from throwing here; the text the
  // server hashes is always valid UTF-8.
  auto hash = [](const json& value) { return sha256_hex(value.dump(-1, ' ', false, json::error_handler_t::replace)); };
  bool text = request.contains("rules_text");
  if (text == request.contains("rules")) throw std::invalid_argument("it names its rules by \"rules\" or \"rules_text\", not both or neither");
  const json& rules = field(text ? "rules_text" : "rules");
  const json& seed = field("seed");
  if (!rules.is_string()) throw std::invalid_argument("its rules are not a string");
  if (!field("set").is_object()) throw std::invalid_argument("its \"set\" is not an object");
  if (!field("players").is_array()) throw std::invalid_argument("its \"players\" are not a list");
  if (!seed.is_number_unsigned()) throw std::invalid_argument("its \"seed\" is not a whole number");
  CommitParts parts;
  parts.rules = hash(json{{text ? "rules_text" : "rules", rules}});
  parts.set = hash(request["set"]);
  parts.players = hash(request["players"]);
  parts.seed = seed_commitment(table, game, seed.get<std::uint64_t>());
  return parts;
}

std::string commitment(const CommitParts& parts, int dealing) {
  nlohmann::json whole = parts.to_json();
  whole["commitment"] = kCommitmentVersion;
  whole["dealing"] = dealing;
  return sha256_hex(whole.dump());
}

std::string new_token() {
  auto bytes = entropy<16>();
  return hex(bytes.data(), bytes.size());
}

std::string new_table_code() {
  static constexpr std::string_view kLetters = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";  // 32: no 0/O, 1/I
  auto bytes = entropy<5>();
  std::string code;
  for (unsigned char b : bytes) code += kLetters[b % kLetters.size()];
  return code;
}

}  // namespace inbetween::server
