#include "protocol/request_line.h"

#include <fmt/format.h>

namespace inbetween::protocol {

json parse_request_line(const std::string& line) {
  if (line.size() > kMaxLineBytes)
    throw ProtocolError("line_too_long", fmt::format("a line longer than the limit of {} bytes", kMaxLineBytes));
  // The callback sees every value as it opens; refusing past the limit stops the parser
  // before it builds a value too deep to copy or destroy without exhausting the stack.
  auto bounded = [](int depth, json::parse_event_t event, json&) {
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) && depth >= kMaxNesting)
      throw ProtocolError("too_deep", fmt::format("arrays and objects nest more than {} deep", kMaxNesting));
    return true;
  };
  try {
    return json::parse(line, bounded);
  } catch (const json::exception& e) {
    // A syntax error, or a number out of a double's range (out_of_range 406).
    throw ProtocolError("bad_json", fmt::format("not a JSON line: {}", e.what()));
  }
}

}  // namespace inbetween::protocol

namespace inbetween::protocol {

bool read_bounded_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  bool any = false;
  for (;;) {
    int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    // Keep one byte past the limit, so the line is known to be too long; drop the rest.
    if (line.size() <= kMaxLineBytes) line.push_back(static_cast<char>(c));
  }
}

}  // namespace inbetween::protocol
