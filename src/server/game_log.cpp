#include "server/game_log.h"

#include <algorithm>
#include <istream>
#include <streambuf>

#include "protocol/json.h"
#include "protocol/session.h"
#include "server/fairness.h"

namespace inbetween::server {
using json = nlohmann::json;
namespace {

// Moves read from the store at a time: about 100 KB of text, and one short wait for the store's
// lock, which the tables' moves also take.
constexpr std::size_t kMovesAPage = 256;

json parse_stored(const std::string& text) { return text.empty() ? json() : json::parse(text); }

// A log read as a stream (what `verify` reads), filled a part at a time from GameLog.
class LogStream : public std::streambuf {
 public:
  explicit LogStream(GameLog& log) : log_(log) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    part_ = log_.next();
    if (part_.empty()) return traits_type::eof();
    setg(part_.data(), part_.data(), part_.data() + part_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  GameLog& log_;
  std::string part_;
};
}  // namespace

StoredMoves::StoredMoves(const Store& store, std::string code, int game, std::size_t from)
    : store_(store), code_(std::move(code)), game_(game), from_(from) {}

const std::string* StoredMoves::next() {
  if (at_ == page_.size()) {
    if (last_page_) return nullptr;
    page_ = store_.load_moves(code_, game_, from_, kMovesAPage);
    at_ = 0;
    from_ += page_.size();
    last_page_ = page_.size() < kMovesAPage;
    if (page_.empty()) return nullptr;
  }
  return &page_[at_++];
}

json log_first_line(const std::string& code, const StoredGame& g) {
  json first = json::parse(g.new_request);
  first["table"] = code;
  first["game"] = g.game;
  first["commit"] = g.commit;
  first["commitment_version"] = g.commitment_version;
  // The parts let `verify` name what an edit changed (the knobs, a name...).
  if (g.commitment_version >= 2) first["commit_parts"] = commit_parts(code, g.game, first).to_json();
  first["events"] = parse_stored(g.opening);
  return first;
}

GameLog::GameLog(const Store& store, std::string code, StoredGame game)
    : code_(std::move(code)), game_(std::move(game)), moves_(store, code_, game_.game) {}

std::string GameLog::next(std::size_t bytes) {
  std::string text;
  if (!started_) {
    started_ = true;
    text = log_first_line(code_, game_).dump() + "\n";
  }
  while (text.size() < bytes) {
    const std::string* move = moves_.next();
    if (!move) break;
    // Written as the log always was: each line parsed and written again (its keys in order).
    text += json::parse(*move).dump();
    text += '\n';
  }
  return text;
}

std::vector<json> log_lines(const Store& store, const std::string& code, const StoredGame& game) {
  std::vector<json> lines{log_first_line(code, game)};
  StoredMoves moves(store, code, game.game);
  while (const std::string* move = moves.next()) lines.push_back(json::parse(*move));
  return lines;
}

VerifyReport verify_stored(const Store& store, const std::string& code, const StoredGame& game, const std::string& name) {
  GameLog log(store, code, game);
  LogStream buffer(log);
  std::istream in(&buffer);
  // The server's own game, checked by the scheme it was committed by (a table kept from before
  // version 2 keeps its version 1 commitment); the report says what that covers.
  return verify_log(in, name, game.commitment_version);
}

json played_for_event(const std::string& stand_in, const std::string& player, protocol::MadeBy by) {
  // The bot is the family's stand-in: the one kind that plays for a person, on the clock or away.
  return protocol::fields({{"bot", stand_in}, {"player", player}, {"reason", protocol::made_by_name(by)}, {"type", "played_for"}});
}

json stored_events(const Store& store, const std::string& code, const StoredGame& game, const std::string& stand_in, std::size_t from,
                   std::size_t to) {
  json out = json::array();
  std::size_t at = 0;  // the list's index of the next event
  auto take = [&](json&& event) {
    if (at >= from && at < to) out.push_back(std::move(event));
    ++at;
  };
  for (auto& event : parse_stored(game.opening)) take(std::move(event));
  StoredMoves moves(store, code, game.game);
  while (at < to) {
    const std::string* text = moves.next();
    if (!text) break;
    json line = json::parse(*text);
    if (auto by = protocol::made_by(line); by != protocol::MadeBy::player) take(played_for_event(stand_in, line.value("player", ""), by));
    if (auto events = line.find("events"); events != line.end())
      for (auto& event : *events) take(std::move(event));
  }
  return out;
}

json replay_steps(const Store& store, const std::string& code, const StoredGame& g, std::size_t from, std::size_t count) {
  auto session = protocol::new_session(json::parse(g.new_request));  // steps: each move and the state after it
  session->table().keep_events(256);  // a step shows its own events and the state: none older is held
  std::size_t total = g.move_count + 1;
  from = std::min(from, total);
  std::size_t to = std::min(total, from + std::min(count, total));
  json steps = json::array();
  if (from == 0) steps.push_back({{"player", nullptr}, {"action", nullptr}, {"events", session->opening_events()}, {"state", session->state()}});
  StoredMoves moves(store, code, g.game);
  for (std::size_t i = 1; i < to; ++i) {
    const std::string* text = moves.next();
    if (!text) break;
    json line = json::parse(*text);
    json events = session->act(line);
    // Every move is played (the state depends on all before it); only the page's are written.
    if (i < from) continue;
    json step = {{"player", line["player"]}, {"action", line["action"]}, {"events", events}, {"state", session->state()}};
    // A move the server made for a person: who made it ("clock" or "away").
    if (auto by = line.find("by"); by != line.end()) step["by"] = *by;
    steps.push_back(std::move(step));
  }
  return {{"type", "replay"}, {"table", code}, {"game", g.game}, {"from", from}, {"steps_total", total}, {"steps", steps}};
}

}  // namespace inbetween::server
