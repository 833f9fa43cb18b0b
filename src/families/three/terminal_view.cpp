#include "families/three/terminal_view.h"

#include <algorithm>
#include <cstring>

#include <fmt/color.h>
#include <fmt/format.h>

#include "cli/text.h"
#include "families/three/family.h"
#include "families/three/solver.h"
#include "families/three/win_solver.h"

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
  std::string plain = e.player >= 0 ? name_of(g, e.player) : "";
  // "You draw", "bot1 draws".
  auto v = [&](const std::string& third_person) { return verb(plain, third_person); };
  auto card = [&](three::CardCode c) { return show_letter_card(s, g, c); };
  switch (e.kind) {
    case K::Shuffled: return dim(s, e.total == 0 ? "The deck is shuffled." : "The cards are shuffled into a new deck.");
    case K::RoundStarted: return bold(s, fmt::format("\n══ Round {} · {} {} ══", e.total, plain, v("deals")));
    case K::LimitDealt: return fmt::format("{} {} dealt limit card {}.", who, v("is"), card(e.card));
    case K::Kept: return fmt::format("{} {} both limit cards.", who, v("keeps"));
    case K::Replaced: return fmt::format("{} {} {} and {} dealt {}.", who, v("discards"), card(e.card), v("is"), card(e.card2));
    case K::LimitsLaid:
      return fmt::format("{} {} {} … {}.", who, v("lays"), laid(s, g, {e.card, e.position}), laid(s, g, {e.card2, e.position2}));
    case K::Drew: return fmt::format("{} {} {}.", who, v("draws"), card(e.card));
    case K::Placed: return fmt::format("{} {} {}.", who, v("places"), laid(s, g, {e.card, e.position}));
    case K::Discarded: return dim(s, fmt::format("{} {} {}.", plain, v("discards"), g.deck().kind(e.card).notation));
    case K::ThreeBeTween: return good(s, fmt::format("{} made a ThreeBeTween!", plain));
    case K::Banked:
      return good(s, fmt::format("{} {} {} (still at risk) and {} new limit cards.", plain, v("banks"), plural(e.points, "point"), v("gets")));
    case K::Passed: return fmt::format("{} {} with {} this round.", who, v("passes"), plural(e.points, "point"));
    case K::Bust:
      return bad(s, fmt::format("{} {}{}{}", plain, v("busts"),
                                e.reason == three::BustReason::IdenticalLimits ? ": identical limit cards" : ": nothing placed",
                                e.points > 0 ? fmt::format(" and {} {}.", v("loses"), plural(e.points, "banked point")) : "."));
    case K::Tally: return "";  // the score sheet follows
    case K::DealerChanged: return dim(s, fmt::format("The deal passes to {}.", name_of(g, e.player)));
    case K::GameOver: return bold(s, "Game over.");
  }
  return "";
}

namespace {
// Open letters as runs: "J-N PQ" (a run of four or more as its ends), so that even the
// widest span fits the line.
std::string letter_runs(const std::vector<int>& positions) {
  std::string out;
  for (std::size_t i = 0; i < positions.size();) {
    std::size_t j = i;
    while (j + 1 < positions.size() && positions[j + 1] == positions[j] + 1) ++j;
    if (!out.empty()) out += ' ';
    if (j - i >= 3) out += letter(positions[i]) + "-" + letter(positions[j]);
    else
      for (std::size_t k = i; k <= j; ++k) out += letter(positions[k]);
    i = j + 1;
  }
  return out;
}

// One player's line: either laid limits and spaces, or `span` (the limit cards in hand,
// "busted") across the same columns.
struct TableRow {
  std::string name, low, high, span, risk, total, open, drawn;
  std::vector<std::string> spaces;
};
}  // namespace

