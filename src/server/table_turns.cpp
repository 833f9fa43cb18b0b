// A held table's turns (held_table.h): the person's turn clock, the away clock, and the bots
// that play a bot's seat, an away person's, or the move of a person whose time ran out. Runs
// with the table's lock held; timers and workers come back through TableHost::at_table.
#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "server/held_table.h"

namespace inbetween::server {
namespace {
// Asks a bot of `kind` for its move at `table` into `move`; empty, or why it could not choose.
std::string ask_bot(const games::AnyTable& table, const std::string& kind, games::AnyMove& move) {
  try {
    move = table.bot_move(kind);
    return "";
  } catch (const std::exception& e) {
    std::string why = e.what();
    return why.empty() ? "the bot could not choose" : why;
  }
}
}  // namespace

void HeldTable::start_away_clocks() {
  Room& r = *room_;
  for (std::size_t i = 0; i < r.seats().size(); ++i) {
    auto& seat = r.seats()[i];
    if (seat.name.empty() || !seat.bot.empty()) continue;
    seat.gone = 1;
    hooks_.after(std::chrono::seconds(r.timeout_seconds()), [&host = host_, code = r.code(), i] {
      host.at_table(code, [i](HeldTable& table) { table.away_check(static_cast<int>(i), 1); });
    });
  }
}

void HeldTable::arm_clock(int actor) {
  Room& room = *room_;
  int seat = room.seat_to_act();
  TurnClock& k = clock_;
  bool person = seat >= 0 && room.seats()[static_cast<std::size_t>(seat)].bot.empty() && !room.seats()[static_cast<std::size_t>(seat)].away;
  if (!person) {
    k.seat = -1;
    return;
  }
  // The same turn goes on (a rebuy, the seat's own or another's; a seat came or went): the clock
  // runs on. Only the seat's own move that ends or advances its turn (actor) starts it again.
  if (k.seat == seat && k.game == room.game_number() && actor != seat) return;
  auto timeout = std::chrono::seconds(room.timeout_seconds());
  k = TurnClock{room.game_number(), seat, hooks_.now() + timeout, false, k.waking};
  // One timer at a time a table, not one a turn: a timer armed for every turn stayed pending for
  // the whole timeout, moves a second times the timeout of them (docs/performance.md, "One timer a
  // table, 1 December").
  if (k.waking == 0) wake_clock_after(timeout);
}

void HeldTable::wake_clock_after(std::chrono::milliseconds delay) {
  clock_.waking = host_.next_wake();
  hooks_.after(delay, [&host = host_, code = room_->code(), waking = clock_.waking] {
    host.at_table(code, [waking](HeldTable& table) { table.clock_woke(waking); });
  });
}

bool HeldTable::someone_here() const {
  return std::any_of(room_->seats().begin(), room_->seats().end(),
                     [](const SeatState& s) { return !s.name.empty() && s.bot.empty() && s.connections > 0 && !s.away; });
}

std::optional<std::string> HeldTable::bot_for() const {
  const Room& room = *room_;
  // Nobody here: the bots wait (for a person to come back, or for the table to be let go of).
  if (!someone_here()) return std::nullopt;
  if (auto kind = room.bot_to_play()) return kind;
  const TurnClock& k = clock_;
  if (k.ran_out && k.seat >= 0 && k.seat == room.seat_to_act() && k.game == room.game_number()) return room.info().stand_in;
  return std::nullopt;
}

void HeldTable::plan_bot() {
  if (bot_planned_ || !bot_for()) return;
  bot_planned_ = true;
  // Planned for this turn, not for the moves so far: a rebuy meanwhile (a move beside the turn)
  // does not put the bot's move off, or rebuys sent faster than its pause would hold it for ever.
  hooks_.after(options_.bot_delay, [&host = host_, code = room_->code(), game = room_->game_number(), seat = room_->seat_to_act()] {
    host.at_table(code, [game, seat](HeldTable& table) { table.bot_move(game, seat); });
  });
}

void HeldTable::away_check(int seat, std::uint64_t gone_then) {
  auto& s = room_->seats()[static_cast<std::size_t>(seat)];
  if (s.gone != gone_then || s.connections > 0 || s.away) return;
  s.away = true;
  broadcast();
  plan_bot();
}

void HeldTable::clock_woke(std::uint64_t waking) {
  TurnClock& k = clock_;
  if (k.waking != waking) return;  // not this table's (one let go of and read back has its own)
  k.waking = 0;
  if (k.seat < 0 || k.ran_out) return;  // no clock runs now; the next turn's arms a wake-up
  if (auto now = hooks_.now(); now < k.deadline) return wake_clock_after(std::chrono::ceil<std::chrono::milliseconds>(k.deadline - now));
  if (room_->seat_to_act() != k.seat || room_->game_number() != k.game) return;
  k.ran_out = true;
  plan_bot();
}

void HeldTable::bot_move(int game, int seat) {
  Room& room = *room_;
  auto kind = bot_for();
  if (!kind || room.game_number() != game || room.seat_to_act() != seat) {
    bot_planned_ = false;
    return plan_bot();
  }
  std::size_t moves = room.moves();
  // A quick bot (its class says so: a few microseconds, no solve) chooses on the spot: a trip
  // to a worker and back costs two thread wake-ups, more than the choice (bench/README.md).
  if (room.table()->bot_is_quick(*kind)) {
    games::AnyMove move;
    std::string failed = ask_bot(*room.table(), *kind, move);
    return play_bot_choice(moves, failed, move);
  }
  // Any other bot chooses on a worker thread, on its own copy of the table: a slow choice (the
  // optimal bot's solve) holds up no table.
  std::shared_ptr<const games::AnyTable> copy = room.table()->clone();
  auto chosen = std::make_shared<games::AnyMove>();
  hooks_.off_thread(
      Lane::moves,
      [copy, chosen, kind = *kind] {
        std::string failed = ask_bot(*copy, kind, *chosen);
        return failed.empty() ? json() : json(failed);
      },
      [&host = host_, code = room.code(), moves, chosen](json failed) {
        std::string why = failed.is_string() ? failed.get<std::string>() : "";
        host.at_table(code, [&](HeldTable& table) { table.play_bot_choice(moves, why, *chosen); });
      });
}

void HeldTable::play_bot_choice(std::size_t moves, const std::string& failed, const games::AnyMove& move) {
  Room& room = *room_;
  bot_planned_ = false;
  if (!failed.empty()) return bot_failed(failed);
  // Someone may have moved meanwhile (a rebuy, a person back from away): then choose again.
  if (room.moves() == moves && bot_for() && move.seat == room.seat_to_act()) {
    bool for_idler = !room.bot_to_play();  // a person here whose clock ran out
    // A person's seat played by the stand-in is said so: on their clock, or while they are away.
    const SeatState& seat = room.seats()[static_cast<std::size_t>(move.seat)];
    protocol::MadeBy by = !seat.bot.empty() ? protocol::MadeBy::player : seat.away ? protocol::MadeBy::away : protocol::MadeBy::clock;
    try {
      room.play(move, by);
    } catch (const LeaseLost&) {
      return host_.lose_table_soon(std::string(room.code()));  // another server plays it now
    } catch (const StoreUnavailable& e) {
      // The shared database is away for a moment: the bot tries again in a second.
      std::string code = room.code();
      std::fprintf(stderr, "serve: table %s: %s\n", code.c_str(), e.what());
      hooks_.after(std::chrono::seconds(1), [&host = host_, code] { host.at_table(code, [](HeldTable& table) { table.plan_bot(); }); });
      return;
    } catch (const Refused& e) {
      // A bot's choice comes from the same rules; a refusal here is a bug worth hearing of.
      std::fprintf(stderr, "serve: table %s: the bot's move was refused: %s\n", room.code().c_str(), e.what());
      return;
    }
    if (for_idler) {
      auto& s = room.seats()[static_cast<std::size_t>(move.seat)];
      if (++s.idle_turns >= options_.idle_turns_before_away) {
        s.away = true;  // until they send a message of their own (back()) or sit down again
        ++s.gone;
      }
    }
    broadcast(move.seat);
  }
  plan_bot();
}

// A bot that cannot choose (the optimal bot on rules whose solved table is over the solver's
// limit) is replaced by the family's stand-in bot for the rest of the table, and the table is told why:
// the game goes on rather than waiting for a move that will not come.
void HeldTable::bot_failed(const std::string& reason) {
  Room& room = *room_;
  auto kind = bot_for();
  int seat = room.seat_to_act();
  const std::string& stand_in = room.info().stand_in;
  if (!kind || seat < 0 || *kind == stand_in) {
    std::fprintf(stderr, "serve: table %s: the bot could not choose: %s\n", room.code().c_str(), reason.c_str());
    return;
  }
  room.replace_bot(seat, stand_in);
  std::string text = fmt::format("{} plays as the {} bot from now on: {}", room.seats()[static_cast<std::size_t>(seat)].name, stand_in, reason);
  try {
    room.say("server", text);  // kept like anyone's line, and told only once kept
    tell({{"type", "chat"}, {"table", room.code()}, {"from", "server"}, {"text", text}});
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: table %s: %s\n", room.code().c_str(), e.what());
  }
  broadcast();
  plan_bot();
}

}  // namespace inbetween::server
