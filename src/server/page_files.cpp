#include "server/page_files.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace inbetween::server {

const char* content_type(const std::filesystem::path& path) {
  auto ext = path.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".webmanifest") return "application/manifest+json";
  if (ext == ".json" || ext == ".map") return "application/json";
  return "application/octet-stream";
}

bool plain_file_name(std::string_view name) {
  if (name.empty() || name.find("..") != std::string_view::npos) return false;
  return std::all_of(name.begin(), name.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == '_'; });
}

}  // namespace inbetween::server
