#pragma once
// Reading what a command wrote: a whole file, its lines, CSV cells and rows by column name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace inbetween::testing_support {

inline std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The cells of a CSV line the program writes (no quoted commas); a trailing comma is an empty cell.
inline std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream cs(line);
  for (std::string cell; std::getline(cs, cell, ',');) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

// A CSV text as rows of column -> cell; every row must have the header's number of cells.
using CsvRow = std::map<std::string, std::string>;
inline std::vector<CsvRow> csv_rows(const std::string& text, std::vector<std::string>* header = nullptr) {
  auto lines = lines_of(text);
  std::vector<CsvRow> rows;
  if (lines.empty()) return rows;
  auto names = csv_cells(lines[0]);
  if (header) *header = names;
  for (std::size_t l = 1; l < lines.size(); ++l) {
    auto cells = csv_cells(lines[l]);
    EXPECT_EQ(cells.size(), names.size()) << lines[l];
    CsvRow row;
    for (std::size_t i = 0; i < names.size() && i < cells.size(); ++i) row[names[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

}  // namespace inbetween::testing_support
