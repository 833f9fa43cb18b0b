// Group commit (docs/server.md, "Group commit"): the embedded store holds its commits back once
// asked (one open transaction, committed by settle()), and the gate holds every message back
// until the writes before it are committed, so a client never hears of a move the file does
// not yet hold. Checked against a second connection on the same file, as another process
// (a restart) would read it.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <functional>
#include <string>
#include <vector>

#include "server/commit_gate.h"
#include "server/sqlite_store.h"
#include "support/temp_folder.h"

namespace inbetween {
namespace {

using server::StoredGame;
using server::StoredTable;

StoredTable table(const std::string& code) {
  StoredGame first{1, 42, "c1", {}, {}, {}};
  return {code, "hoyle", "", "{}", 3, 60, {{0, "Ann", "", "hashA"}}, {first}, false, ""};
}

class GroupCommit : public testing_support::TempFolderTest {
 protected:
  std::string path() const { return (dir_ / "tables.db").string(); }
  // What another connection finds in the file: the moves of `code` committed so far.
  int moves_in_file(const std::string& code) const {
    SQLite::Database reader(path(), SQLite::OPEN_READONLY);
    SQLite::Statement q(reader, "SELECT COUNT(*) FROM moves WHERE code = ?");
    q.bind(1, code);
    q.executeStep();
    return q.getColumn(0).getInt();
  }
  bool table_in_file(const std::string& code) const {
    SQLite::Database reader(path(), SQLite::OPEN_READONLY);
    SQLite::Statement q(reader, "SELECT 1 FROM tables WHERE code = ?");
    q.bind(1, code);
    return q.executeStep();
  }
};

TEST_F(GroupCommit, HeldWritesReachTheFileOnlyAtSettleAndAllTogether) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));  // not held yet: committed at once
  EXPECT_TRUE(table_in_file("AAAA"));
  store.hold_commits(true);
  std::uint64_t before = store.written();
  store.add_table(table("BBBB"));
  store.add_move("AAAA", 1, 0, "a0");
  store.add_move("BBBB", 1, 0, "b0");
  store.add_move("AAAA", 1, 1, "a1");
  EXPECT_EQ(store.written(), before + 4);
  EXPECT_FALSE(table_in_file("BBBB"));
  EXPECT_EQ(moves_in_file("AAAA"), 0);
  // The store's own reads see what it holds (one connection).
  ASSERT_TRUE(store.load_table("AAAA"));
  EXPECT_EQ(store.load_table("AAAA")->games[0].moves.size(), 2u);
  EXPECT_EQ(store.settle(), before + 4);
  EXPECT_TRUE(table_in_file("BBBB"));
  EXPECT_EQ(moves_in_file("AAAA"), 2);
  EXPECT_EQ(moves_in_file("BBBB"), 1);
  EXPECT_EQ(store.settle(), before + 4) << "nothing held: nothing to commit";
}

// A write refused among held ones (a table's code taken) changes nothing and leaves the others
// to be committed.
TEST_F(GroupCommit, ARefusedWriteAmongHeldOnesLeavesTheOthers) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));
  store.hold_commits(true);
  store.add_move("AAAA", 1, 0, "a0");
  std::uint64_t written = store.written();
  EXPECT_THROW(store.add_table(table("AAAA")), server::StoreError);
  EXPECT_EQ(store.written(), written) << "a refused write is not counted";
  store.add_move("AAAA", 1, 1, "a1");
  store.settle();
  EXPECT_EQ(moves_in_file("AAAA"), 2);
  auto stored = store.load_table("AAAA");
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->games[0].moves, (std::vector<std::string>{"a0", "a1"}));
  EXPECT_EQ(stored->seated.size(), 1u) << "the table refused a second time left the first as it was";
}

