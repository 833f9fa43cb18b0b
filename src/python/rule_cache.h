#pragma once
// The rules a Python process plays, read once: every Table, Env and VectorEnv of the same rules
// (a preset's name or a file's path) and knobs deals from one protocol::SessionMaker, so that a
// new game only deals (reading and checking a rule file and its deck is most of a Table()'s work).
// A file changed on disk after its first use is read again only by a new process.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/session.h"
#include "python/analysis.h"

namespace inbetween::python {

// The maker for these rules and knobs, read on first use; throws protocol::ProtocolError
// ("bad_rules"...) as new_session does, and keeps nothing for rules it refuses.
std::shared_ptr<const protocol::SessionMaker> session_maker(const std::string& rules, const Knobs& set);

// A `new` request for these rules, seats and seed (none: the engine draws one).
protocol::json new_request(const std::string& rules, const std::vector<std::string>& players, std::optional<std::uint64_t> seed,
                           const Knobs& set);

}  // namespace inbetween::python
