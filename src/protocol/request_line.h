#pragma once
// One protocol line (a request, or a line of a saved game) read into JSON with bounds: a line
// of at most 1 MB, nesting at most 64 deep, numbers a double can hold. Anything else is a
// ProtocolError, never a crash (a deeply nested line once overflowed the stack on copy).
#include <cstddef>
#include <istream>
#include <string>

#include "protocol/json.h"

namespace inbetween::protocol {

constexpr std::size_t kMaxLineBytes = 1 << 20;
constexpr int kMaxNesting = 64;

// Throws ProtocolError: "line_too_long", "too_deep", or "bad_json" (not JSON, or a number out
// of a double's range), each naming the limit or the parser's complaint.
json parse_request_line(const std::string& line);

// Reads up to the next newline like std::getline, but keeps at most kMaxLineBytes + 1 bytes of
// it (the rest is skipped), so a huge line costs no more memory than the limit. False at the end.
bool read_bounded_line(std::istream& in, std::string& line);

}  // namespace inbetween::protocol
