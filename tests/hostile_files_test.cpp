// Files that are not what they claim (issue 10): a directory, a FIFO, a huge file given as a
// rule or deck file is refused with the reason, and nothing blocks on it.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_inbetween.h"

namespace {

using inbetween::testing::run_inbetween;
namespace fs = std::filesystem;

TEST(HostileFiles, DirectoriesFifosAndHugeFilesAreRefusedWithTheReason) {
  fs::path dir = fs::temp_directory_path() / ("inbetween-hostile-files-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "folder.toml");
  ASSERT_EQ(mkfifo((dir / "fifo.toml").c_str(), 0600), 0);
  {
    std::ofstream big(dir / "big.toml");
    big << std::string(2 << 20, '#');
  }
  auto refused = [](std::vector<std::string> args, const std::string& message) {
    auto r = run_inbetween(args);  // a FIFO opened for reading would block here for ever
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  };
  for (const char* name : {"folder.toml", "fifo.toml"}) {
    auto path = (dir / name).string();
    refused({"rules", "show", path}, path + ": not a regular file (a directory, a FIFO or a device); give a rule file");
    refused({"rules", "show", "hoyle", "--set", "deck=" + path}, "not a regular file (a directory, a FIFO or a device); give a deck file");
  }
  auto big = (dir / "big.toml").string();
  refused({"rules", "show", big}, big + ": 2097152 bytes; a rule or deck file may be at most 1048576 bytes");
  refused({"decks", "show", big}, "a rule or deck file may be at most 1048576 bytes");
  refused({"rules", "show", (dir / "missing.toml").string()}, "missing.toml: no such rule file");
  fs::remove_all(dir);
}

}  // namespace
