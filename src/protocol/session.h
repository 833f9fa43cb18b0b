#pragma once
// One game behind the protocol: built from a `new` request, it takes `act` requests and keeps
// the log that reproduces it. GameSession is the JSON codec over a runtime table (games::
// AnyTable) that the engine loop, replay and the server hold for any family; TableSession<F>
// is the one implementation.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/any_table.h"
#include "protocol/json.h"
#include "rules/rule_files.h"

namespace inbetween::protocol {

// What every `new` request says besides the rules: seats, seed, dealer, stacked deck.
struct CommonSetup {
  std::vector<std::string> players;
  std::uint64_t seed = 0;
  std::optional<int> dealer;
  std::vector<std::string> deck;  // stacked cards as written, top first
  json request;                   // the request with its seed filled in
};
// Reads and checks the common fields; draws a seed when none is given; records the dealing
// version (`"dealing"`, cards::kDealingVersion) and refuses a request that names another.
CommonSetup common_setup(const json& request);
// A saved game's `new` request must name this engine's dealing version: one without it (saved
// before there were versions) or with another is refused (ProtocolError "old_dealing", naming
// `file` and the version), as its seed would deal other cards.
void check_saved_dealing(const json& request, const std::string& file);

// Any game the engine can serve, as JSON.
class GameSession {
 public:
  virtual ~GameSession() = default;
  // The runtime table being played: what the server and other shells move and ask directly.
  virtual games::AnyTable& table() = 0;
  virtual const games::AnyTable& table() const = 0;
  // The state as a spectator sees it (docs/protocol.md, "The state").
  json state() const { return state(games::kNobody); }
  // The state as `seat` may see it (kNobody: a spectator).
  virtual json state(games::Seat seat) const = 0;
  // The same written into `into`, which may hold a state written before: what is there is reused
  // (protocol/json_fill.h), so that a state kept between moves is filled again without building it.
  virtual void fill_state(games::Seat seat, json& into) const = 0;
  // The events from the `from`-th up to (not with) the `to`-th (the opening's count first), as
  // protocol JSON; past the last, as many as there are; before the table's first_event(), none
  // (a table that keeps only its latest events: games::AnyTable::keep_events).
  virtual json events_between(std::size_t from, std::size_t to) const = 0;
  // Every event from the `from`-th on.
  json events_since(std::size_t from) const { return events_between(from, table().event_count()); }
  // Plays `action` (protocol JSON) for `seat`; returns its events; throws ProtocolError when refused.
  virtual json play(games::Seat seat, const json& action) = 0;
  // Move `i` (0-based) as its `act` request: {"cmd":"act","player":...,"action":...}.
  virtual json move_line(std::size_t i) const = 0;
  // The legal actions of `player` (a name), or of the player to act when none is given.
  virtual json legal(const std::optional<std::string>& player) const = 0;
  // Applies {"player":..., "action":{...}}; returns the events; throws ProtocolError when refused.
  virtual json act(const json& request) = 0;
  // A bot of `kind` chooses for the player to act and the move is applied as by act() (the
  // request's "player", if any, must be that player); `action` receives what it chose.
  virtual json act_bot(const json& request, const std::string& kind, json& action) = 0;
  // Events of the `new` request (shuffle, dealer, antes, limit cards...).
  virtual json opening_events() const = 0;
  // The exact value of every choice open to the player to act, and the best one;
  // throws ProtocolError("nobody_to_act") when the game is over.
  virtual json hint(const json& request) const = 0;
  virtual bool over() const = 0;
  // The seat (index into the `new` request's players) to act, -1 when nobody is: what state()'s
  // "to_act" names, without building the state.
  virtual int to_act() const = 0;
  // An independent copy (a worker thread can ask a bot or the solver without holding the table).
  virtual std::unique_ptr<GameSession> clone() const = 0;
  // A copy `seat` cannot tell from this one, the cards it has not seen drawn anew from `seed`
  // (games::AnyTable::resample); its log() is this game's, which does not replay it.
  virtual std::unique_ptr<GameSession> resample(games::Seat seat, std::uint64_t seed) const = 0;
  // How many moves have been accepted.
  virtual std::size_t moves() const = 0;
  // The `new` request (with its seed filled in) and every accepted move as an `act` request.
  virtual json log() const = 0;
};

// Builds a session from a `new` request; throws ProtocolError (bad_request, bad_rules, bad_setup).
std::unique_ptr<GameSession> new_session(const json& request);

// Sessions for one table's rules: the rule file is read and its rules built once, so a table's
// next games only deal (reading a preset's TOML at every game was a tenth of a short game's work).
class SessionMaker {
 public:
  // From a `new` request's "rules" or "rules_text" and "set"; throws ProtocolError as new_session.
  explicit SessionMaker(const json& request);
  // As new_session(request); a request naming other rules or knobs than this maker's is read
  // afresh (new_session), never dealt with the wrong rules.
  std::unique_ptr<GameSession> make(const json& request) const;
  // A table of these rules for `setup`, without a session (no JSON: a learning agent's many
  // short games); throws games::SetupError for a setup the rules cannot seat.
  std::unique_ptr<games::AnyTable> table(games::Setup setup) const { return deal_table_(std::move(setup)); }

 private:
  json rules_;  // the "rules", "rules_text" and "set" the rules were built from
  std::function<std::unique_ptr<GameSession>(const CommonSetup&)> deal_;
  std::function<std::unique_ptr<games::AnyTable>(games::Setup)> deal_table_;
};

// A session over a copy of `table`, whose `new` request is `request` (the one that deals it).
std::unique_ptr<GameSession> session_over(const games::AnyTable& table, const json& request);

// Names of the seats in a `new` request; throws ProtocolError when missing or malformed.
std::vector<std::string> players_from_json(const json& request);
// Rule overrides from the request's "set" object.
std::vector<rules::Override> overrides_from_json(const json& request);
// The rule file a `new` request names: "rules" (a preset name or a .toml file) or
// "rules_text" (a rule file's text, parsed in memory; it may name a deck only by name), with
// the "set" overrides applied; throws ProtocolError when neither or both are given.
rules::RuleFile rule_file_from_json(const json& request, const std::vector<rules::Override>& overrides);
// The seat named in a request's "player" field, or `to_act` when there is none.
int seat_in(const json& request, const std::vector<std::string>& names, int to_act);

}  // namespace inbetween::protocol
