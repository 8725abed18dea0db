// Reading JSON that another part of the program wrote (the solver worker's
// messages) without trusting it: nlohmann::json parses without exceptions
// (the wasm build does not catch them), and every field is checked for its
// type before it is read, so a malformed message becomes a ParseError that
// names the field and what was expected, never a throw or a crash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_writer.h"
#include "core/parse_result.h"

namespace puzzlelab {

// The JSON value in `text`, or an error naming the line and column where the
// syntax breaks and what the parser expected there.
Parsed<Json> parse_json(std::string_view text);

// Reads the fields of one JSON object into C++ values. An absent field keeps
// the value it had unless it is required. The first field that is missing or
// of the wrong type is kept as the error (shared with nested readers); after
// it, reads do nothing.
class FieldReader {
 public:
  enum class Need { optional, required };

  // `what` names the object in errors ("reply.result").
  FieldReader(const Json& object, std::string what, std::optional<ParseError>& error);

  void text(const char* key, std::string& out, Need need = Need::optional);
  void count(const char* key, uint64_t& out);  // a whole number >= 0
  void integer(const char* key, int64_t& out);
  void number(const char* key, double& out);
  void flag(const char* key, bool& out);
  void texts(const char* key, std::vector<std::string>& out);
  void ints(const char* key, std::vector<int>& out);
  void integers(const char* key, std::vector<int64_t>& out);  // 64-bit
  // An object whose values are all strings, as (name, value) pairs in order.
  void text_pairs(const char* key, std::vector<std::pair<std::string, std::string>>& out);
  // A reader for the object under `key`, or nullopt when it is absent or null
  // (an error if required) or after an error.
  std::optional<FieldReader> object(const char* key, Need need = Need::optional);
  // Calls visit(FieldReader&) for each element of the array under `key`,
  // each of which must be an object; an absent array is empty.
  template <class Visit>
  void objects(const char* key, Visit&& visit) {
    const Json* array = find_array(key);
    for (size_t i = 0; array && i < array->size() && !failed(); ++i) {
      std::optional<FieldReader> element = element_reader(key, (*array)[i], i);
      if (element) visit(*element);
    }
  }

  bool failed() const { return error_.has_value(); }
  // Records an error about `key` (a value out of its set, say).
  void fail(std::string_view key, std::string_view expected, const Json& got);

 private:
  const Json* find(const char* key, Need need);
  // Reads a value that fits(value) accepts, or fails saying what was expected.
  template <class T, class Fits>
  void scalar(const char* key, T& out, Fits fits, const char* expected);
  const Json* find_array(const char* key);
  std::optional<FieldReader> element_reader(const char* key, const Json& element, size_t index);

  const Json& object_;
  std::string what_;
  std::optional<ParseError>& error_;
};

// The readers of core/json_writer.h's forms: each reads what the writer of
// the same name writes (solve_result_json, stats_json, hint_json), so that a
// value written and read back is equal to what was written (a time to the
// microsecond, as stats_json rounds it).
void read_solve_result(FieldReader& fields, SolveResult& result);
// The stats object under "stats" (absent: left as they are).
void read_search_stats(FieldReader& fields, SearchStats& stats);
void read_hint(FieldReader& fields, Hint& hint);

}  // namespace puzzlelab
