#pragma once
// `inbetween verify`: checks a finished game's exported log against its fairness commitment,
// replaying every card and all the chips (or ThreeBeTween's points) (docs/server.md).
#include <istream>
#include <string>

#include "server/fairness.h"

namespace inbetween::server {

// What a check found: OK, or the first mismatch with its line; `text` says it for a person.
struct VerifyReport {
  bool ok = false;
  std::string text;
};

// Reads the log (JSON Lines as `/tables/CODE/log` gives it) from `in`; `name` names it in the report.
// A log is checked only as the server writes it: a key the server does not write is refused (the
// commitment would not cover it, and `replay` could deal from it), and so is a commitment scheme
// older than `oldest_version` (kCommitmentVersion unless the reader asks for an older one,
// `inbetween verify --allow-version 1`; the report then says what the older scheme leaves out).
VerifyReport verify_log(std::istream& in, const std::string& name, int oldest_version = kCommitmentVersion);

}  // namespace inbetween::server
