#include "server/frame_scanner.h"

#include <algorithm>

namespace inbetween::server {
namespace {
// A header's length from its second byte: the 7-bit length says how many bytes of length
// follow (none, 2 or 8), the mask bit whether a 4-byte key does.
std::size_t header_length(unsigned char second) {
  unsigned short_length = second & 0x7fu;
  return 2 + (short_length == 126 ? 2 : short_length == 127 ? 8 : 0) + ((second & 0x80u) ? 4 : 0);
}
}  // namespace

FrameScanner::Seen FrameScanner::scan(const unsigned char* bytes, std::size_t size) {
  Seen seen;
  while (size > 0) {
    if (payload_left_ > 0) {
      auto skipped = static_cast<std::size_t>(std::min<std::uint64_t>(payload_left_, size));
      payload_left_ -= skipped;
      bytes += skipped;
      size -= skipped;
    } else if (cut_size_ == 0 && size >= 2 && size >= header_length(bytes[1])) {
      // The whole header here: read where it lies (every frame of a message-sized read).
      std::size_t length = header_length(bytes[1]);
      header(bytes, seen);
      bytes += length;
      size -= length;
    } else {
      // A header cut by the end of a read: its first bytes kept (14 at most) until the rest comes.
      std::size_t need = cut_size_ < 2 ? 2 : header_length(cut_[1]);
      std::size_t taken = std::min(need - cut_size_, size);
      std::copy_n(bytes, taken, cut_.begin() + static_cast<std::ptrdiff_t>(cut_size_));
      cut_size_ += taken;
      bytes += taken;
      size -= taken;
      if (cut_size_ >= 2 && cut_size_ == header_length(cut_[1])) {
        header(cut_.data(), seen);
        cut_size_ = 0;
      }
    }
  }
  return seen;
}

void FrameScanner::header(const unsigned char* bytes, Seen& seen) {
  bool last = (bytes[0] & 0x80u) != 0;
  unsigned opcode = bytes[0] & 0x0fu;
  std::uint64_t length = bytes[1] & 0x7fu;
  if (length == 126) {
    length = (std::uint64_t{bytes[2]} << 8) | bytes[3];
  } else if (length == 127) {
    length = 0;
    for (int i = 2; i < 10; ++i) length = (length << 8) | bytes[i];
  }
  payload_left_ = length;
  if ((opcode & 0x8u) != 0) {
    ++seen.control;  // may come between a message's frames, which go on counting
  } else if (last) {
    frames_ = 0;  // the message itself, counted by the lobby when it is read
  } else if (++frames_ >= kMaxFramesAMessage) {
    seen.too_many_frames = true;
  }
}

}  // namespace inbetween::server
