#pragma once
// The browser table's files as the server hands them out: which names may be asked for, the type
// each is served as, and the guards every answer carries.
#include <filesystem>
#include <string_view>

namespace inbetween::server {

// The Content-Type a page file is served with (application/octet-stream for one not known).
const char* content_type(const std::filesystem::path& path);

// A file name the page may ask for: letters, digits, '.', '-', '_', and no "..".
bool plain_file_name(std::string_view name);

// What every HTTP answer says to the browser: the page runs only its own files (no inline script
// or style, no plugin), in no other site's frame, sends no Referer (a join link holds the
// table's code), and no file is read as another type than it is served as.
template <class Response>
void page_guards(Response& response) {
  response.set("Content-Security-Policy",
               "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  response.set("X-Content-Type-Options", "nosniff");
  response.set("X-Frame-Options", "DENY");
  response.set("Referrer-Policy", "no-referrer");
}

}  // namespace inbetween::server
