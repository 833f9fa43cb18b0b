#pragma once
// `inbetween verify`: checks a finished game's exported log against its fairness commitment,
// replaying every card and all the chips (or ThreeBeTween's points) (docs/server.md).
#include <istream>
#include <string>

namespace inbetween::server {

// What a check found: OK, or the first mismatch with its line; `text` says it for a person.
struct VerifyReport {
  bool ok = false;
  std::string text;
};

// Reads the log (JSON Lines as `/tables/CODE/log` gives it) from `in`; `name` names it in the report.
VerifyReport verify_log(std::istream& in, const std::string& name);

}  // namespace inbetween::server
