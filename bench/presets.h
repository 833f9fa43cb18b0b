#pragma once
// The card-table presets pot_bench and scale_bench measure: the pot games, then Red Dog.

namespace inbetween_bench {

inline constexpr const char* kPotPresets[] = {"hoyle", "hoyle-3", "banker", "between-the-sheets", "acey-deucey"};
inline constexpr const char* kHousePreset = "red-dog";

}  // namespace inbetween_bench
