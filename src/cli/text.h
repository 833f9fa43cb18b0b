#pragma once
// Plain text for the terminal, family-neutral: reading what a person typed (the play setup's
// options and every family's prompt) and writing English (a count with its noun, a verb that
// agrees with "You").
#include <string>
#include <vector>

namespace inbetween::cli {

// Comma-separated entries, trimmed, empties dropped.
std::vector<std::string> split_list(const std::string& text, char sep = ',');
std::string lower_case(std::string text);
// Only ASCII digits, at least one.
bool all_digits(const std::string& text);

// "1 card", "3 cards".
std::string plural(long long n, const std::string& word);
// The verb that goes with `name`: "You" takes "deal", "are", "pass"; anyone else "deals",
// "is", "passes" (given in that third-person form).
std::string verb(const std::string& name, const std::string& third_person);

}  // namespace inbetween::cli
