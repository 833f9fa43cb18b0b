#pragma once
// Small checks on error messages shared by the test files.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <string_view>

#include "rules/knob_reader.h"

namespace inbetween::testing_support {

inline bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// The message of the RuleError that `f` throws ("" and a failure when it throws none).
inline std::string rule_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const rules::RuleError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no RuleError was thrown";
  return "";
}

}  // namespace inbetween::testing_support
