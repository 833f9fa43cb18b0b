#include "server/origin.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

namespace inbetween::server {
namespace {
std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return out;
}

// "scheme://host[:port]" split, lower case, the scheme's own port left out; nullopt for anything
// else (a path, "null", another scheme, characters no host has).
struct Origin {
  std::string scheme;
  std::string authority;
};
std::optional<Origin> parse(std::string_view text) {
  std::string s = lower(text);
  auto colon = s.find("://");
  if (colon == std::string::npos) return std::nullopt;
  Origin o{s.substr(0, colon), s.substr(colon + 3)};
  if (o.scheme != "http" && o.scheme != "https") return std::nullopt;
  if (o.authority.empty() || !std::all_of(o.authority.begin(), o.authority.end(), [](unsigned char ch) {
        return std::isalnum(ch) || ch == '.' || ch == '-' || ch == ':' || ch == '[' || ch == ']' || ch == '_';
      }))
    return std::nullopt;
  std::string own_port = o.scheme == "http" ? ":80" : ":443";
  if (o.authority.ends_with(own_port)) o.authority.resize(o.authority.size() - own_port.size());
  return o;
}
}  // namespace

std::string allowed_origin(std::string_view url) {
  std::string_view trimmed = url;
  if (trimmed.ends_with('/')) trimmed.remove_suffix(1);  // "https://example.com/" as a browser's address bar shows it
  auto o = parse(trimmed);
  if (!o)
    throw std::invalid_argument(fmt::format("--allow-origin {}: an origin is http:// or https:// and a host, with a port if "
                                            "need be, and nothing after it (https://cards.example.com:8443)",
                                            url));
  return o->scheme + "://" + o->authority;
}

bool origin_admitted(const std::string* origin, std::string_view host, const std::vector<std::string>& allowed) {
  if (!origin) return true;
  auto o = parse(*origin);
  if (!o) return false;  // "null" (a sandboxed frame, a file), or no origin a page could have
  if (std::find(allowed.begin(), allowed.end(), o->scheme + "://" + o->authority) != allowed.end()) return true;
  // The page this server serves: the same host and port the request came to (http behind a
  // TLS proxy keeps the Host it was asked for, so https counts as the same).
  std::string h = lower(host);
  if (o->authority == h) return true;
  for (std::string_view own : {":80", ":443"})  // a Host that names the scheme's own port
    if (h.ends_with(own) && o->authority == h.substr(0, h.size() - own.size())) return true;
  return false;
}

}  // namespace inbetween::server
