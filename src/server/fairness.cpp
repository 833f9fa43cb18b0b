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
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) out += fmt::format("{:02x}", bytes[i]);
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
  if (EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed (EVP_Digest)");
  return hex(digest.data(), length);
}

std::string commitment(std::string_view table, int game, std::uint64_t seed) {
  return sha256_hex(fmt::format("{}:{}:{}", table, game, seed));
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
