// JSON output (core/json_writer.h): the streaming builder, solve results and
// hints as the CLI prints them, read back with nlohmann's parser.
#include <catch2/catch.hpp>

#include <limits>

#include "core/json_writer.h"

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
  CHECK(back["guesses"] == 4);  // numeric figures stay numbers
  CHECK(back["note"] == "4 ways");
  CHECK_FALSE(back.contains("message"));

  Hint hint;
  hint.technique = "Naked single";
  hint.moves = {"r1c1=5"};
  hint.cells = {0};
  const Json h = Json::parse(dump_json(hint_json(hint)));
  CHECK(h["status"] == "solved");
  CHECK(h["technique"] == "Naked single");
  CHECK(h["moves"] == Json::array({"r1c1=5"}));
  CHECK(h["cells"] == Json::array({0}));
  CHECK(h["related_cells"].empty());
}
