#include "protocol/saved_game.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "protocol/made_by.h"
#include "protocol/request_line.h"

namespace inbetween::protocol {
namespace {

// `,"sum":"` + 64 hex digits + `"}`: how every checksummed line ends.
constexpr std::string_view kSumKey = ",\"sum\":\"";
constexpr std::size_t kSumHex = 64;
constexpr std::size_t kSumTail = kSumKey.size() + kSumHex + 2;

std::string sha256_hex(std::string_view a, std::string_view b, std::string_view c) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr) == 1 && EVP_DigestUpdate(ctx, a.data(), a.size()) == 1 &&
            EVP_DigestUpdate(ctx, b.data(), b.size()) == 1 && EVP_DigestUpdate(ctx, c.data(), c.size()) == 1 &&
            EVP_DigestFinal_ex(ctx, digest, &length) == 1;
  EVP_MD_CTX_free(ctx);
  if (!ok) throw std::runtime_error("SHA-256 is not available from OpenSSL");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 15]);
  }
  return hex;
}

std::string line_checksum(std::string_view chain, std::string_view object) { return sha256_hex(chain, "\n", object); }

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

// A line's checksum checked against the chain (the line's text, `line`, is what was summed);
// `chain` moves on to it and the checksum is taken off `j`. Throws ProtocolError with the reason.
void check_sum(std::string_view line, json& j, std::string& chain) {
  if (!j.contains("sum")) throw ProtocolError("bad_save", "no checksum, while the lines before it have one: a line added by hand?");
  if (line.size() < kSumTail + 1 || line.substr(line.size() - kSumTail, kSumKey.size()) != kSumKey || !line.ends_with("\"}"))
    throw ProtocolError("bad_save", "the checksum is not at the line's end, where inbetween writes it: the line was edited");
  std::string object = std::string(line.substr(0, line.size() - kSumTail)) + "}";
  std::string expected = line_checksum(chain, object);
  if (line.substr(line.size() - kSumHex - 2, kSumHex) != expected)
    throw ProtocolError("bad_save", "the checksum does not match: this line or one before it was changed after it was saved");
  chain = expected;
  j.erase("sum");
}

[[noreturn]] void file_error(const std::string& path, const std::string& what) {
  throw ProtocolError("bad_file", fmt::format("{}: cannot save the game: {}: {}", path, what, std::strerror(errno)));
}

// fsync (or fdatasync: the data and the size, not the times), again when a signal (Ctrl-C,
// caught by `play` without SA_RESTART) interrupts it.
bool synced(int fd, bool data_only) {
  int r;
  do r = data_only ? ::fdatasync(fd) : ::fsync(fd);
  while (r != 0 && errno == EINTR);
  return r == 0;
}

// Makes a rename or a new name in `dir` last through a power cut.
void sync_folder(const std::string& path) {
  std::string dir = std::filesystem::path(path).parent_path().string();
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // the file is saved; only its survival of a power cut is less sure
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

std::string checksummed_line(const std::string& object, std::string& chain) {
  chain = line_checksum(chain, object);
  return object.substr(0, object.size() - 1) + std::string(kSumKey) + chain + "\"}";
}

SavedGame read_saved_game(std::string_view text, const std::string& name) {
  SavedGame saved;
  int number = 0, quit_at = 0;
  int summed = -1;  // unknown until the first line: 1 with checksums, 0 without
  std::string chain;
  auto fail = [&](const std::string& why) { return ProtocolError("bad_save", fmt::format("{}:{}: {}", name, number, why)); };
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    bool whole = end != std::string_view::npos;
    std::string_view line = text.substr(at, whole ? end - at : std::string_view::npos);
    at = whole ? end + 1 : text.size();
    ++number;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (blank(line)) continue;
    json j;
    try {
      j = parse_request_line(std::string(line));
      if (!j.is_object()) throw ProtocolError("bad_save", "not a JSON object");
      if (summed < 0) summed = j.contains("sum") ? 1 : 0;  // the first line says whether the file has checksums
      if (summed == 1) check_sum(line, j, chain);
      else if (j.contains("sum")) throw ProtocolError("bad_save", "a checksum in a file whose first line has none: lines from two files?");
    } catch (const ProtocolError& e) {
      // Without its newline the last line was still being written: a power cut, a full disk.
      if (!whole && number > 1) {
        saved.notes.push_back(fmt::format("{}:{}: the last line is incomplete ({}), as when the program is stopped while saving "
                                          "it; it is left out",
                                          name, number, e.what()));
        break;
      }
      throw fail(e.what());
    }
    // value() would throw the JSON library's own error for a "cmd" that is no string.
    auto cmd_field = j.find("cmd");
    if (cmd_field != j.end() && !cmd_field->is_string())
      throw fail(fmt::format("\"cmd\" must be a string such as \"act\", not a JSON {}", cmd_field->type_name()));
    std::string cmd = cmd_field == j.end() ? "" : cmd_field->get<std::string>();
    if (quit_at) throw fail(fmt::format("a line after the \"quit\" of line {}", quit_at));
    if (saved.request.is_null()) {
      if (cmd != "new") throw fail("the first line must be the game's \"new\" request");
      saved.request = std::move(j);
    } else if (cmd == "act") {
      try {
        made_by(j);  // a server's log marks the moves it made for a player; nothing else
      } catch (const ProtocolError& e) {
        throw fail(e.what());
      }
      saved.moves.push_back(std::move(j));
      saved.lines.push_back(number);
    } else if (cmd == "quit") {
      quit_at = number;  // a protocol log ends with it; nothing may follow
    } else if (cmd != "state" && cmd != "legal" && cmd != "log" && cmd != "hint") {
      // Questions change nothing and are skipped; anything else is not a move of this game.
      throw fail(cmd == "new" ? std::string("a second \"new\" request: one game a file")
                              : fmt::format("unknown cmd \"{}\"; a saved game holds a new request, then act lines", cmd));
    }
  }
  if (saved.request.is_null()) throw ProtocolError("bad_save", fmt::format("{}: the first line must be the game's \"new\" request", name));
  if (summed == 0)
    saved.notes.push_back(fmt::format("{} has no checksums (a protocol log, not a save of `inbetween play`): a change to it "
                                      "could not be noticed",
                                      name));
  check_saved_dealing(saved.request, name);
  return saved;
}

