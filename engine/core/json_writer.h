// JSON for machine-readable output (CLI --json, the page's window.puzzleLab,
// the worker protocol), built with nlohmann::json. Keys keep the order they
// were added in and are spelt in camelCase, as everywhere in the page API.
// A solve's result, its stats and a hint have one form each, written here
// and read back by core/json_reader.h (read_solve_result and the like).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/compare.h"
#include "core/puzzle.h"

namespace puzzlelab {

using Json = nlohmann::ordered_json;

// Compact text. Bytes that are not UTF-8 (a malformed board echoed back)
// become U+FFFD instead of throwing.
std::string dump_json(const Json& json);
// Milliseconds and other figures to three decimals, as people read them.
double round_millis(double value);

// The one form of a solve's result (`puzzlelab solve --json`, the worker's
// replies, the page's result): {"solved":true,"cost":60,"optimal":true,
// "moves":["A+1",...],"stats":{...},"status":"solved"}, then "moveCosts"
// ([..], one per move) when a move costs other than 1, "answer" and
// "message" when not empty, and "extras" ({"guesses":"12",...}: the
// puzzle's figures as text, in order) when there are any.
Json solve_result_json(const SolveResult& result);
// {"expanded":..,"generated":..,"peakStored":..,"ms":..}, "peakBytes" for a
// search that counts its tables' bytes (SearchStats::peak_bytes), and for a layered
// search "layeredBy":"depth","layers":[{"layer":0,"expanded":1},...] ("last"
// too on an entry that merges layers `layer` to `last`).
Json stats_json(const SearchStats& stats);
// Adds stats_json's "layeredBy" and "layers" to `object`, for a layered
// search only.
void add_layers_json(Json& object, const SearchStats& stats);
// One row of a comparison, the same for `compare --json` and the page:
// {"algorithm","label","metric","unit","cost","optimal","expanded","stored",
// "peakBytes","ms","status"} (cost null unless solved, peakBytes null when
// not measured); each caller adds its own keys after these.
Json compare_row_json(const CompareRow& row);
// {"status":..,"technique":..,"explanation":..,"moves":[..],"cells":[..],"relatedCells":[..]}
Json hint_json(const Hint& hint);

// A streaming builder over Json for code that writes its structure as it
// goes (the page state, the views' state): str() is the compact text.
class JsonWriter {
 public:
  JsonWriter& begin_object() { return open(Json::object()); }
  JsonWriter& end_object() { return close(); }
  JsonWriter& begin_array() { return open(Json::array()); }
  JsonWriter& end_array() { return close(); }
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view text) { return add(std::string(text)); }
  JsonWriter& value(const char* text) { return add(std::string(text)); }
  JsonWriter& value(bool flag) { return add(flag); }
  JsonWriter& value(int64_t number) { return add(number); }
  JsonWriter& value(uint64_t number) { return add(number); }
  JsonWriter& value(int number) { return add(int64_t{number}); }
  JsonWriter& value(double number);
  JsonWriter& null() { return add(nullptr); }
  JsonWriter& string_array(const std::vector<std::string>& items) { return add(items); }
  // A value built whole (stats_json, hint_json): one form of each result type.
  JsonWriter& json(Json value) { return add(std::move(value)); }

  const std::string& str() const;

 private:
  JsonWriter& add(Json value);
  JsonWriter& open(Json container);
  JsonWriter& close();
  Json* place(Json value);

  Json root_;
  std::vector<Json*> open_;  // containers not yet closed, innermost last
  std::string key_;          // the key the next value in an object goes under
  mutable std::string text_;
};

std::string json_quote(std::string_view text);

}  // namespace puzzlelab