// Held moves are written at settle(), so no table waits for another thread's commit; a move
// stored twice (only a bug makes one) is found there: nothing held is committed, and every later
// settle() says so (the server stops, and a restart replays what the file holds).
TEST_F(GroupCommit, AMoveStoredTwiceWhileHeldLosesWhatIsHeldAtSettle) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));
  store.add_move("AAAA", 1, 0, "a0");  // not held: written and committed at once
  EXPECT_THROW(store.add_move("AAAA", 1, 0, "again"), server::StoreError) << "not held: refused at once";
  store.hold_commits(true);
  store.add_move("AAAA", 1, 1, "a1");
  store.add_move("AAAA", 1, 0, "a0 again");
  EXPECT_EQ(moves_in_file("AAAA"), 1);
  EXPECT_THROW(store.settle(), server::StoreError);
  EXPECT_EQ(moves_in_file("AAAA"), 1) << "a1 was held with the refused move: not committed";
  EXPECT_THROW(store.settle(), server::StoreError) << "the loss is not forgotten";
}

// What a store that is closed holds is committed: it was played, only not yet told.
TEST_F(GroupCommit, AStoreClosedWithWritesHeldCommitsThem) {
  {
    server::SqliteStore store(path());
    store.add_table(table("AAAA"));
    store.hold_commits(true);
    store.add_move("AAAA", 1, 0, "a0");
  }
  EXPECT_EQ(moves_in_file("AAAA"), 1);
}

// The gate, with `later` run by hand: the network threads' queue.
class Gate : public GroupCommit {
 protected:
  std::vector<std::function<void()>> later_;
  std::function<void(std::function<void()>)> later() {
    return [this](std::function<void()> f) { later_.push_back(std::move(f)); };
  }
  void run_later() {
    auto queued = std::move(later_);
    later_.clear();
    for (auto& f : queued) f();
  }
};

TEST_F(Gate, AMessageWaitsForTheCommitOfTheMovesBeforeIt) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));
  server::CommitGate gate(store, later());
  std::vector<std::string> told;
  gate.pass([&] { told.push_back("welcome"); });  // nothing written since the gate began: at once
  EXPECT_EQ(told, std::vector<std::string>{"welcome"});
  EXPECT_TRUE(later_.empty());

  store.add_move("AAAA", 1, 0, "a0");
  int in_file_when_told = -1;
  gate.pass([&] {
    told.push_back("move 0");
    in_file_when_told = moves_in_file("AAAA");
  });
  store.add_move("AAAA", 1, 1, "a1");
  gate.pass([&] { told.push_back("move 1"); });
  EXPECT_EQ(told.size(), 1u) << "told of a move the file does not hold";
  EXPECT_EQ(gate.held(), 2u);
  ASSERT_EQ(later_.size(), 1u) << "one commit asked for, however many wait";
  EXPECT_EQ(moves_in_file("AAAA"), 0);

  run_later();
  EXPECT_EQ(told, (std::vector<std::string>{"welcome", "move 0", "move 1"}));
  EXPECT_EQ(in_file_when_told, 2) << "both moves committed together, before the first was told";
  EXPECT_EQ(gate.held(), 0u);
  EXPECT_TRUE(later_.empty());
}

// A message that tells of nothing new still waits behind those held before it: a connection's
// messages keep their order.
TEST_F(Gate, MessagesKeepTheirOrder) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));
  server::CommitGate gate(store, later());
  std::vector<int> told;
  store.add_move("AAAA", 1, 0, "a0");
  gate.pass([&] { told.push_back(1); });
  gate.pass([&] { told.push_back(2); });
  EXPECT_TRUE(told.empty());
  run_later();
  EXPECT_EQ(told, (std::vector<int>{1, 2}));
  gate.pass([&] { told.push_back(3); });
  EXPECT_EQ(told, (std::vector<int>{1, 2, 3})) << "nothing held and nothing written: at once";
}

// Writes made while a commit is asked for but not yet run are covered by it; those made after
// it ask for another.
TEST_F(Gate, WritesAfterTheCommitWaitForTheNext) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));
  std::vector<std::function<void()>> queue;
  server::CommitGate gate(store, [&](std::function<void()> f) { queue.push_back(std::move(f)); });
  std::vector<std::string> told;
  store.add_move("AAAA", 1, 0, "a0");
  gate.pass([&] {
    told.push_back("move 0");
    // Played while the first commit's messages go out: held for a second commit.
    store.add_move("AAAA", 1, 1, "a1");
  });
  ASSERT_EQ(queue.size(), 1u);
  auto first = std::move(queue.front());
  queue.clear();
  first();
  gate.pass([&] { told.push_back("move 1"); });
  EXPECT_EQ(told, std::vector<std::string>{"move 0"});
  ASSERT_EQ(queue.size(), 1u);
  EXPECT_EQ(moves_in_file("AAAA"), 1);
  auto second = std::move(queue.front());
  queue.clear();
  second();
  EXPECT_EQ(told, (std::vector<std::string>{"move 0", "move 1"}));
  EXPECT_EQ(moves_in_file("AAAA"), 2);
}

