#include "families/card_table/codec.h"

#include <cstdint>
#include <limits>

#include <fmt/format.h>

namespace inbetween::protocol {

json card_json(cards::Card card) { return cards::to_string(card); }

cards::Card card_from_json(const json& j) {
  if (!j.is_string()) throw ProtocolError("bad_card", fmt::format("{} is not a card; cards are strings like \"9C\"", j.dump()));
  auto card = cards::parse_card(j.get<std::string>());
  if (!card)
    throw ProtocolError("bad_card", fmt::format("\"{}\" is not a card; use rank 2-9 T J Q K A (or 10) and suit S H D C, "
                                                "e.g. \"TD\"", j.get<std::string>()));
  return *card;
}

const char* ace_name(card_table::AceValue ace) { return ace == card_table::AceValue::Low ? "low" : "high"; }

rules::Chips action_amount(const json& j, const std::string& type) {
  auto it = j.find("amount");
  if (it == j.end() || !it->is_number_integer())
    throw ProtocolError("bad_action", fmt::format("a {} needs a whole-number \"amount\", e.g. {{\"type\":\"{}\",\"amount\":3}}",
                                                  type, type));
  // 2^63 and more would wrap to a negative number of chips (and be refused as one).
  if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<rules::Chips>::max()))
    throw ProtocolError("bad_action", fmt::format("a {} of {} chips is more than any table holds", type, it->get<std::uint64_t>()));
  return it->get<rules::Chips>();
}

}  // namespace inbetween::protocol
