#include "server/verify.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cards/shoe.h"
#include "protocol/made_by.h"
#include "protocol/request_line.h"
#include "protocol/session.h"
#include "server/fairness.h"

namespace inbetween::server {
namespace {
using protocol::json;

// The first event where two lists differ, as a sentence; empty when they are the same.
std::string first_difference(const json& recorded, const json& replayed) {
  if (!recorded.is_array()) return "it records no \"events\" list";
  std::size_t n = std::max(recorded.size(), replayed.size());
  for (std::size_t i = 0; i < n; ++i) {
    json a = i < recorded.size() ? recorded[i] : json("nothing");
    json b = i < replayed.size() ? replayed[i] : json("nothing");
    if (a != b) return fmt::format("event {}: the log says {}, the seed and moves give {}", i + 1, a.dump(), b.dump());
  }
  return {};
}

VerifyReport mismatch(const std::string& name, std::size_t line, const std::string& why) {
  return {false, fmt::format("MISMATCH in {}, line {}: {}\n", name, line, why)};
}

// The `new` request a server's game is dealt from: only the fields the commitment covers (and
// the dealing version), so nothing else in a log's line (a stacked "deck", a "dealer") can
// change the cards the check deals.
json dealt_request(const json& line) {
  json request = {{"cmd", "new"}};
  for (const char* key : {"rules", "rules_text", "set", "players", "seed", "dealing"})
    if (auto it = line.find(key); it != line.end()) request[key] = *it;
  return request;
}

// What a version 2 commitment does not cover in this log, as a sentence; empty when it matches.
// `parts` are the log's own fields hashed; the log's "commit_parts", when they hash to the
// commitment, say which field was changed.
std::string commitment_difference(const json& line, const CommitParts& parts, const std::string& commit) {
  std::string expected = commitment(parts, cards::kDealingVersion);
  if (expected == commit) return {};
  auto recorded = line.find("commit_parts");
  CommitParts logged;
  bool named = recorded != line.end() && recorded->is_object();
  if (named) {
    auto part = [&](const char* key) {
      auto it = recorded->find(key);
      return it != recorded->end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    logged = {part("rules"), part("set"), part("players"), part("seed")};
    named = commitment(logged, cards::kDealingVersion) == commit;
  }
  if (!named)
    return fmt::format("the rules, knobs, players and seed of this log do not match the commitment: they hash to {}, the log says {}",
                       expected, commit);
  std::vector<std::string> changed;
  if (parts.seed != logged.seed)
    changed.push_back(fmt::format("the seed {} (or the table or game) is not the one committed to", line["seed"].dump()));
  if (parts.rules != logged.rules) changed.push_back("the rules are not those committed to");
  if (parts.set != logged.set) changed.push_back(fmt::format("the knobs \"set\": {} are not those committed to", line["set"].dump()));
  if (parts.players != logged.players)
    changed.push_back(fmt::format("the players {} are not those committed to", line["players"].dump()));
  return fmt::format("{} (commitment {})", fmt::join(changed, "; "), commit);
}

// The keys the server writes on a log's first line and on each move's (log_lines, Room::commit):
// any other could change what `replay` deals or narrates, and the commitment covers none.
constexpr std::array kNewKeys = {"cmd", "rules", "rules_text", "set", "players", "seed", "dealing", "table",
                                 "game", "commit", "commitment_version", "commit_parts", "events"};
constexpr std::array kActKeys = {"cmd", "player", "action", "by", "events"};

// The first key of `line` that is not in `known`, as a sentence; empty when there is none.
template <std::size_t N>
std::string unknown_key(const json& line, const std::array<const char*, N>& known) {
  for (auto item = line.begin(); item != line.end(); ++item)
    if (const std::string& key = item.key(); std::find_if(known.begin(), known.end(), [&](const char* k) { return key == k; }) == known.end())
      return fmt::format("the key \"{}\" is not one the server writes, and the commitment does not cover it (`inbetween replay` "
                         "would use it); the server writes {}",
                         key, fmt::join(known, ", "));
  return {};
}

// The moves the server made for a player, as a sentence for the report; empty when there are none.
// `made`: each one's reason, player and line in the log.
struct MadeFor {
  protocol::MadeBy by;
  std::string player;
  std::size_t line;
};
std::string made_for_sentence(const std::vector<MadeFor>& made) {
  std::vector<std::string> parts;
  for (auto [by, words] : {std::pair{protocol::MadeBy::clock, "when the player's time ran out"},
                           std::pair{protocol::MadeBy::away, "while the player was away"}}) {
    std::vector<std::string> where;
    for (const auto& m : made)
      if (m.by == by) where.push_back(fmt::format("{} at line {}", m.player, m.line));
    if (!where.empty())
      parts.push_back(fmt::format("{} {} ({})", where.size() == 1 ? "1 move" : fmt::format("{} moves", where.size()), words,
                                  fmt::join(where, ", ")));
  }
  if (parts.empty()) return {};
  return fmt::format("; a bot made {} (\"by\" in the log)", fmt::join(parts, " and "));
}
}  // namespace

VerifyReport verify_log(std::istream& in, const std::string& name, int oldest_version) {
  std::string text;
  std::size_t line_number = 0;
  std::unique_ptr<protocol::GameSession> session;
  std::string table, commit;
  int game = 0;
  int version = 1;
  std::uint64_t seed = 0;
  std::size_t moves = 0;
  std::vector<MadeFor> made_for;
  try {
    while (protocol::read_bounded_line(in, text)) {
      ++line_number;
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      json line = protocol::parse_request_line(text);
      if (!session) {
        if (!line.is_object() || line.value("cmd", "") != "new")
          return mismatch(name, line_number, "a game log starts with its \"new\" request");
        if (!line.contains("table") || !line["table"].is_string() || !line.contains("game") || !line["game"].is_number_integer() ||
            !line.contains("commit") || !line["commit"].is_string() || !line.contains("seed") || !line["seed"].is_number_unsigned())
          return mismatch(name, line_number, "the \"new\" request lacks the table, game, commit or seed the server records");
        if (auto why = unknown_key(line, kNewKeys); !why.empty()) return mismatch(name, line_number, why);
        table = line["table"].get<std::string>();
        game = line["game"].get<int>();
        commit = line["commit"].get<std::string>();
        seed = line["seed"].get<std::uint64_t>();
        auto v = line.find("commitment_version");  // absent: a log from before versions
        std::int64_t named_version = v == line.end() ? 1 : v->is_number_integer() ? v->get<std::int64_t>() : 0;
        version = named_version == 1 || named_version == kCommitmentVersion ? static_cast<int>(named_version) : 0;
        if (version == 0)
          return mismatch(name, line_number, fmt::format("\"commitment_version\": {} is no commitment scheme this inbetween knows (1, {})",
                                                         v->dump(), kCommitmentVersion));
        if (version < oldest_version)
          return mismatch(name, line_number,
                          fmt::format("the log is committed by version {} (the seed only: the rules, knobs and players are not "
                                      "covered), weaker than version {} that the server writes; give --allow-version {} to check "
                                      "it as that",
                                      version, kCommitmentVersion, version));
        protocol::check_saved_dealing(line, name);
        if (version == 1) {
          std::string expected = seed_commitment(table, game, seed);
          if (expected != commit)
            return mismatch(name, line_number,
                            fmt::format("the seed {} does not match the commitment: SHA-256(\"{}:{}:{}\") is {}, the log says {}", seed,
                                        table, game, seed, expected, commit));
        } else {
          CommitParts parts;
          try {
            parts = commit_parts(table, game, line);
          } catch (const std::invalid_argument& e) {
            return mismatch(name, line_number, fmt::format("the \"new\" request cannot be what the server committed to: {}", e.what()));
          }
          if (auto why = commitment_difference(line, parts, commit); !why.empty()) return mismatch(name, line_number, why);
        }
        session = protocol::new_session(dealt_request(line));
        session->table().keep_events(256);  // each move's own are what is compared: a long log's check holds no more
        if (auto why = first_difference(line.value("events", json()), session->opening_events()); !why.empty())
          return mismatch(name, line_number, "the opening: " + why);
        continue;
      }
      if (!line.is_object() || line.value("cmd", "") != "act")
        return mismatch(name, line_number, "after \"new\", every line of a game log is an \"act\"");
      if (auto why = unknown_key(line, kActKeys); !why.empty()) return mismatch(name, line_number, why);
      // The server marks a move it made for a player; any other mark is not one it writes.
      if (auto by = protocol::made_by(line); by != protocol::MadeBy::player) {
        auto player = line.find("player");
        made_for.push_back({by, player != line.end() && player->is_string() ? player->get<std::string>() : "?", line_number});
      }
      json events;
      try {
        events = session->act(line);
      } catch (const protocol::ProtocolError& e) {
        return mismatch(name, line_number, fmt::format("the move is refused by the rules: {}", e.what()));
      }
      ++moves;
      if (auto why = first_difference(line.value("events", json()), events); !why.empty()) return mismatch(name, line_number, why);
    }
  } catch (const protocol::ProtocolError& e) {
    return mismatch(name, line_number, e.what());
  }
  if (!session) return {false, fmt::format("MISMATCH in {}: the log is empty\n", name)};
  std::string ending = session->over() ? "the game is over" : "the log ends before the game does";
  // The family's own word for what the players hold: chips, or ThreeBeTween's points.
  std::string_view unit = session->table().view(games::kNobody).unit;
  std::string covered = version == 1 ? "the seed {} matches the commitment {} (version 1: the seed only; the rules, knobs and players "
                                       "are as the log says, a weaker check than the current version's, done as asked)"
                                     : "the commitment {1} covers the rules, the knobs, the players and the seed {0}";
  return {session->over(), fmt::format("{} {}: table {} game {}: {}; {} moves replay to every card and all the {} the log records; {}{}\n",
                                       session->over() ? "OK" : "INCOMPLETE", name, table, game,
                                       fmt::format(fmt::runtime(covered), seed, commit), moves, unit, ending, made_for_sentence(made_for))};
}

}  // namespace inbetween::server