// The server stopped: what its store held is committed, and later writes are committed as made
// (a store outlives the server in tests, and another server may open the file next).
TEST_F(Gate, AGateGoneLeavesNothingHeld) {
  server::SqliteStore store(path());
  store.add_table(table("AAAA"));
  {
    server::CommitGate gate(store, later());
    store.add_move("AAAA", 1, 0, "a0");
    gate.pass([] {});
    EXPECT_EQ(moves_in_file("AAAA"), 0);
  }
  EXPECT_EQ(moves_in_file("AAAA"), 1);
  store.add_move("AAAA", 1, 1, "a1");
  EXPECT_EQ(moves_in_file("AAAA"), 2);
}

// A store that cannot commit: the commit throws (the server stops) and nothing held is told.
class FailingCommits final : public server::Store {
 public:
  std::uint64_t writes = 0;
  void add_table(const StoredTable&) override {}
  void put_seat(const std::string&, const server::StoredSeat&) override {}
  void add_game(const std::string&, const StoredGame&) override {}
  void commit_game(const std::string&, int, const std::string&) override {}
  void start_game(const std::string&, int, const std::string&, const std::string&) override {}
  void add_move(const std::string&, int, std::size_t, const std::string&) override { ++writes; }
  void add_chat(const std::string&, const server::StoredChat&) override {}
  void finish_game(const std::string&, int) override {}
  void set_abandoned(const std::string&, bool) override {}
  std::vector<StoredTable> load_live() const override { return {}; }
  std::optional<StoredTable> load_table(const std::string&) const override { return std::nullopt; }
  bool has_table(const std::string&) const override { return false; }
  void hold_commits(bool) override {}
  std::uint64_t written() const override { return writes; }
  std::uint64_t settle() override {
    if (writes > 0) throw server::StoreError("the disk is full");
    return 0;
  }
};

TEST_F(Gate, ACommitThatFailsTellsNothing) {
  FailingCommits store;
  server::CommitGate gate(store, later());
  store.add_move("AAAA", 1, 0, "a0");
  bool told = false;
  gate.pass([&] { told = true; });
  ASSERT_EQ(later_.size(), 1u);
  EXPECT_THROW(later_.front()(), server::StoreError);
  EXPECT_FALSE(told);
  EXPECT_EQ(gate.held(), 1u);
}

// A store that does not hold its commits (PostgreSQL's: each write is committed as it is made)
// lets every message by at once.
TEST(GateOnAStoreThatCommitsEachWrite, LetsEveryMessageBy) {
  struct Plain final : public server::Store {
    void add_table(const StoredTable&) override {}
    void put_seat(const std::string&, const server::StoredSeat&) override {}
    void add_game(const std::string&, const StoredGame&) override {}
    void commit_game(const std::string&, int, const std::string&) override {}
    void start_game(const std::string&, int, const std::string&, const std::string&) override {}
    void add_move(const std::string&, int, std::size_t, const std::string&) override {}
    void add_chat(const std::string&, const server::StoredChat&) override {}
    void finish_game(const std::string&, int) override {}
    void set_abandoned(const std::string&, bool) override {}
    std::vector<StoredTable> load_live() const override { return {}; }
    std::optional<StoredTable> load_table(const std::string&) const override { return std::nullopt; }
    bool has_table(const std::string&) const override { return false; }
  } store;
  int asked = 0;
  server::CommitGate gate(store, [&](std::function<void()>) { ++asked; });
  int told = 0;
  store.add_move("AAAA", 1, 0, "a0");
  gate.pass([&] { ++told; });
  EXPECT_EQ(told, 1);
  EXPECT_EQ(asked, 0);
}

}  // namespace
}  // namespace inbetween
