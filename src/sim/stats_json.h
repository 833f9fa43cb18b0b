#pragma once
// SimStats and everything in it as JSON and back, losslessly: the bytes a share of a run is
// sent as between processes (MPI, sim/mpi_share.h). 128-bit sums travel as decimal strings,
// so the merged figures are the same to the bit as a one-process run's.
#include <nlohmann/json.hpp>

#include "sim/simulate.h"
#include "sim/tally.h"

namespace inbetween::sim {

// Found by nlohmann::json through argument-dependent lookup: json j = stats; j.get<SimStats>().
void to_json(nlohmann::json& j, const Tally& t);
void from_json(const nlohmann::json& j, Tally& t);
void to_json(nlohmann::json& j, const RatioTally& t);
void from_json(const nlohmann::json& j, RatioTally& t);
void to_json(nlohmann::json& j, const GroupedMoments& m);
void from_json(const nlohmann::json& j, GroupedMoments& m);
void to_json(nlohmann::json& j, const Histogram& h);
void from_json(const nlohmann::json& j, Histogram& h);
void to_json(nlohmann::json& j, const SeatStats& s);
void from_json(const nlohmann::json& j, SeatStats& s);
void to_json(nlohmann::json& j, const PlaceStats& s);
void from_json(const nlohmann::json& j, PlaceStats& s);
void to_json(nlohmann::json& j, const SimStats& s);
void from_json(const nlohmann::json& j, SimStats& s);

// A 128-bit integer as decimal digits and back; from_decimal throws std::invalid_argument for
// anything that is not a whole number in range.
std::string to_decimal(__int128 x);
__int128 from_decimal(const std::string& text);

}  // namespace inbetween::sim