std::string show_three_table(const Style& s, const three::ThreeGame& g) {
  std::string out = dim(s, fmt::format("── round {} · dealer {} · {} in the deck, {} discarded ──", g.round(),
                                       name_of(g, g.dealer()), plural(g.shoe().remaining(), "card"), g.shoe().discards())) + "\n";
  std::size_t spaces = static_cast<std::size_t>(g.rules().spaces);
  std::vector<TableRow> rows;
  for (int i = 0; i < static_cast<int>(g.players().size()); ++i) {
    const auto& p = g.players()[static_cast<std::size_t>(i)];
    TableRow row;
    row.name = i == g.to_act() ? bold(s, "▸ " + p.name) : "  " + p.name;
    row.total = std::to_string(p.total);
    if (p.status != three::Status::Busted) {
      // The banks and the cards in front ("26+5=31"); the banks alone while new limit cards
      // are still in hand after a bank; 0 before the first limits are laid.
      int banked = 0;
      for (int b : p.banks) banked += b;
      int front = g.points_in_front(i);
      row.risk = banked && front ? fmt::format("{}+{}={}", banked, front, banked + front) : std::to_string(banked + front);
    }
    if (p.status == three::Status::Busted) {
      row.span = bad(s, "busted");
    } else if (!p.low || !p.high) {
      for (auto c : p.limit_hand) row.span += (row.span.empty() ? "limit cards " : " ") + show_letter_card(s, g, c);
    } else {
      row.low = "[" + laid(s, g, *p.low) + "]";
      row.high = "[" + laid(s, g, *p.high) + "]";
      // Letters in alphabetical order, whatever order they were placed in; wilds after them.
      std::vector<three::Lay> placed(p.spaces.begin(), p.spaces.end());
      std::stable_sort(placed.begin(), placed.end(), [](const three::Lay& a, const three::Lay& b) {
        return (a.position == 0 ? 99 : a.position) < (b.position == 0 ? 99 : b.position);
      });
      for (std::size_t k = 0; k < spaces; ++k) row.spaces.push_back(k < placed.size() ? laid(s, g, placed[k]) : "___");
      std::string open = letter_runs(g.open_letters(i));
      if (p.status == three::Status::Passed) row.open = dim(s, "passed");
      else if (open.empty()) row.open = dim(s, "none");
      else row.open = i == g.to_act() ? good(s, open) : open;
    }
    for (auto c : p.drawn) row.drawn += (row.drawn.empty() ? "drawn: " : " ") + show_letter_card(s, g, c);
    rows.push_back(std::move(row));
  }
  // Every column as wide as its widest cell, so that the columns line up across players.
  std::size_t name_w = 0, low_w = 0, high_w = 0, span_w = 0, risk_w = std::strlen("at risk"), total_w = std::strlen("total");
  std::vector<std::size_t> space_w(spaces, 0);
  for (const auto& r : rows) {
    name_w = std::max(name_w, width(r.name));
    low_w = std::max(low_w, width(r.low));
    high_w = std::max(high_w, width(r.high));
    span_w = std::max(span_w, width(r.span));
    risk_w = std::max(risk_w, width(r.risk));
    total_w = std::max(total_w, width(r.total));
    for (std::size_t k = 0; k < r.spaces.size(); ++k) space_w[k] = std::max(space_w[k], width(r.spaces[k]));
  }
  std::size_t cards_w = low_w + high_w + 1;
  for (auto w : space_w) cards_w += w + 1;
  if (span_w > cards_w) {
    high_w += span_w - cards_w;
    cards_w = span_w;
  }
  auto right = [](const std::string& text, std::size_t to) { return std::string(to > width(text) ? to - width(text) : 0, ' ') + text; };
  out += dim(s, fmt::format("{}  {}  {}  open", std::string(name_w + 1 + cards_w, ' '), right("at risk", risk_w), right("total", total_w))) + "\n";
  for (const auto& r : rows) {
    std::string cards;
    if (r.low.empty()) {
      cards = pad(r.span, cards_w);
    } else {
      cards = pad(r.low, low_w) + " ";
      for (std::size_t k = 0; k < spaces; ++k) cards += pad(r.spaces[k], space_w[k]) + " ";
      cards += pad(r.high, high_w);
    }
    std::string line = pad(r.name, name_w) + " " + cards + "  " + right(r.risk, risk_w) + "  " + right(r.total, total_w);
    if (!r.open.empty()) line += "  " + r.open;
    // No trailing spaces where a column is empty.
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    if (!r.drawn.empty()) out += std::string(name_w + 1, ' ') + r.drawn + "\n";
  }
  return out;
}

std::string label(const three::ThreeGame& g, int seat, const three::Action& action) { return three::describe(g, seat, action); }

std::string show_three_hint(const Style& s, const three::ThreeGame& g, int seat) {
  auto rated = strategy::ThreeSolver::shared(g.rules())->evaluate(g, seat);
  // Heads-up where the win table is at hand (win_solver.h): each choice's chance to win the game too.
  std::vector<strategy::WinRatedAction> to_win;
  if (g.players().size() == 2)
    if (auto table = strategy::ThreeWinSolver::ready(g.rules())) to_win = table->evaluate(g, seat);
  auto chance_of = [&](const three::Action& a) -> std::string {
    for (const auto& w : to_win)
      if (w.action == a) return fmt::format("  win {:5.1f}%", 100 * w.chance);
    return "";
  };
  std::string out = dim(s, "  expected score of the round from here, playing on optimally (fresh-deck odds):") + "\n";
  for (std::size_t i = 0; i < rated.size(); ++i) {
    std::string line = fmt::format("  {:>8.3f}{}  {}", rated[i].value, chance_of(rated[i].action), label(g, seat, rated[i].action));
    out += (i == 0 ? good(s, line + "  <- best") : line) + "\n";
  }
  if (!to_win.empty() && !rated.empty()) {
    const auto& w = to_win.front();
    bool differs = w.action != rated.front().action;
    out += (differs ? good(s, fmt::format("  to win the game: {} ({:.1f}% to win), not the best for points", label(g, seat, w.action),
                                          100 * w.chance))
                    : dim(s, fmt::format("  to win the game: the same ({:.1f}% to win)", 100 * w.chance))) +
           "\n";
  }
  return out;
}

std::string show_score_sheet(const Style& s, const three::ThreeGame& g) {
  const auto& sheet = g.sheet();
  std::size_t col = 14;
  for (const auto& p : g.players()) col = std::max(col, p.name.size() + 2);
  // Rows end at their last cell, with no padding after it.
  auto end_row = [](std::string& text) {
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += "\n";
  };
  std::string out = bold(s, "Score sheet") + "\n" + pad("round", 7);
  for (const auto& p : g.players()) out += pad(p.name, col);
  end_row(out);
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
    end_row(out);
  }
  out += pad("total", 7);
  for (const auto& p : g.players()) out += pad(bold(s, std::to_string(p.total)), col);
  end_row(out);
  if (g.over()) {
    auto winners = g.winners();
    std::string names;
    for (int w : winners) names += (names.empty() ? "" : " and ") + name_of(g, w);
    out += good(s, fmt::format("{} {} with {}.", names, winners.size() == 1 ? verb(names, "wins") : "win",
                               plural(g.players()[static_cast<std::size_t>(winners[0])].total, "point"))) + "\n";
  } else {
    out += dim(s, fmt::format("First to {} after a tally wins.", g.rules().target)) + "\n";
  }
  return out;
}

}  // namespace inbetween::cli
