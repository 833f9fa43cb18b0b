// The frames a client sends, read from its bytes however the reads cut them (server/frame_scanner.h).
#include <gtest/gtest.h>

#include <string>

#include "server/frame_scanner.h"

namespace inbetween::scanner_test {
namespace {

using server::FrameScanner;
using server::kMaxFramesAMessage;

// A client frame (masked, key 0) with `first` as its first byte (FIN and opcode).
std::string frame(unsigned char first, std::size_t length) {
  std::string f(1, static_cast<char>(first));
  if (length < 126) {
    f += static_cast<char>(0x80 | length);
  } else if (length < 65536) {
    f += static_cast<char>(0x80 | 126);
    f += static_cast<char>(length >> 8);
    f += static_cast<char>(length & 0xff);
  } else {
    f += static_cast<char>(0x80 | 127);
    for (int i = 7; i >= 0; --i) f += static_cast<char>((length >> (8 * i)) & 0xff);
  }
  f += std::string(4, '\0');
  return f + std::string(length, 'x');
}
constexpr unsigned char kText = 0x01, kContinuation = 0x00, kPing = 0x09, kPong = 0x0a, kFin = 0x80;

// Every way of cutting `bytes` into reads of `step` bytes gives the same count.
FrameScanner::Seen scan_in_steps(const std::string& bytes, std::size_t step) {
  FrameScanner scanner;
  FrameScanner::Seen total;
  for (std::size_t at = 0; at < bytes.size(); at += step) {
    std::string piece = bytes.substr(at, step);
    auto seen = scanner.scan(reinterpret_cast<const unsigned char*>(piece.data()), piece.size());
    total.control += seen.control;
    total.too_many_frames = total.too_many_frames || seen.too_many_frames;
  }
  return total;
}

TEST(FrameScanner, ControlFramesAreCountedWhereverTheReadsCutThem) {
  // Pings and pongs between messages and between a message's frames, payloads of every length
  // field (7-bit, 16-bit, 64-bit): the payload's bytes are skipped, never taken for a header.
  std::string bytes = frame(kFin | kText, 10) + frame(kFin | kPong, 0) + frame(kText, 200) + frame(kFin | kPing, 125) +
                      frame(kContinuation, 70000) + frame(kFin | kPong, 3) + frame(kFin | kContinuation, 0);
  for (std::size_t step : {1, 2, 3, 7, 13, 14, 1536, 100000}) {
    auto seen = scan_in_steps(bytes, step);
    EXPECT_EQ(seen.control, 3u) << "reads of " << step;
    EXPECT_FALSE(seen.too_many_frames) << "reads of " << step;
  }
}

TEST(FrameScanner, AMessageMayComeInAtMostItsFramesEmptyOnesToo) {
  // 64 KiB in 512-byte pieces passes: kMaxFramesAMessage frames, its last included.
  std::string most = frame(kText, 512);
  for (unsigned i = 2; i < kMaxFramesAMessage; ++i) most += frame(kContinuation, 512);
  most += frame(kFin | kContinuation, 512);
  EXPECT_FALSE(scan_in_steps(most, 1536).too_many_frames);
  EXPECT_FALSE(scan_in_steps(most + most, 1).too_many_frames) << "each message has its own count";

  // A message begun and never ended: empty continuation frames, which Beast reads past.
  std::string endless = frame(kText, 0);
  for (unsigned i = 1; i < kMaxFramesAMessage; ++i) endless += frame(kContinuation, 0);
  EXPECT_TRUE(scan_in_steps(endless, 1536).too_many_frames);
  EXPECT_TRUE(scan_in_steps(endless, 5).too_many_frames);
  // Control frames between them do not end the message.
  std::string interleaved = frame(kText, 0);
  for (unsigned i = 1; i < kMaxFramesAMessage; ++i) interleaved += frame(kFin | kPong, 0) + frame(kContinuation, 0);
  auto seen = scan_in_steps(interleaved, 1536);
  EXPECT_TRUE(seen.too_many_frames);
  EXPECT_EQ(seen.control, kMaxFramesAMessage - 1);
}

}  // namespace
}  // namespace inbetween::scanner_test
