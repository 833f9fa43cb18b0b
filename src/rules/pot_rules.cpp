#include "rules/pot_rules.h"

namespace inbetween::rules {

int total_deals(const PotRules& rules, int players) {
  switch (rules.deals.kind) {
    case DealCount::Kind::Fixed: return rules.deals.fixed;
    case DealCount::Kind::EachDealerOnce: return players * rules.deals_per_dealer;
    case DealCount::Kind::Unlimited: return 0;
  }
  return 0;
}

}  // namespace inbetween::rules
