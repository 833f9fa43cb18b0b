#include "server/origin.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/socket.h>

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

std::string allowed_origin(std::string_view url, std::string_view option) {
  std::string_view trimmed = url;
  if (trimmed.ends_with('/')) trimmed.remove_suffix(1);  // "https://example.com/" as a browser's address bar shows it
  auto o = parse(trimmed);
  if (!o)
    throw std::invalid_argument(fmt::format("{} {}: an origin is http:// or https:// and a host, with a port if "
                                            "need be, and nothing after it (https://cards.example.com:8443)",
                                            option, url));
  return o->scheme + "://" + o->authority;
}

std::vector<std::string> served_origins(std::string_view host, unsigned short port, const std::vector<std::string>& public_origins) {
  std::vector<std::string> hosts;
  auto add_address = [&](const std::string& address) {
    hosts.push_back(address.find(':') != std::string::npos ? "[" + address + "]" : address);  // IPv6 in brackets
  };
  bool every = host == "0.0.0.0" || host == "::";
  if (every) {
    // Every address of this machine's interfaces, the loopback ones among them.
    ifaddrs* list = nullptr;
    if (::getifaddrs(&list) == 0) {
      for (const ifaddrs* a = list; a; a = a->ifa_next) {
        if (!a->ifa_addr || (a->ifa_addr->sa_family != AF_INET && a->ifa_addr->sa_family != AF_INET6)) continue;
        char text[INET6_ADDRSTRLEN] = {};
        const void* raw = a->ifa_addr->sa_family == AF_INET ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(a->ifa_addr)->sin_addr)
                                                             : static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(a->ifa_addr)->sin6_addr);
        if (::inet_ntop(a->ifa_addr->sa_family, raw, text, sizeof text)) add_address(text);
      }
      ::freeifaddrs(list);
    }
    add_address("127.0.0.1");
  } else {
    add_address(std::string(host));
  }
  bool loopback = every || host == "127.0.0.1" || host == "::1" || host.starts_with("127.");
  if (loopback) hosts.push_back("localhost");
  std::vector<std::string> out;
  for (const auto& h : hosts)
    for (const char* scheme : {"http", "https"}) {
      // As a browser writes it: the scheme's own port left out (a TLS proxy on 443 in front).
      std::string origin = allowed_origin(fmt::format("{}://{}:{}", scheme, h, port));
      if (std::find(out.begin(), out.end(), origin) == out.end()) out.push_back(origin);
    }
  for (const auto& o : public_origins)
    if (std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
  return out;
}

bool origin_admitted(const std::string* origin, const std::vector<std::string>& admitted) {
  if (!origin) return true;
  auto o = parse(*origin);
  if (!o) return false;  // "null" (a sandboxed frame, a file), or no origin a page could have
  return std::find(admitted.begin(), admitted.end(), o->scheme + "://" + o->authority) != admitted.end();
}

}  // namespace inbetween::server
