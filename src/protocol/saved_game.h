#pragma once
// A saved game: the protocol lines that reproduce it (docs/protocol.md, "log"), one JSON object
// a line, each ending in a checksum chained over every line before it. `play` writes it as the
// game goes (SaveFile: a crash at any moment leaves a loadable file); `replay` and
// `play --load` read it the one same way (load_saved_game). docs/security.md says what the
// checksum promises and what it does not.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "protocol/table_session.h"

namespace inbetween::protocol {

// The largest save read (a long game's save is a few MB).
constexpr std::size_t kMaxSaveBytes = 64 << 20;

// A saved game: its `new` request and its moves, without their checksums.
struct SavedGame {
  json request;
  std::vector<json> moves;          // the act lines, in order
  std::vector<int> lines;           // each move's line in the file
  std::vector<std::string> notes;   // to tell the reader: a torn last line left out, a file without checksums
};

// Reads a saved game held in memory; `name` stands for the file in messages. Throws
// ProtocolError naming "name:line" and the reason: a line that is not JSON, a checksum that
// does not match (an edit, a corruption), a first line that is no `new`, a second `new`, an
// unknown cmd, a line after `quit`, another dealing version ("old_dealing"), an act line's "by"
// other than a server writes (protocol/made_by.h). Questions (state,
// legal, log, hint) are skipped. A last line without its newline that does not check out was
// being written when the program stopped: it is left out, with a note.
SavedGame read_saved_game(std::string_view text, const std::string& name);
// Reads the file `path` as read_saved_game does; a file that is not a regular file (a FIFO, a
// directory) or is over kMaxSaveBytes is refused without being read.
SavedGame load_saved_game(const std::string& path);

// The line as saved: `object` (a JSON object's text, one line) with `,"sum":"<64 hex digits>"`
// added before its closing brace, the SHA-256 of `chain` (the line before's checksum, empty for
// the first line), a newline and `object`. `chain` becomes this line's checksum.
std::string checksummed_line(const std::string& object, std::string& chain);

// A game's save file, written as the game goes. Created whole once: a temporary file beside
// it (PATH.tmp, opened without following a link and only if it does not exist; a stale one
// left by a kill is removed first), written, fsync'ed, moved into place and the folder
// fsync'ed; then one line appended and fsync'ed per move. A kill at any moment leaves the file
// as it was or with one more whole line. Mode 0600: the save holds the seed (docs/security.md).
class SaveFile {
 public:
  // Creates `path` holding `log` (a session's log()). `replace`: the file may already exist and
  // is replaced (a loaded game saved back to its own file); else an existing file is refused,
  // as a game never overwrites another. Throws ProtocolError("bad_file") naming the path.
  SaveFile(std::string path, const json& log, bool replace);
  ~SaveFile();
  SaveFile(const SaveFile&) = delete;
  SaveFile& operator=(const SaveFile&) = delete;

  // Appends the lines of `log` past those already in the file.
  void update(const json& log);
  const std::string& path() const { return path_; }

 private:
  void write_all(const std::string& bytes);

  std::string path_;
  int fd_ = -1;
  std::string chain_;    // the last line's checksum
  std::size_t lines_ = 0;
};

// Replays a saved game's moves quietly into `session`; a refused move names the file and line.
template <games::Family F>
void replay_saved_moves(TableSession<F>& session, const SavedGame& saved, const std::string& file) {
  std::vector<typename F::Event> events;
  for (std::size_t i = 0; i < saved.moves.size(); ++i) {
    try {
      events.clear();
      session.act_events(saved.moves[i], events);
    } catch (const ProtocolError& e) {
      throw ProtocolError("bad_save", fmt::format("{}:{}: saved move {} is refused: {}", file, saved.lines[i], saved.moves[i].dump(), e.what()));
    }
  }
}

}  // namespace inbetween::protocol
