#include "rules/deck_files.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "rules/knob_reader.h"
#include "rules/rule_files.h"

namespace inbetween::rules {
namespace fs = std::filesystem;
namespace {

fs::path resolve_deck_path(const std::string& name_or_path) { return resolve_data_file(kDeckFolder, name_or_path); }

toml::table parse(const fs::path& path) { return parse_toml_file(path); }

// Deck text held in memory, its syntax errors named as a file's are ("label:line: why").
toml::table parse_text(std::string_view text, const std::string& label) {
  if (text.size() > kMaxDataFileBytes)
    throw RuleError(fmt::format("{}: {} bytes; a rule or deck file may be at most {} bytes", label, text.size(), kMaxDataFileBytes));
  try {
    return toml::parse(text, label);
  } catch (const toml::parse_error& e) {
    throw RuleError(fmt::format("{}:{}: {}", label, e.source().begin.line, e.description()));
  }
}

// The keys every deck file has.
struct Header {
  std::string name, description, kind = "letters";
};

// `stem`: the name of a deck whose file gives none (its file name without .toml).
Header read_header(KnobReader& reader, const std::string& stem) {
  Header h;
  reader.text("name", h.name);
  reader.text("description", h.description);
  reader.choice("kind", h.kind, {{"standard", std::string("standard")}, {"letters", std::string("letters")}});
  if (h.name.empty()) h.name = stem;
  return h;
}

// A card of a letter deck as written ("K", "A/E" or "E/A", "?"), normalised.
cards::LetterKind letter_kind(const KnobReader& reader, const toml::node& node) {
  const std::string allowed =
      "allowed: one letter (\"K\"), two different letters with a slash (\"A/E\"), or \"?\" for a wild";
  auto text = node.value<std::string>();
  if (!text || !node.is_string()) reader.refuse("cards", node, fmt::format("every card is a string; {}", allowed));
  std::string t = *text;
  for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  auto is_letter = [](char c) { return c >= 'A' && c <= 'Z'; };
  cards::LetterKind k;
  if (t == "?") {
    k.notation = t;
  } else if (t.size() == 1 && is_letter(t[0])) {
    k.notation = t;
    k.letters = {t[0]};
  } else if (t.size() == 3 && t[1] == '/' && is_letter(t[0]) && is_letter(t[2]) && t[0] != t[2]) {
    if (t[0] > t[2]) std::swap(t[0], t[2]);
    k.notation = t;
    k.letters = {t[0], t[2]};
  } else {
    reader.refuse("cards", node, fmt::format("\"{}\" is not a card; {}", *text, allowed));
  }
  for (char l : k.letters) k.letter_bits |= 1u << cards::letter_position(l);
  return k;
}

// A list of strings under `key`, each checked by `accept`.
template <class Accept>
std::vector<std::string> symbol_list(KnobReader& reader, std::string_view key,
                                     std::string_view allowed, Accept&& accept) {
  const toml::node* node = reader.raw(key);
  std::vector<std::string> out;
  if (!node) throw RuleError(fmt::format("{}: key '{}' is missing; allowed: {}", reader.file(), key, allowed));
  const toml::array* arr = node->as_array();
  if (!arr || arr->empty()) reader.refuse(key, *node, fmt::format("needs a non-empty list; allowed: {}", allowed));
  for (const auto& item : *arr) {
    auto v = item.value<std::string>();
    if (!item.is_string() || !accept(*v)) reader.refuse(key, item, fmt::format("{} is not allowed; allowed: {}", v ? "\"" + *v + "\"" : "a non-string", allowed));
    if (std::find(out.begin(), out.end(), *v) != out.end()) reader.refuse(key, item, fmt::format("\"{}\" is listed twice", *v));
    out.push_back(*v);
  }
  return out;
}

}  // namespace

std::vector<std::string> deck_names() { return data_file_names(kDeckFolder); }

cards::LetterDeck load_letter_deck(const std::string& name_or_path) {
  fs::path path = resolve_deck_path(name_or_path);
  return letter_deck_from_table(parse(path), path.string(), path.stem().string());
}

std::vector<cards::CardCode> load_standard_deck(const std::string& name_or_path) {
  fs::path path = resolve_deck_path(name_or_path);
#ifdef __EMSCRIPTEN__
  // The WebAssembly engine's decks are embedded in it, read-only (rule_files.cpp, embedded_texts):
  // each one's cards are read once, not again at every `new` (docs/performance.md, "The engine
  // as WebAssembly"). A deck that fails still fails every time, with the same message.
  static std::map<std::string, std::vector<cards::CardCode>, std::less<>> embedded;
  if (path.native().starts_with(INBETWEEN_DATA_DIR "/")) {
    auto it = embedded.find(path.native());
    if (it == embedded.end()) it = embedded.emplace(path.native(), standard_deck_from_table(parse(path), path.string())).first;
    return it->second;
  }
#endif
  return standard_deck_from_table(parse(path), path.string());
}

cards::LetterDeck letter_deck_from_text(std::string_view text, const std::string& label) {
  return letter_deck_from_table(parse_text(text, label), label, fs::path(label).stem().string());
}

std::vector<cards::CardCode> standard_deck_from_text(std::string_view text, const std::string& label) {
  return standard_deck_from_table(parse_text(text, label), label);
}

cards::LetterDeck letter_deck_from_table(const toml::table& table, const std::string& where, const std::string& stem) {
  KnobReader reader(table, where);
  Header h = read_header(reader, stem);
  // The kind first: a standard deck's keys are no typo, just the wrong kind of deck.
  if (h.kind != "letters") reader.refuse("kind", *table.get("kind"), "a letter deck (kind = \"letters\") is needed here");
  const toml::node* groups_node = reader.raw("cards");
  reader.finish();
  const toml::array* groups = groups_node ? groups_node->as_array() : nullptr;
  if (!groups || groups->empty())
    throw RuleError(fmt::format("{}: a letter deck needs [[cards]] groups, each with cards = [...], copies and points", where));

  cards::LetterDeck deck{h.name, h.description, {}};
  std::set<std::string> seen;
  for (const auto& group_node : *groups) {
    const toml::table* group = group_node.as_table();
    if (!group) throw RuleError(fmt::format("{}:{}: each [[cards]] entry is a table", where, group_node.source().begin.line));
    KnobReader group_reader(*group, where);
    int copies = 1, points = 0;
    group_reader.integer("copies", copies, 1, 20);
    group_reader.integer("points", points, 0, 100);
    const toml::node* list = group_reader.raw("cards");
    group_reader.finish();
    if (!list || !list->as_array() || list->as_array()->empty())
      throw RuleError(fmt::format("{}:{}: key 'cards': each [[cards]] group needs a non-empty list, e.g. cards = [\"T\", \"N\"]",
                                  where, group_node.source().begin.line));
    for (const auto& card_node : *list->as_array()) {
      cards::LetterKind k = letter_kind(group_reader, card_node);
      if (!seen.insert(k.notation).second)
        group_reader.refuse("cards", card_node, fmt::format("\"{}\" is listed twice; give each card once, with its copies", k.notation));
      k.copies = copies;
      k.points = points;
      deck.kinds.push_back(std::move(k));
    }
  }
  if (deck.kinds.size() > 250) throw RuleError(fmt::format("{}: at most 250 different cards", where));
  return deck;
}

std::vector<cards::CardCode> standard_deck_from_table(const toml::table& table, const std::string& where) {
  KnobReader reader(table, where);
  Header h = read_header(reader, "");
  if (h.kind != "standard")
    reader.refuse("kind", table.get("kind") ? *table.get("kind") : static_cast<const toml::node&>(table),
                  "a standard deck (kind = \"standard\") is needed here");
  int copies = 1;
  reader.integer("copies", copies, 1, 8);
  auto ranks = symbol_list(reader, "ranks", "rank symbols 2-9 T J Q K A", [](const std::string& r) {
    return r.size() == 1 && std::string_view("23456789TJQKA").find(r[0]) != std::string_view::npos;
  });
  auto suits = symbol_list(reader, "suits", "suit symbols S H D C", [](const std::string& s) {
    return s.size() == 1 && std::string_view("SHDC").find(s[0]) != std::string_view::npos;
  });
  reader.finish();
  std::vector<cards::CardCode> contents;
  for (int c = 0; c < copies; ++c)
    for (const auto& r : ranks)
      for (const auto& s : suits) contents.push_back(cards::parse_card(r + s)->code);
  return contents;
}

DeckSummary deck_summary(const std::string& name_or_path) {
  fs::path path = resolve_deck_path(name_or_path);
  toml::table table = parse(path);
  std::string kind = table["kind"].value_or(std::string("letters"));
  // The table read once is the one checked and summed up.
  if (kind == "standard") {
    auto contents = standard_deck_from_table(table, path.string());
    return {table["name"].value_or(path.stem().string()), table["description"].value_or(std::string()), kind,
            static_cast<int>(contents.size())};
  }
  auto deck = letter_deck_from_table(table, path.string(), path.stem().string());
  return {deck.name, deck.description, "letters", deck.size()};
}

KnobFrom knob_from(const toml::table& table, const std::map<std::string, std::string, std::less<>>& origins, std::string_view knob) {
  if (origins.find(knob) != origins.end()) return KnobFrom::set;
  return table.contains(knob) ? KnobFrom::file : KnobFrom::absent;
}

int cut_card(std::size_t shoe_cards, int& penetration, int reshuffle_below, KnobFrom reshuffle, KnobFrom pen, const std::string& where) {
  auto shoe = static_cast<int>(shoe_cards);
  if (penetration > 0 && reshuffle == KnobFrom::set && pen != KnobFrom::set) penetration = 0;  // --set reshuffle_below wins
  if (penetration > 0) {
    int left = shoe - shoe * penetration / 100;
    if (reshuffle == pen && reshuffle_below != left)
      throw RuleError(fmt::format("{}: keys 'penetration' and 'reshuffle_below': penetration {}% of {} cards leaves {} as the cut card, "
                                  "not {}; give one of them (penetration = 0 to set reshuffle_below alone)",
                                  where, penetration, shoe, left, reshuffle_below));
    reshuffle_below = left;
  }
  // Equal to the shoe is a reshuffle before every turn, which a deck of a few cards needs; past
  // it the cut card is not in the shoe at all.
  if (reshuffle_below > shoe)
    throw RuleError(fmt::format("{}: keys 'reshuffle_below' and 'decks': a cut card {} cards from the end is not in a shoe of {} "
                                "cards (every hand would reshuffle); give reshuffle_below up to {}, or penetration (the percent of "
                                "the shoe dealt before a reshuffle)",
                                where, reshuffle_below, shoe, shoe));
  return reshuffle_below;
}

void check_card_table_shoe(const std::vector<cards::CardCode>& deck, int decks, int max_players, const std::string& where,
                           const std::string& deck_name) {
  std::set<int> ranks;
  for (auto code : deck) ranks.insert(cards::Card{code}.rank());
  if (ranks.size() < 2)
    throw RuleError(fmt::format("{}: key 'deck': the deck '{}' has {} rank{}; a card-table game needs at least two (with one, "
                                "every draw for the deal ties and every pair of posts is a pair)",
                                where, deck_name, ranks.size(), ranks.size() == 1 ? "" : "s"));
  auto cards = deck.size() * static_cast<std::size_t>(decks);
  auto needed = std::max<std::size_t>(3, static_cast<std::size_t>(max_players) + 1);
  if (cards < needed)
    throw RuleError(fmt::format("{}: keys 'deck' and 'decks': {} deck{} of '{}' make {} cards; {} players (max_players) need at "
                                "least {} (a card each for the draw for the deal and one more, and three for a turn)",
                                where, decks, decks == 1 ? "" : "s", deck_name, cards, max_players, needed));
}

}  // namespace inbetween::rules
