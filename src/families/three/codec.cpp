#include "families/three/codec.h"
#include "families/three/solver.h"
#include "families/three/win_solver.h"
#include "games/overloaded.h"
#include "protocol/json_fill.h"

#include <algorithm>

#include <fmt/format.h>

namespace inbetween::protocol {
namespace {

std::string notation(const cards::LetterDeck& deck, cards::CardCode c) { return deck.kind(c).notation; }

// What a laid card shows: its letter, or null for a wild.
json shown(int position) {
  if (position < 1 || position > 26) return nullptr;
  return std::string(1, cards::position_letter(position));
}

// The position a card takes from its "as" field: consonants need none, wilds take `wild_position`.
int position_from(const cards::LetterDeck& deck, cards::CardCode card, const json& j, int wild_position,
                  const std::vector<int>& candidates) {
  const auto& kind = deck.kind(card);
  auto as = j.find("as");
  if (kind.wild()) {
    if (as != j.end() && !as->is_null())
      throw ProtocolError("bad_action", "a wild shows no letter: leave out \"as\" (its side says where it lies)");
    return wild_position;
  }
  if (as == j.end() || as->is_null()) {
    if (kind.letters.size() == 1) return cards::letter_position(kind.letters[0]);
    // Only one of the vowels can go there: no need to say which.
    std::vector<int> possible;
    for (char l : kind.letters)
      if (std::find(candidates.begin(), candidates.end(), cards::letter_position(l)) != candidates.end())
        possible.push_back(cards::letter_position(l));
    if (possible.size() == 1) return possible.front();
    throw ProtocolError("bad_action", fmt::format("say which vowel {} shows: \"as\": \"{}\" or \"{}\"", kind.notation,
                                                  kind.letters[0], kind.letters[1]));
  }
  if (!as->is_string() || as->get<std::string>().size() != 1)
    throw ProtocolError("bad_action", fmt::format("\"as\" must be one letter that {} shows", kind.notation));
  char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(as->get<std::string>()[0])));
  if (!kind.shows(letter))
    throw ProtocolError("bad_letter", fmt::format("{} cannot show {}", kind.notation, std::string(1, letter)));
  return cards::letter_position(letter);
}

const json& field(const json& j, const char* key, const char* example) {
  auto it = j.find(key);
  if (it == j.end()) throw ProtocolError("bad_action", fmt::format("missing \"{}\", e.g. {}", key, example));
  return *it;
}
}  // namespace

const char* three_phase_name(three::Phase phase) {
  static constexpr const char* kNames[] = {"replace", "place_limits", "turn", "place", "over"};
  return kNames[static_cast<int>(phase)];
}

const char* status_name(three::Status status) {
  static constexpr const char* kNames[] = {"in", "passed", "busted"};
  return kNames[static_cast<int>(status)];
}

cards::CardCode letter_card_from_json(const cards::LetterDeck& deck, const json& j) {
  if (!j.is_string()) throw ProtocolError("bad_card", fmt::format("{} is not a card; cards are strings like \"K\", \"A/E\", \"?\"", j.dump()));
  auto code = deck.parse(j.get<std::string>());
  if (!code)
    throw ProtocolError("bad_card", fmt::format("\"{}\" is not a card of the {} deck; write a consonant \"K\", a vowel card "
                                                "\"A/E\" or a wild \"?\"", j.get<std::string>(), deck.name));
  return *code;
}

json lay_json(const cards::LetterDeck& deck, const three::Lay& lay) {
  return fields({{"as", shown(lay.position)}, {"card", notation(deck, lay.card)}});
}

json three_action_json(const cards::LetterDeck& deck, const three::Action& action) {
  json j = fields({{"type", three::action_name(action)}});
  std::visit(games::Overloaded{
                 [&](const three::Replace& r) { j["card"] = notation(deck, r.card); },
                 [&](const three::PlaceLimits& p) {
                   j["low"] = lay_json(deck, p.low);
                   j["high"] = lay_json(deck, p.high);
                   if (deck.kind(p.low.card).wild()) j["low"].erase("as");
                   if (deck.kind(p.high.card).wild()) j["high"].erase("as");
                 },
                 [&](const three::Place& p) {
                   j["card"] = notation(deck, p.card);
                   if (!deck.kind(p.card).wild()) j["as"] = shown(p.position);
                 },
                 [](const auto&) {},
             },
             action);
  return j;
}

