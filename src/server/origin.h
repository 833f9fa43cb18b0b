#pragma once
// Which pages may open the server's WebSocket (docs/server.md, "Origins"). A browser names the
// page that opens a WebSocket in its `Origin` header, and lets any page open one to any server:
// without this check a page elsewhere could play at a table in its visitor's name (cross-site
// WebSocket hijacking). Programs (the tests, the benchmarks, a bot) send no Origin.
#include <string>
#include <string_view>
#include <vector>

namespace inbetween::server {

// An origin given on the command line (`--allow-origin URL`) as a browser writes it: the
// scheme (http or https) and host in lower case, a port only when it is not the scheme's own,
// no path. Throws std::invalid_argument saying what is wrong with `url`.
std::string allowed_origin(std::string_view url);

// Whether a WebSocket upgrade may go ahead: no Origin header at all (a program, not a page),
// an Origin of the server's own address (its host and port as the request's Host header names
// them, over http or https), or one of `allowed` (as allowed_origin writes them).
bool origin_admitted(const std::string* origin, std::string_view host, const std::vector<std::string>& allowed);

}  // namespace inbetween::server
