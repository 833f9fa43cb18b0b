#pragma once
// The knobs of the pot-game family (RULES.md Part 1): one plain struct per preset file.
#include <cstdint>
#include <string>
#include <vector>

namespace inbetween::rules {

using Chips = std::int64_t;

// What happens when the pot is emptied: everyone antes again, or the game ends.
enum class EmptyPot { Reante, End };
// How the first dealer is found when none is named.
enum class FirstDealer { HighCard, Random };
// Posts of the same rank: paid from the pot, replaced, played on, or (house games) a third card for trips.
enum class PairPosts { Pay, Redeal, Play, ThirdCard };
// Posts of consecutive ranks: the player loses the minimum bet, the hand pushes, or play on.
enum class ConsecutivePosts { LoseMin, Push, Play };
// When an ace is the first post: always high, or the player calls it before the second post.
enum class FirstAce { High, Call };
// When an ace is the second post: always high, or the player calls it.
enum class SecondAce { High, Call };
// Keeping losses affordable: limit the bet so the worst outcome is affordable, or cap the loss.
enum class LossLimit { LimitBet, CapLoss };

// Game length in deals; a deal is one turn (or hand) for every player still in.
struct DealCount {
  enum class Kind { Fixed, EachDealerOnce, Unlimited } kind = Kind::EachDealerOnce;
  int fixed = 0;
};

// Every knob of a pot preset; defaults are the hoyle preset's.
struct PotRules {
  std::string name = "custom";
  std::string description;
  std::string source;  // the file it came from, for messages

  int min_players = 2;
  int max_players = 8;
  std::string deck = "standard52";           // deck file (decks/NAME.toml) of one deck
  std::vector<std::uint8_t> deck_cards;      // its cards, filled in on load; empty = the 52
  int decks = 1;
  int reshuffle_below = 3;  // before a turn: fewer cards left than this -> reshuffle all
  int penetration = 0;      // percent of the shoe dealt before the cut card (0: reshuffle_below as given)
  bool reshuffle_each_deal = false;
  FirstDealer first_dealer = FirstDealer::HighCard;

  Chips start_chips = 20;
  Chips ante = 1;
  Chips banker_stake = 0;
  bool rebuys = false;
  Chips rebuy_max = 0;
  EmptyPot when_pot_empty = EmptyPot::Reante;

  Chips min_bet = 1;
  Chips max_bet = 0;  // 0: no table limit (pot games are limited by the pot anyway)
  Chips first_deck_bet_cap = 0;  // 0: no cap while the first deck lasts
  LossLimit loss_limit = LossLimit::LimitBet;
  bool allow_pass = false;

  PairPosts pair_posts = PairPosts::Pay;
  Chips pair_pays = 2;
  ConsecutivePosts consecutive_posts = ConsecutivePosts::LoseMin;
  int post_hit_multiplier = 1;
  int triple_ace_multiplier = 1;
  FirstAce first_ace = FirstAce::High;
  SecondAce second_ace = SecondAce::High;

  DealCount deals;
  int deals_per_dealer = 1;
  bool dealer_takes_pot = false;
};

// How many deals the game lasts for this many players; 0 for no limit.
int total_deals(const PotRules& rules, int players);

}  // namespace inbetween::rules
