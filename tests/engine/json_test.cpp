// JSON output (core/json_writer.h): the streaming builder, solve results and
// hints as the CLI prints them, read back with nlohmann's parser and with
// their own readers (core/json_reader.h): every puzzle's result and hint
// written and read back is what was written.
#include <catch2/catch.hpp>

#include <functional>
#include <limits>
#include <optional>

#include "core/clock.h"
#include "core/json_reader.h"
#include "core/json_writer.h"
#include "puzzles/puzzle_list.h"
#include "support/puzzle_examples.h"

using namespace puzzlelab;

TEST_CASE("JsonWriter builds nested objects and arrays in order", "[json]") {
  JsonWriter json;
  json.begin_object();
  json.key("b").begin_array().value(1).value("x\n\"y\"").null().end_array();
  json.key("a").begin_object().key("ok").value(true).key("ms").value(1.23456).end_object();
  json.key("names").string_array({"p", "q"});
  json.key("inf").value(std::numeric_limits<double>::infinity());
  json.end_object();
  CHECK(json.str() ==
        R"({"b":[1,"x\n\"y\"",null],"a":{"ok":true,"ms":1.235},"names":["p","q"],"inf":null})");
  const Json back = Json::parse(json.str());
  CHECK(back["b"][1] == "x\n\"y\"");
}

TEST_CASE("JSON text never throws on bytes that are not UTF-8", "[json]") {
  CHECK(dump_json(Json(std::string("a\xff"))) == "\"a\xEF\xBF\xBD\"");
  CHECK(json_quote("tab\there") == R"("tab\there")");
}

TEST_CASE("Solve results and hints as JSON", "[json]") {
  SolveResult result;
  result.status = SolveStatus::solved;
  result.cost = 3;
  result.optimal = true;
  result.moves = {{"A+1", 1}, {"B-2", 2}};
  result.stats.expanded = 10;
  result.stats.elapsed_ms = 2.5;
  result.answer = "A+1 B-2";
  result.extras = {{"guesses", "4"}, {"note", "4 ways"}};
  const std::string text = dump_json(solve_result_json(result));
  CHECK(text.rfind(R"({"solved":true,"cost":3,"optimal":true,"moves":["A+1","B-2"],)", 0) == 0);
  const Json back = Json::parse(text);
  CHECK(back["stats"]["expanded"] == 10);
  CHECK(back["stats"]["ms"] == 2.5);
  CHECK(back["status"] == "solved");
  CHECK(back["answer"] == "A+1 B-2");
  CHECK(back["moveCosts"] == Json::array({1, 2}));  // a move costs other than 1
  CHECK(back["extras"] == Json::parse(R"({"guesses":"4","note":"4 ways"})"));
  CHECK_FALSE(back.contains("message"));
  result.moves = {{"A+1", 1}};  // every move costs 1: no list of costs
  result.extras.clear();
  const Json plain = solve_result_json(result);
  CHECK_FALSE(plain.contains("moveCosts"));
  CHECK_FALSE(plain.contains("extras"));

  Hint hint;
  hint.technique = "Naked single";
  hint.moves = {"r1c1=5"};
  hint.cells = {0};
  const Json h = Json::parse(dump_json(hint_json(hint)));
  CHECK(h["status"] == "solved");
  CHECK(h["technique"] == "Naked single");
  CHECK(h["moves"] == Json::array({"r1c1=5"}));
  CHECK(h["cells"] == Json::array({0}));
  CHECK(h["relatedCells"].empty());
}

namespace {

// `value` written in its one form and read back by its reader.
template <class T, class Write, class Read>
T round_trip(const T& value, Write write, Read read) {
  const auto json = parse_json(dump_json(write(value)));
  REQUIRE(json.ok());
  T back{};
  std::optional<ParseError> error;
  FieldReader fields(json.value(), "value", error);
  read(fields, back);
  INFO((error ? error->describe() : ""));
  REQUIRE_FALSE(error);
  return back;
}

}  // namespace

