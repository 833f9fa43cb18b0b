#include "families/house/action.h"

#include "families/house/event.h"

namespace inbetween::games::house {

const char* action_name(const Action& action) {
  static constexpr const char* kNames[] = {"bet", "pass", "raise", "stand"};
  return kNames[action.index()];
}

const char* event_name(EventKind kind) {
  switch (kind) {
    case EventKind::Shuffled: return "shuffled";
    case EventKind::DrawForDeal: return "draw_for_deal";
    case EventKind::DealerChosen: return "dealer_chosen";
    case EventKind::Bet: return "bet";
    case EventKind::Pass: return "pass";
    case EventKind::PostDealt: return "post_dealt";
    case EventKind::PostsReplaced: return "posts_replaced";
    case EventKind::Raise: return "raise";
    case EventKind::Stand: return "stand";
    case EventKind::ThirdCard: return "third_card";
    case EventKind::Win: return "win";
    case EventKind::Push: return "push";
    case EventKind::Loss: return "loss";
    case EventKind::DealerChanged: return "dealer_changed";
    case EventKind::GameOver: return "game_over";
  }
  return "?";
}

bool carries_chips(EventKind kind) {
  switch (kind) {
    case EventKind::Bet: case EventKind::Raise: case EventKind::Win: case EventKind::Push: case EventKind::Loss: return true;
    default: return false;
  }
}

}  // namespace inbetween::games::house
