#include "cli/text.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

#include <fmt/format.h>

namespace inbetween::cli {

std::vector<std::string> split_list(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, sep)) {
    auto b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
    if (b != std::string::npos) parts.push_back(part.substr(b, e - b + 1));
  }
  return parts;
}

std::string lower_case(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool all_digits(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::string plural(long long n, const std::string& word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string verb(const std::string& name, const std::string& v) {
  if (name != "You") return v;
  if (v == "is") return "are";
  if (v == "has") return "have";
  auto ends = [&](const char* tail) { return v.size() > std::strlen(tail) && v.ends_with(tail); };
  if (ends("sses") || ends("ches") || ends("shes") || ends("xes")) return v.substr(0, v.size() - 2);
  return ends("s") ? v.substr(0, v.size() - 1) : v;
}

}  // namespace inbetween::cli
