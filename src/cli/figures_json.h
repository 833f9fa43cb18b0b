#pragma once
// JSON for the figures `odds` and `solve` print (--format json): a chance or a value that is an
// exact fraction is written as the fraction's text and as a float, so that a program can take
// either and a reader can check one against the other.
#include <cstdint>
#include <numeric>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace inbetween::cli {

// Keys in the order the text prints its figures, for a person reading the JSON.
using ordered_json = nlohmann::ordered_json;

// {"fraction": "20/50", "value": 0.4}: the fraction as the text prints it (not reduced, so
// that its parts are still the counts: 20 of 50 cards).
inline ordered_json exact(std::int64_t numerator, std::int64_t denominator) {
  return {{"fraction", fmt::format("{}/{}", numerator, denominator)},
          {"value", denominator != 0 ? static_cast<double>(numerator) / static_cast<double>(denominator) : 0.0}};
}

// The same, reduced to lowest terms (for fractions the text does not print as counts).
inline ordered_json exact_reduced(std::int64_t numerator, std::int64_t denominator) {
  std::int64_t g = std::gcd(numerator, denominator);
  if (g > 1) {
    numerator /= g;
    denominator /= g;
  }
  return exact(numerator, denominator);
}

}  // namespace inbetween::cli