three::Action three_action_from_json(const three::ThreeGame& game, games::Seat player, const json& j) {
  const auto& deck = game.deck();
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    throw ProtocolError("bad_action", "an action is an object with a \"type\": keep, replace, place_limits, draw, place, "
                                      "end_turn, bank or pass");
  std::string type = j["type"].get<std::string>();
  if (type == "keep") return three::Keep{};
  if (type == "draw") return three::Draw{};
  if (type == "end_turn") return three::EndTurn{};
  if (type == "bank") return three::Bank{};
  if (type == "pass") return three::Pass{};
  if (type == "replace") return three::Replace{letter_card_from_json(deck, field(j, "card", "{\"type\":\"replace\",\"card\":\"K\"}"))};
  if (type == "place") {
    auto card = letter_card_from_json(deck, field(j, "card", "{\"type\":\"place\",\"card\":\"A/E\",\"as\":\"E\"}"));
    return three::Place{card, position_from(deck, card, j, 0, game.fits(player, card))};
  }
  if (type == "place_limits") {
    const char* example = "{\"type\":\"place_limits\",\"low\":{\"card\":\"A/E\",\"as\":\"A\"},\"high\":{\"card\":\"?\"}}";
    const json& low = field(j, "low", example);
    const json& high = field(j, "high", example);
    if (!low.is_object() || !high.is_object())
      throw ProtocolError("bad_action", fmt::format("\"low\" and \"high\" are objects, e.g. {}", example));
    auto lc = letter_card_from_json(deck, field(low, "card", example));
    auto hc = letter_card_from_json(deck, field(high, "card", example));
    // Without "as", pick the vowels a legal layout of these two cards uses, when only one does.
    std::vector<int> low_options, high_options;
    for (const auto& l : game.layouts(player)) {
      if (l.low.card == lc && l.high.card == hc) {
        low_options.push_back(l.low.position);
        high_options.push_back(l.high.position);
      }
    }
    std::sort(low_options.begin(), low_options.end());
    low_options.erase(std::unique(low_options.begin(), low_options.end()), low_options.end());
    std::sort(high_options.begin(), high_options.end());
    high_options.erase(std::unique(high_options.begin(), high_options.end()), high_options.end());
    return three::PlaceLimits{{lc, position_from(deck, lc, low, cards::kBeforeA, low_options)},
                              {hc, position_from(deck, hc, high, cards::kAfterZ, high_options)}};
  }
  throw ProtocolError("bad_action", fmt::format("unknown action type \"{}\"; ThreeBeTween knows keep, replace, place_limits, "
                                                "draw, place, end_turn, bank, pass", type));
}

json three_event_json(const three::ThreeGame& game, const three::Event& e) {
  const auto& deck = game.deck();
  json j = fields({{"type", three::event_name(e.kind)}});
  if (e.player >= 0) j["player"] = game.players()[static_cast<std::size_t>(e.player)].name;
  using K = three::EventKind;
  switch (e.kind) {
    case K::Shuffled: j["shuffle"] = e.total; break;
    case K::RoundStarted: j["round"] = e.total; j["dealer"] = j["player"]; j.erase("player"); break;
    case K::LimitDealt: case K::Drew: case K::Discarded: j["card"] = notation(deck, e.card); break;
    case K::Replaced: j["discarded"] = notation(deck, e.card); j["dealt"] = notation(deck, e.card2); break;
    case K::LimitsLaid:
      j["low"] = lay_json(deck, {e.card, e.position});
      j["high"] = lay_json(deck, {e.card2, e.position2});
      break;
    case K::Placed: j["card"] = notation(deck, e.card); j["as"] = shown(e.position); break;
    case K::Banked: case K::Passed: j["points"] = e.points; break;
    case K::Bust: j["reason"] = three::bust_reason_name(e.reason); j["banked_lost"] = e.points; break;
    case K::Tally: j["round"] = e.points; j["total"] = e.total; break;
    default: break;
  }
  return j;
}

json three_legal_json(const three::ThreeGame& game, games::Seat player) {
  json actions = json::array();
  for (const auto& a : game.legal(player)) actions.push_back(three_action_json(game.deck(), a));
  return fields({{"actions", std::move(actions)},
                 {"player", player >= 0 ? json(game.players()[static_cast<std::size_t>(player)].name) : json(nullptr)}});
}

namespace {
// A letter as a one-character string.
void put_letter(json& slot, int position) {
  char letter = cards::position_letter(position);
  put(slot, std::string_view(&letter, 1));
}

void fill_lay(json& slot, const cards::LetterDeck& deck, const three::Lay& lay) {
  ObjectFill j(slot);
  json& as = j.at("as");
  if (lay.position < 1 || lay.position > 26) put(as, nullptr);
  else put_letter(as, lay.position);
  j.put("card", deck.kind(lay.card).notation);
}
}  // namespace

