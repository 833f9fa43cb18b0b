#pragma once
// `inbetween engine`: one JSON request per line in, one JSON reply per line out.
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "protocol/session.h"

namespace inbetween::protocol {

// Serves requests one line at a time; keeps the current game between lines.
class Engine {
 public:
  // `default_rules` and `default_sets` ("knob=value") fill in a `new` request that names none.
  explicit Engine(std::string default_rules = "hoyle", std::vector<std::string> default_sets = {})
      : default_rules_(std::move(default_rules)), default_sets_(std::move(default_sets)) {}

  // The reply to one request line; never throws, never ends the engine except on "quit".
  json handle(const std::string& line);
  bool quit() const { return quit_; }
  GameSession* session() { return session_.get(); }

 private:
  json dispatch(const json& request);
  GameSession& current() const;

  std::string default_rules_;
  std::vector<std::string> default_sets_;
  std::unique_ptr<GameSession> session_;
  bool seed_drawn_ = false;  // the current game's seed was drawn by the engine, not given
  bool quit_ = false;
};

// Reads requests from `in` until EOF or quit, answering each on `out`.
void run_engine(std::istream& in, std::ostream& out, const std::string& default_rules = "hoyle",
                const std::vector<std::string>& default_sets = {});

}  // namespace inbetween::protocol