SavedGame load_saved_game(const std::string& path) {
  // Opened without blocking and checked as opened: a FIFO or a device named as a save must
  // not hang the program, and what is read is the file that was checked.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ProtocolError("bad_save", fmt::format("{}: cannot open the saved game: {}", path, std::strerror(errno)));
  struct stat st {};
  std::string why;
  if (::fstat(fd, &st) != 0) why = std::strerror(errno);
  else if (!S_ISREG(st.st_mode)) why = "not a regular file (a directory, a FIFO or a device); give a saved game";
  else if (static_cast<std::size_t>(st.st_size) > kMaxSaveBytes)
    why = fmt::format("{} bytes; a saved game may be at most {} bytes", st.st_size, kMaxSaveBytes);
  std::string text;
  if (why.empty()) {
    text.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (got < text.size()) {
      ssize_t n = ::read(fd, text.data() + got, text.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    text.resize(got);  // a file that shrank while read is read as far as it went
  }
  ::close(fd);
  if (!why.empty()) throw ProtocolError("bad_save", fmt::format("{}: {}", path, why));
  return read_saved_game(text, path);
}

SaveFile::SaveFile(std::string path, const json& log, bool replace) : path_(std::move(path)) {
  std::string tmp = path_ + ".tmp";
  // O_EXCL | O_NOFOLLOW: never through a link someone left at the temporary name, never into a
  // file that exists. A stale temporary file from a kill (or a planted link) is removed first:
  // unlink() removes a link itself, not what it points to.
  constexpr int kFlags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
  fd_ = ::open(tmp.c_str(), kFlags, 0600);
  if (fd_ < 0 && errno == EEXIST && ::unlink(tmp.c_str()) == 0) fd_ = ::open(tmp.c_str(), kFlags, 0600);
  if (fd_ < 0) file_error(tmp, "cannot write the saved game there");
  try {
    std::string bytes;
    for (const auto& line : log) {
      json object = line;
      object.erase("sum");
      bytes += checksummed_line(object.dump(), chain_) + "\n";
    }
    write_all(bytes);
    lines_ = log.size();
    if (!synced(fd_, false)) file_error(tmp, "fsync");
    if (replace) {
      if (::rename(tmp.c_str(), path_.c_str()) != 0) file_error(path_, "cannot move the saved game into place");
    } else {
      // link() never replaces: a file that appeared at `path` since the game began is kept.
      if (::link(tmp.c_str(), path_.c_str()) != 0) {
        if (errno == EEXIST)
          throw ProtocolError("bad_file", fmt::format("{}: cannot save the game: that file already holds a game, and a game never "
                                                      "overwrites another",
                                                      path_));
        file_error(path_, "cannot save the game there");
      }
      ::unlink(tmp.c_str());
    }
    sync_folder(path_);
  } catch (...) {
    ::close(fd_);
    ::unlink(tmp.c_str());
    throw;
  }
}

SaveFile::~SaveFile() {
  if (fd_ >= 0) ::close(fd_);
}

void SaveFile::write_all(const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) file_error(path_, "write");
    done += static_cast<std::size_t>(n);
  }
}

void SaveFile::update(const json& log) {
  std::string bytes;
  for (std::size_t i = lines_; i < log.size(); ++i) {
    json object = log[i];
    object.erase("sum");
    bytes += checksummed_line(object.dump(), chain_) + "\n";
  }
  if (bytes.empty()) return;
  // One write of whole lines: a kill leaves them all or none; only a power cut can tear the last.
  write_all(bytes);
  lines_ = log.size();
  if (!synced(fd_, true)) file_error(path_, "fsync");
}

}  // namespace inbetween::protocol
