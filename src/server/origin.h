#pragma once
// Which pages may open the server's WebSocket (docs/server.md, "Origins"). A browser names the
// page that opens a WebSocket in its `Origin` header, and lets any page open one to any server:
// without this check a page elsewhere could play at a table in its visitor's name (cross-site
// WebSocket hijacking). Programs (the tests, the benchmarks, a bot) send no Origin.
#include <string>
#include <string_view>
#include <vector>

namespace inbetween::server {

// An origin given on the command line (`--allow-origin URL`, `--public-origin URL`; `option` names
// which in the error) as a browser writes it: the scheme (http or https) and host in lower case, a
// port only when it is not the scheme's own, no path. Throws std::invalid_argument saying what is
// wrong with `url`.
std::string allowed_origin(std::string_view url, std::string_view option = "--allow-origin");

// The origins of the pages this server serves itself, found once when it starts, never from a
// request's Host header (a page of a name the attacker controls that resolves to this machine,
// DNS rebinding, sends its own name there): `host` and `port` over http and https; `localhost` too
// for a loopback host; for a server listening on every address (0.0.0.0, ::) every address this
// machine has; and the names it is reached by behind a proxy (`public_origins`, as
// allowed_origin writes them).
std::vector<std::string> served_origins(std::string_view host, unsigned short port, const std::vector<std::string>& public_origins);

// Whether a WebSocket upgrade may go ahead: no Origin header at all (a program, not a page), or an
// Origin in `admitted` (served_origins and the --allow-origin pages).
bool origin_admitted(const std::string* origin, const std::vector<std::string>& admitted);

}  // namespace inbetween::server