void fill_three_state(const three::View& game, json& into) {
  const auto& deck = game.deck();
  ObjectFill j(into);
  j.put("dealer", game.players()[static_cast<std::size_t>(game.dealer())].name);
  j.put("game", "threebetween");
  j.put("over", game.over());
  j.put("phase", three_phase_name(game.phase()));
  auto& players = sized_array(j.at("players"), game.players().size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& pl = game.players()[i];
    int seat = static_cast<int>(i);
    ObjectFill p(players[i]);
    int banked = 0;
    for (int b : pl.banks) banked += b;
    p.put("banked", banked);
    put_all(p.at("banks"), std::span<const int>(pl.banks));
    auto& drawn = sized_array(p.at("drawn"), pl.drawn.size());
    for (std::size_t k = 0; k < drawn.size(); ++k) put(drawn[k], deck.kind(pl.drawn[k]).notation);
    int in_front = game.points_in_front(seat);
    p.put("in_front", in_front);
    auto& hand = sized_array(p.at("limit_cards"), pl.limit_hand.size());  // dealt, not laid yet
    for (std::size_t k = 0; k < hand.size(); ++k) put(hand[k], deck.kind(pl.limit_hand[k]).notation);
    if (pl.low) {
      ObjectFill limits(p.at("limits"));
      fill_lay(limits.at("high"), deck, *pl.high);
      fill_lay(limits.at("low"), deck, *pl.low);
    } else {
      p.put("limits", nullptr);
    }
    p.put("name", pl.name);
    const std::vector<int> open_positions = game.open_letters(seat);
    auto& open = sized_array(p.at("open_letters"), open_positions.size());
    for (std::size_t k = 0; k < open.size(); ++k) put_letter(open[k], open_positions[k]);
    p.put("replacement_used", pl.replacement_used);
    p.put("round", pl.status == three::Status::Busted ? 0 : pl.status == three::Status::Passed ? pl.round_score : banked + in_front);
    auto& spaces = sized_array(p.at("spaces"), pl.spaces.size());
    for (std::size_t k = 0; k < spaces.size(); ++k) fill_lay(spaces[k], deck, pl.spaces[k]);
    p.put("status", status_name(pl.status));
    p.put("total", pl.total);
  }
  j.put("round", game.round());
  j.put("rules", game.rules().name);
  {
    ObjectFill shoe(j.at("shoe"));
    shoe.put("discards", game.discards());
    shoe.put("remaining", game.cards_left());
    shoe.put("shuffles", game.shuffles());
  }
  j.put("target", game.rules().target);
  int to_act = game.to_act();
  if (to_act >= 0) j.put("to_act", game.players()[static_cast<std::size_t>(to_act)].name);
  else j.put("to_act", nullptr);
  const auto won = game.winners();
  auto& winners = sized_array(j.at("winners"), won.size());
  for (std::size_t k = 0; k < won.size(); ++k) put(winners[k], game.players()[static_cast<std::size_t>(won[k])].name);
}

json three_state_json(const three::View& game) {
  json j;
  fill_three_state(game, j);
  return j;
}

namespace {
// Heads-up, where the win table is at hand (families/three/win_solver.h): each choice's chance to
// win the game beside its expected points, the choice with the best chance, and whether it
// differs from the best for points.
void add_win_chances(const three::ThreeGame& game, int seat, const std::vector<strategy::RatedAction>& rated, json& out) {
  if (game.players().size() != 2 || rated.empty()) return;
  auto table = strategy::ThreeWinSolver::ready(game.rules());
  if (!table) return;
  auto to_win = table->evaluate(game, seat);
  if (to_win.empty()) return;
  auto& choices = out["choices"];
  for (std::size_t i = 0; i < rated.size(); ++i)
    for (const auto& w : to_win)
      if (w.action == rated[i].action) choices[i]["win_chance"] = w.chance;
  out["win_chance"] = to_win.front().chance;
  out["best_to_win"] = three_action_json(game.deck(), to_win.front().action);
  out["best_to_win_differs"] = to_win.front().action != rated.front().action;
}
}  // namespace

json three_hint_json(const three::ThreeGame& game, const json& request) {
  int seat = game.to_act();
  if (seat < 0) refuse_hint_nobody_to_act();
  std::string composition = "fresh";
  if (auto it = request.find("composition"); it != request.end()) {
    if (!it->is_string() || (*it != "fresh" && *it != "remaining"))
      throw ProtocolError("bad_request", "\"composition\" is \"fresh\" (the fresh deck) or \"remaining\" (the cards left in the shoe)");
    composition = it->get<std::string>();
  }
  std::vector<strategy::RatedAction> rated;
  if (composition == "fresh") {
    rated = strategy::ThreeSolver::shared(game.rules())->evaluate(game, seat);
  } else {
    strategy::ThreeSolver solver(game.rules(), strategy::remaining_composition(game));
    rated = solver.evaluate(game, seat);
  }
  json choices = json::array();
  for (const auto& r : rated) choices.push_back({{"action", three_action_json(game.deck(), r.action)}, {"value", r.value}});
  json out = {{"player", game.players()[static_cast<std::size_t>(seat)].name},
              {"unit", "points"},
              {"composition", composition},
              {"choices", choices},
              {"best", choices.at(0)["action"]}};
  add_win_chances(game, seat, rated, out);
  return out;
}

}  // namespace inbetween::protocol
