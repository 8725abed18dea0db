// A tiny JSON writer for machine-readable output (CLI --json, the page's
// window.puzzleLab). Writes compact JSON; the caller gives the structure.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlelab {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(bool flag);
  JsonWriter& value(int64_t number);
  JsonWriter& value(uint64_t number);
  JsonWriter& value(int number) { return value(int64_t{number}); }
  JsonWriter& value(double number);
  JsonWriter& null();
  JsonWriter& string_array(const std::vector<std::string>& items);

  const std::string& str() const { return out_; }

 private:
  void separate();
  std::string out_;
  bool need_comma_ = false;
};

std::string json_quote(std::string_view text);

}  // namespace puzzlelab