TEST_CASE("Every puzzle's result and hint read back from their one JSON form as they were",
          "[json]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    const auto boards = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id);
    REQUIRE(!boards.empty());
    auto game = info->parse(boards.front());
    REQUIRE(game.ok());
    // A clock 1 ms on at every reading: the times are whole (as they are
    // written, to the microsecond) and Bender's anytime search stops soon.
    ManualClock clock(0, 1);
    SolveOptions options;
    options.time_budget_ms = 200;
    options.clock = &clock;
    const SolveResult sent = game.value()->solve(options);
    INFO(info->id << ": " << dump_json(solve_result_json(sent)).substr(0, 300));
    CHECK(sent.status == SolveStatus::solved);
    const SolveResult back = round_trip(sent, solve_result_json, read_solve_result);
    CHECK(back.status == sent.status);
    CHECK(back.moves == sent.moves);  // their costs too (Amphipod's energy)
    CHECK(back.cost == sent.cost);
    CHECK(back.optimal == sent.optimal);
    CHECK(back.stats.expanded == sent.stats.expanded);
    CHECK(back.stats.generated == sent.stats.generated);
    CHECK(back.stats.peak_stored == sent.stats.peak_stored);
    CHECK(back.stats.peak_bytes == sent.stats.peak_bytes);
    CHECK(back.stats.elapsed_ms == sent.stats.elapsed_ms);
    CHECK(back.stats.layered_by == sent.stats.layered_by);
    CHECK(back.stats.layers == sent.stats.layers);
    CHECK(back.answer == sent.answer);
    CHECK(back.message == sent.message);
    CHECK(back.extras == sent.extras);  // in their order
    if (!info->has_hints) continue;
    const std::optional<Hint> hint = game.value()->hint(options);
    REQUIRE(hint);
    const Hint hint_back = round_trip(*hint, hint_json, read_hint);
    CHECK(hint_back.status == hint->status);
    CHECK(hint_back.technique == hint->technique);
    CHECK(hint_back.explanation == hint->explanation);
    CHECK(hint_back.moves == hint->moves);
    CHECK(hint_back.cells == hint->cells);
    CHECK(hint_back.related_cells == hint->related_cells);
  }
}

TEST_CASE("No key of a result's or a hint's JSON has an underscore", "[json]") {
  SolveResult result;
  result.status = SolveStatus::budget_exceeded;
  result.moves = {{"A+1", 7}};
  result.stats.peak_bytes = 5;
  result.stats.layered_by = "depth";
  result.stats.layers = {{0, 3, 9}};
  result.answer = "x";
  result.message = "y";
  result.extras = {{"guesses", "1"}};
  Hint hint;
  hint.related_cells = {1};
  CompareRow row;
  row.peak_measured = true;
  const std::function<void(const Json&)> no_underscore = [&](const Json& json) {
    if (json.is_array())
      for (const Json& item : json) no_underscore(item);
    if (!json.is_object()) return;
    for (const auto& [key, value] : json.items()) {
      INFO(key);
      CHECK(key.find('_') == std::string::npos);
      no_underscore(value);
    }
  };
  no_underscore(solve_result_json(result));
  no_underscore(hint_json(hint));
  no_underscore(compare_row_json(row));
  // The puzzles' own figures: each puzzle's extras, as its solve names them.
  for (const PuzzleInfo* info : all_puzzles()) {
    const auto boards = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id);
    auto game = info->parse(boards.front());
    REQUIRE(game.ok());
    ManualClock clock(0, 1);
    SolveOptions options;
    options.time_budget_ms = 50;
    options.clock = &clock;
    for (const auto& [name, value] : game.value()->solve(options).extras) {
      INFO(info->id << " " << name);
      CHECK(name.find_first_of("_ ") == std::string::npos);
    }
  }
}

namespace {

// An object of `keys` keys ("k0", "k1", ...), every seventh said again
// further on, their values nested objects and arrays of a few keys.
std::string object_of_many_keys(int keys) {
  std::string text = "{";
  for (int i = 0; i < keys; ++i) {
    const std::string name = "\"k" + std::to_string(i) + "\":";
    text += name + "{\"a\":" + std::to_string(i) + ",\"b\":[" + std::to_string(i) + ",{\"c\":1}]}";
    if (i % 7 == 0) text += ",\"k" + std::to_string(i / 2) + "\":" + std::to_string(-i);
    text += i + 1 < keys ? "," : "}";
  }
  return text;
}

}  // namespace

TEST_CASE("parse_json builds what nlohmann's parser builds: key order, repeated keys, big objects",
          "[json]") {
  const std::vector<std::string> texts = {
      R"({"b":1,"a":2,"b":3})",
      R"([{"x":1,"x":2},{"y":[{"z":1},{"z":2,"z":[3]}]},[],{}])",
      R"({"a":{"b":{"c":{}}},"a":[1,2],"d":null,"e":true,"f":1.5,"g":-3,"h":"\u00e9"})",
      object_of_many_keys(9),
      object_of_many_keys(40),
      object_of_many_keys(1000),
      "[" + object_of_many_keys(30) + "," + object_of_many_keys(3) + "]",
      R"({"outer":)" + object_of_many_keys(20) + R"(,"k1":2,"outer":0,"z":1})",
  };
  for (const std::string& text : texts) {
    INFO(text.substr(0, 120));
    const auto parsed = parse_json(text);
    REQUIRE(parsed);
    CHECK(parsed.value().dump() == Json::parse(text).dump());
  }
}
