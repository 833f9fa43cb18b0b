#pragma once
// The frames a WebSocket client sends, seen as its bytes arrive (docs/server.md, "Limits"), so
// that every frame counts: Beast answers pings and swallows pongs and empty continuation frames
// inside its own read, and none of those reaches the server otherwise. Only the frame headers
// (RFC 6455, 5.2) are read, where they lie; no byte is copied or changed.
#include <array>
#include <cstddef>
#include <cstdint>

namespace inbetween::server {

// The most frames one message may come in, its last included: a 64 KiB message sent in
// 512-byte pieces still passes (a browser sends a message as one frame).
inline constexpr unsigned kMaxFramesAMessage = 128;

// Reads the headers of a client's frames from the bytes of each read, in order.
class FrameScanner {
 public:
  // What the bytes of one read held.
  struct Seen {
    unsigned control = 0;  // control frames (ping, pong, close): each counts like a message
    // A message went past kMaxFramesAMessage: the connection is closed.
    bool too_many_frames = false;
  };
  // The next bytes the client sent; a header may be cut between two reads.
  Seen scan(const unsigned char* bytes, std::size_t size);

 private:
  void header(const unsigned char* bytes, Seen& seen);

  std::uint64_t payload_left_ = 0;       // of the frame whose header was read last
  std::array<unsigned char, 14> cut_{};  // the start of a header cut at the end of a read
  std::size_t cut_size_ = 0;
  unsigned frames_ = 0;  // the frames so far of the message being sent, not its last
};

}  // namespace inbetween::server
