#pragma once
// The tests' PostgreSQL (tests/support/postgres.sh, a CTest fixture): a database of its own for
// each test, so tests run side by side and again without seeing each other's tables.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string>

namespace inbetween::testing_support {

// The cluster's URI; throws (failing the test, never skipping it) when the fixture did not start.
inline std::string postgres_uri() {
  std::ifstream file(INBETWEEN_TEST_POSTGRES_FILE);
  std::string uri;
  if (!(file >> uri))
    throw std::runtime_error(fmt::format("no test PostgreSQL: {} is missing (ctest starts it: tests/support/postgres.sh start)",
                                         INBETWEEN_TEST_POSTGRES_FILE));
  return uri;
}

// The URI of a database named after `key` (a test's folder), created the first time it is asked for.
inline std::string postgres_database(const std::string& key) {
  const std::string uri = postgres_uri();
  const std::string name = fmt::format("t{:016x}", std::hash<std::string>{}(key));
  pqxx::connection c(uri);
  pqxx::nontransaction w(c);
  if (w.exec_params("SELECT 1 FROM pg_database WHERE datname = $1", name).empty()) w.exec("CREATE DATABASE " + name);
  return uri.substr(0, uri.rfind('/') + 1) + name;
}

}  // namespace inbetween::testing_support
