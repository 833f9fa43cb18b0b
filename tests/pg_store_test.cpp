// The PostgreSQL store's own promises beyond the contract (tests/store_test.cpp): leases that
// fence every write, so two servers that both believe they play a table can never both append;
// a database that goes away for a moment refuses writes and comes back by itself; a schema from
// a newer server is refused untouched.
#include <gtest/gtest.h>

#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "server/pg_store.h"
#include "support/test_postgres.h"

namespace inbetween {
namespace {

using server::PgStore;
using server::StoredGame;
using server::StoredTable;

class PgStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    uri_ = testing_support::postgres_database(std::string(info->test_suite_name()) + "." + info->name() + "." +
                                              std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public");  // a rerun starts empty
  }
  void sql(const std::string& statement) {
    pqxx::connection c(uri_);
    pqxx::nontransaction w(c);
    w.exec(statement);
  }
  std::unique_ptr<PgStore> node(const std::string& name) { return std::make_unique<PgStore>(uri_, name); }
  static StoredTable table(const std::string& code) {
    return {code, "hoyle", "", "{}", 2, 60, {{0, "Ann", "", "hashA"}}, {StoredGame{1, 42, "c1", {}, {}, {}}}, false, ""};
  }
  std::string uri_;
};

// A paused server's lease lapses, another takes the table over (a new term); when the first one
// wakes and goes on writing, every write is refused and the log stays one line of history.
TEST_F(PgStoreTest, AServerThatLostItsLeaseCannotAppend) {
  auto a = node("a");
  auto b = node("b");
  a->add_table(table("TWIN"));
  a->add_move("TWIN", 1, 0, "a0");
  EXPECT_FALSE(b->take_lease("TWIN"));  // a holds it
  EXPECT_THROW(b->add_move("TWIN", 1, 1, "b1"), server::LeaseLost);
  sql("UPDATE leases SET expires = clock_timestamp() - interval '1 second'");  // a paused past its lease
  EXPECT_TRUE(b->take_lease("TWIN"));
  EXPECT_THROW(a->add_move("TWIN", 1, 1, "a1"), server::LeaseLost);
  EXPECT_THROW(a->put_seat("TWIN", {1, "Bob", "", "hashB"}), server::LeaseLost);
  EXPECT_THROW(a->finish_game("TWIN", 1), server::LeaseLost);
  b->add_move("TWIN", 1, 1, "b1");
  EXPECT_EQ(b->load_table("TWIN")->games[0].moves, (std::vector<std::string>{"a0", "b1"}));
  EXPECT_FALSE(b->load_table("TWIN")->games[0].over);
  // a learns it at its next renewal, and cannot take the table back while b holds it.
  EXPECT_EQ(a->renew_leases(), (std::vector<std::string>{"TWIN"}));
  EXPECT_FALSE(a->take_lease("TWIN"));
  EXPECT_TRUE(b->renew_leases().empty());
}

// The same move twice by two servers (one taking over while the other still has it in flight)
// is stored once: the position in the game is part of the key.
TEST_F(PgStoreTest, AMoveAtAPositionTakenIsRefused) {
  auto a = node("a");
  a->add_table(table("ONCE"));
  a->add_move("ONCE", 1, 0, "a0");
  EXPECT_THROW(a->add_move("ONCE", 1, 0, "again"), server::StoreError);
  EXPECT_EQ(a->load_table("ONCE")->games[0].moves.size(), 1u);
}

// A lease given back (a table let go of, a clean stop) is taken at once by another server.
TEST_F(PgStoreTest, ALeaseGivenBackIsTakenAtOnce) {
  auto a = node("a");
  auto b = node("b");
  a->add_table(table("FREE"));
  a->add_table(table("MORE"));
  a->release_lease("FREE");
  EXPECT_TRUE(b->take_lease("FREE"));
  EXPECT_FALSE(b->take_lease("MORE"));
  a.reset();  // a stops cleanly: every lease it held is given back
  EXPECT_TRUE(b->take_lease("MORE"));
  b->add_move("MORE", 1, 0, "b0");
}

// Every connection cut by the database (a restart, a failover): the next write is refused as
// unavailable and changes nothing; the one after reconnects and is stored.
TEST_F(PgStoreTest, ADatabaseThatGoesAwayForAMomentRefusesThenResumes) {
  auto a = node("a");
  a->add_table(table("BLIP"));
  a->add_move("BLIP", 1, 0, "m0");
  sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
  EXPECT_THROW(a->add_move("BLIP", 1, 1, "m1"), server::StoreUnavailable);
  a->add_move("BLIP", 1, 1, "m1");
  EXPECT_EQ(a->load_table("BLIP")->games[0].moves, (std::vector<std::string>{"m0", "m1"}));
}

TEST_F(PgStoreTest, ANewerSchemaIsRefusedUntouched) {
  node("a")->add_table(table("KEEP"));
  sql("UPDATE inbetween_schema SET version = 99");
  try {
    node("b");
    FAIL() << "a newer schema was opened";
  } catch (const server::StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("version 99"), std::string::npos) << e.what();
  }
  sql(fmt::format("UPDATE inbetween_schema SET version = {}", PgStore::kSchemaVersion));  // back to this server's
  EXPECT_TRUE(node("c")->has_table("KEEP"));
}

// A database of schema 1 (before chat was kept) is migrated by the next server: its tables stay,
// and their chat is kept from then on.
TEST_F(PgStoreTest, ASchema1DatabaseIsMigratedAndKeepsChatFromThen) {
  auto a = node("a");
  a->add_table(table("OLD1"));
  a->add_move("OLD1", 1, 0, "m0");
  sql("DROP TABLE chat; UPDATE inbetween_schema SET version = 1");
  auto b = node("b");
  pqxx::connection c(uri_);
  pqxx::nontransaction w(c);
  EXPECT_EQ(w.exec("SELECT version FROM inbetween_schema")[0][0].as<int>(), PgStore::kSchemaVersion);
  auto t = b->load_table("OLD1");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->games[0].moves, (std::vector<std::string>{"m0"}));
  EXPECT_TRUE(t->chat.empty());
  a->add_chat("OLD1", {1, "Ann", "hello"});
  EXPECT_EQ(b->load_table("OLD1")->chat.size(), 1u);
  // Chat is fenced by the lease like every write: b does not play the table.
  EXPECT_THROW(b->add_chat("OLD1", {2, "Bob", "mine"}), server::LeaseLost);
}

TEST_F(PgStoreTest, ADatabaseThatCannotBeReachedIsAClearError) {
  try {
    PgStore("postgresql://postgres@127.0.0.1:1/none", "a");
    FAIL() << "opened a database that is not there";
  } catch (const server::StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open the store"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace inbetween
