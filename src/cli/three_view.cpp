#include "cli/three_view.h"

#include <algorithm>

#include <fmt/color.h>
#include <fmt/format.h>

#include "protocol/three_codec.h"
#include "strategy/three_solver.h"

namespace inbetween::cli {
namespace {
std::string name_of(const three::ThreeGame& g, int seat) { return g.players()[static_cast<std::size_t>(seat)].name; }

std::string letter(int position) { return std::string(1, cards::position_letter(position)); }

std::string strike(const Style& s, const std::string& text) {
  return s.color ? fmt::format(fmt::emphasis::strikethrough | fmt::fg(fmt::terminal_color::red), "{}", text) : "-" + text + "-";
}

// A laid card: "T", "A/E=E", "?".
std::string laid(const Style& s, const three::ThreeGame& g, const three::Lay& lay) {
  const auto& kind = g.deck().kind(lay.card);
  std::string text = kind.vowel_card() ? fmt::format("{}={}", kind.notation, letter(lay.position)) : kind.notation;
  return bold(s, text);
}

// Visible width of a string with ANSI escapes and UTF-8.
std::size_t width(const std::string& text) {
  std::size_t w = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') {
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++w;
  }
  return w;
}

std::string pad(const std::string& text, std::size_t to) { return text + std::string(to > width(text) ? to - width(text) : 0, ' '); }
}  // namespace

std::string show_letter_card(const Style& style, const three::ThreeGame& game, three::CardCode card) {
  const auto& kind = game.deck().kind(card);
  return bold(style, fmt::format("{}({})", kind.notation, kind.points));
}

std::string narrate_three(const Style& s, const three::ThreeGame& g, const three::Event& e) {
  using K = three::EventKind;
  std::string who = e.player >= 0 ? bold(s, name_of(g, e.player)) : "";
  auto card = [&](three::CardCode c) { return show_letter_card(s, g, c); };
  switch (e.kind) {
    case K::Shuffled: return dim(s, e.total == 0 ? "The deck is shuffled." : "The cards are shuffled into a new deck.");
    case K::RoundStarted: return bold(s, fmt::format("\n══ Round {} · {} deals ══", e.total, name_of(g, e.player)));
    case K::LimitDealt: return fmt::format("{} is dealt limit card {}.", who, card(e.card));
    case K::Kept: return fmt::format("{} keeps both limit cards.", who);
    case K::Replaced: return fmt::format("{} discards {} and is dealt {}.", who, card(e.card), card(e.card2));
    case K::LimitsLaid: return fmt::format("{} lays {} … {}.", who, laid(s, g, {e.card, e.position}), laid(s, g, {e.card2, e.position2}));
    case K::Drew: return fmt::format("{} draws {}.", who, card(e.card));
    case K::Placed: return fmt::format("{} places {}.", who, laid(s, g, {e.card, e.position}));
    case K::Discarded: return dim(s, fmt::format("{} discards {}.", name_of(g, e.player), g.deck().kind(e.card).notation));
    case K::ThreeBeTween: return good(s, fmt::format("{} made a ThreeBeTween!", name_of(g, e.player)));
    case K::Banked: return good(s, fmt::format("{} banks {} points (still at risk) and gets new limit cards.", name_of(g, e.player), e.points));
    case K::Passed: return fmt::format("{} passes with {} points this round.", who, e.points);
    case K::Bust:
      return bad(s, fmt::format("{} busts{}{}", name_of(g, e.player),
                                e.reason == three::BustReason::IdenticalLimits ? ": identical limit cards" : ": nothing placed",
                                e.points > 0 ? fmt::format(" and loses {} banked points.", e.points) : "."));
    case K::Tally: return "";  // the score sheet follows
    case K::DealerChanged: return dim(s, fmt::format("The deal passes to {}.", name_of(g, e.player)));
    case K::GameOver: return bold(s, "Game over.");
  }
  return "";
}

std::string show_three_table(const Style& s, const three::ThreeGame& g) {
  std::string out = dim(s, fmt::format("── round {} · dealer {} · {} cards in the deck, {} discarded ──", g.round(),
                                       name_of(g, g.dealer()), g.shoe().remaining(), g.shoe().discards())) + "\n";
  std::size_t name_width = 0;
  for (const auto& p : g.players()) name_width = std::max(name_width, p.name.size());
  for (int i = 0; i < static_cast<int>(g.players().size()); ++i) {
    const auto& p = g.players()[static_cast<std::size_t>(i)];
    std::string line = pad(i == g.to_act() ? bold(s, "▸ " + p.name) : "  " + p.name, name_width + 3);
    if (p.status == three::Status::Busted) {
      out += line + bad(s, "busted") + "\n";
      continue;
    }
    if (!p.low) {
      std::string hand;
      for (auto c : p.limit_hand) hand += show_letter_card(s, g, c) + " ";
      out += line + "limit cards " + hand + "\n";
      continue;
    }
    std::string spaces;
    for (int k = 0; k < g.rules().spaces; ++k)
      spaces += k < static_cast<int>(p.spaces.size()) ? pad(laid(s, g, p.spaces[static_cast<std::size_t>(k)]), 6) : pad("___", 6);
    line += fmt::format("[{}] {}[{}]", laid(s, g, *p.low), spaces, laid(s, g, *p.high));
    std::string open;
    for (int pos : g.open_letters(i)) open += letter(pos);
    int banked = 0;
    for (int b : p.banks) banked += b;
    line += fmt::format("  open {}", open.empty() ? dim(s, "none") : good(s, open));
    if (banked) line += fmt::format("  banked {}", banked);
    line += fmt::format("  round {}  total {}", banked + g.points_in_front(i), p.total);
    if (p.status == three::Status::Passed) line += dim(s, "  (passed)");
    out += line + "\n";
    if (!p.drawn.empty()) {
      std::string drawn;
      for (auto c : p.drawn) drawn += show_letter_card(s, g, c) + " ";
      out += std::string(name_width + 3, ' ') + "drawn: " + drawn + "\n";
    }
  }
  return out;
}

std::string label(const three::ThreeGame& g, int seat, const three::Action& action) {
  const auto& deck = g.deck();
  const auto& me = g.players()[static_cast<std::size_t>(seat)];
  auto letter = [](int pos) { return std::string(1, cards::position_letter(pos)); };
  auto side = [&](const three::Lay& lay) {
    const auto& k = deck.kind(lay.card);
    return k.vowel_card() ? fmt::format("{}={}", k.notation, letter(lay.position)) : k.notation;
  };
  if (std::holds_alternative<three::Keep>(action)) return "keep both";
  if (auto* r = std::get_if<three::Replace>(&action)) return fmt::format("replace {}", deck.kind(r->card).notation);
  if (auto* l = std::get_if<three::PlaceLimits>(&action)) {
    int open = std::max(0, std::min(27, l->high.position) - std::max(0, l->low.position) - 1);
    return fmt::format("lay {} … {}  ({} letters between)", side(l->low), side(l->high), open);
  }
  if (std::holds_alternative<three::Draw>(action))
    return fmt::format("draw {} card(s)", g.rules().spaces - static_cast<int>(me.spaces.size()));
  if (auto* p = std::get_if<three::Place>(&action))
    return deck.kind(p->card).wild() ? "place ? (wild)" : fmt::format("place {}", side({p->card, p->position}));
  if (std::holds_alternative<three::EndTurn>(action))
    return me.placed_this_turn == 0 ? "end turn (nothing placed: a bust!)" : "end turn";
  int banked = 0;
  for (int b : me.banks) banked += b;
  if (std::holds_alternative<three::Bank>(action)) return fmt::format("bank {} points", g.points_in_front(seat));
  return fmt::format("pass with {} points", banked + g.points_in_front(seat));
}

std::string show_three_hint(const Style& s, const three::ThreeGame& g, int seat) {
  auto rated = strategy::ThreeSolver::shared(g.rules())->evaluate(g, seat);
  std::string out = dim(s, "  expected score of the round from here, playing on optimally (fresh-deck odds):") + "\n";
  for (std::size_t i = 0; i < rated.size(); ++i) {
    std::string line = fmt::format("  {:>8.3f}  {}", rated[i].value, label(g, seat, rated[i].action));
    out += (i == 0 ? good(s, line + "  <- best") : line) + "\n";
  }
  return out;
}

std::string show_score_sheet(const Style& s, const three::ThreeGame& g) {
  const auto& sheet = g.sheet();
  std::size_t col = 14;
  for (const auto& p : g.players()) col = std::max(col, p.name.size() + 2);
  std::string out = bold(s, "Score sheet") + "\n" + pad("round", 7);
  for (const auto& p : g.players()) out += pad(p.name, col);
  out += "\n";
  for (const auto& r : sheet) {
    out += pad(std::to_string(r.round), 7);
    for (const auto& line : r.players) {
      std::string cell;
      for (int b : line.banks) cell += (line.busted ? strike(s, std::to_string(b)) : std::to_string(b)) + "+";
      if (line.busted) cell += bad(s, "bust");
      else cell += fmt::format("{}", line.score - [&] { int t = 0; for (int b : line.banks) t += b; return t; }());
      if (!line.busted && !line.banks.empty()) cell += fmt::format("={}", line.score);
      out += pad(cell, col);
    }
    out += "\n";
  }
  out += pad("total", 7);
  for (const auto& p : g.players()) out += pad(bold(s, std::to_string(p.total)), col);
  out += "\n";
  if (g.over()) {
    auto winners = g.winners();
    std::string names;
    for (int w : winners) names += (names.empty() ? "" : " and ") + name_of(g, w);
    out += good(s, fmt::format("{} win{} with {} points.", names, winners.size() == 1 ? "s" : "", g.players()[static_cast<std::size_t>(winners[0])].total)) + "\n";
  } else {
    out += dim(s, fmt::format("First to {} after a tally wins.", g.rules().target)) + "\n";
  }
  return out;
}

}  // namespace inbetween::cli
