#include "core/json_reader.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>

namespace puzzlelab {

namespace {

// Removes the start of `text` up to and including `end` when it starts with `start`.
void drop_through(std::string& text, std::string_view start, std::string_view end) {
  const size_t at = text.find(end);
  if (text.rfind(start, 0) == 0 && at != std::string::npos) text.erase(0, at + end.size());
}

// Builds the value in one pass and, when the syntax breaks, learns where
// and why (Json::parse with exceptions off just says "discarded"). One pass
// through one parser: each wasm module links nlohmann's parser for this
// handler alone (issue 46).
//
// Not nlohmann's own tree builder: an ordered_json object finds a key by
// looking at every key before it, so an object of n keys took n^2/2 string
// compares to build (50,000 keys, 6 s; a million, hours). Here an open
// object of many keys keeps their hashes, so a key is found or added in
// constant time.
// A repeated key keeps its first place and takes its last value, as
// nlohmann's builder does.
class TreeBuilder : public Json::json_sax_t {
 public:
  explicit TreeBuilder(Json& result) : root_(result) {}

  bool null() override { return add(nullptr); }
  bool boolean(bool value) override { return add(value); }
  bool number_integer(number_integer_t value) override { return add(value); }
  bool number_unsigned(number_unsigned_t value) override { return add(value); }
  bool number_float(number_float_t value, const string_t&) override { return add(value); }
  bool string(string_t& value) override { return add(std::move(value)); }
  bool binary(binary_t& value) override { return add(Json::binary(std::move(value))); }
  bool start_object(std::size_t) override { return open(Json::object()); }
  bool key(string_t& name) override;
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& error) override {
    position_ = position;
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax
    // error while parsing value - invalid literal; last read: 'tru,'": the
    // position is given separately, so keep the reason only.
    why_ = error.what();
    drop_through(why_, "[json.exception.", "] ");
    drop_through(why_, "parse error", ": ");
    return false;
  }

  ParseError error(std::string_view text) const {
    const std::string_view read = text.substr(0, std::min(position_, text.size()));
    const size_t line_start = read.rfind('\n');
    const int line = 1 + static_cast<int>(std::count(read.begin(), read.end(), '\n'));
    const size_t column =
        line_start == std::string_view::npos ? read.size() : read.size() - line_start - 1;
    return puzzlelab::parse_error(line, static_cast<int>(std::max<size_t>(column, 1)),
                                  "not valid JSON: " + why_);
  }

 private:
  using Entries = Json::object_t::Container;  // an object's keys and values, in order
  // Past this many keys an object's keys are found by hash, not one by one.
  static constexpr size_t kKeysToIndex = 8;
  // The keys' hashes of an open object of many keys (their places in it).
  struct KeyIndex {
    size_t depth;  // the object's place in open_
    std::unordered_multimap<size_t, size_t> places;
  };

  // Puts a value where the text has it: the root, the end of the open
  // array, or the open object's last key. Returns where it went.
  Json* place(Json&& value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    if (open_.back()->is_array()) {
      auto& array = *open_.back()->get_ptr<Json::array_t*>();
      array.push_back(std::move(value));
      return &array.back();
    }
    *element_ = std::move(value);
    return element_;
  }
  bool add(Json&& value) {
    place(std::move(value));
    return true;
  }
  bool open(Json&& empty) {
    open_.push_back(place(std::move(empty)));
    return true;
  }
  bool close() {
    if (open_index()) indexes_.pop_back();
    open_.pop_back();
    return true;
  }
  // The innermost open object's key index, if it has one.
  KeyIndex* open_index() {
    return !indexes_.empty() && indexes_.back().depth == open_.size() ? &indexes_.back() : nullptr;
  }
  std::optional<size_t> find_key(const Entries& entries, const std::string& name);

  Json& root_;
  std::vector<Json*> open_;  // the arrays and objects still open, innermost last
  std::vector<KeyIndex> indexes_;
  Json* element_ = nullptr;  // where the open object's last key's value goes
  size_t position_ = 0;
  std::string why_ = "unknown syntax error";
};

// Where `name` is in the innermost open object: one by one while it is
// small, by hash once it has many keys (indexing them then).
std::optional<size_t> TreeBuilder::find_key(const Entries& entries, const std::string& name) {
  KeyIndex* index = open_index();
  if (!index && entries.size() < kKeysToIndex) {
    for (size_t i = 0; i < entries.size(); ++i)
      if (entries[i].first == name) return i;
    return std::nullopt;
  }
  if (!index) {
    index = &indexes_.emplace_back(KeyIndex{open_.size(), {}});
    for (size_t i = 0; i < entries.size(); ++i)
      index->places.emplace(std::hash<std::string>{}(entries[i].first), i);
  }
  const auto [first, last] = index->places.equal_range(std::hash<std::string>{}(name));
  for (auto at = first; at != last; ++at)
    if (entries[at->second].first == name) return at->second;
  return std::nullopt;
}

bool TreeBuilder::key(string_t& name) {
  Entries& entries = *open_.back()->get_ptr<Json::object_t*>();
  if (const auto found = find_key(entries, name)) {
    element_ = &entries[*found].second;
    return true;
  }
  if (KeyIndex* index = open_index())
    index->places.emplace(std::hash<std::string>{}(name), entries.size());
  entries.emplace_back(std::move(name), nullptr);
  element_ = &entries.back().second;
  return true;
}

// A short picture of a value for an error message.
std::string describe(const Json& value) {
  if (value.is_object()) return "an object";
  if (value.is_array()) return "an array";
  std::string text = dump_json(value);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

bool fits_int64(const Json& value) {
  return value.is_number_integer() &&
         (!value.is_number_unsigned() ||
          value.get<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()));
}

bool fits_int(const Json& value) {
  if (!fits_int64(value)) return false;
  const int64_t number = value.get<int64_t>();
  return number >= std::numeric_limits<int>::min() && number <= std::numeric_limits<int>::max();
}

}  // namespace

Parsed<Json> parse_json(std::string_view text) {
  Json json;
  TreeBuilder builder(json);
  if (Json::sax_parse(text.begin(), text.end(), &builder)) return json;
  return builder.error(text);
}

FieldReader::FieldReader(const Json& object, std::string what, std::optional<ParseError>& error)
    : object_(object), what_(std::move(what)), error_(error) {}

void FieldReader::fail(std::string_view key, std::string_view expected, const Json& got) {
  if (error_) return;
  error_ = parse_error(0, 0,
                       what_ + "." + std::string(key) + ": expected " + std::string(expected) +
                           ", got " + describe(got));
}

const Json* FieldReader::find(const char* key, Need need) {
  if (error_) return nullptr;
  const auto found = object_.find(key);
  if (found != object_.end()) return &*found;
  if (need == Need::required) error_ = parse_error(0, 0, what_ + ": missing field '" + key + "'");
  return nullptr;
}

void FieldReader::text(const char* key, std::string& out, Need need) {
  const Json* value = find(key, need);
  if (!value) return;
  if (!value->is_string()) return fail(key, "a string", *value);
  out = value->get_ref<const std::string&>();
}

template <class T, class Fits>
void FieldReader::scalar(const char* key, T& out, Fits fits, const char* expected) {
  const Json* value = find(key, Need::optional);
  if (!value) return;
  if (!fits(*value)) return fail(key, expected, *value);
  out = value->get<T>();
}

void FieldReader::count(const char* key, uint64_t& out) {
  scalar(key, out, std::mem_fn(&Json::is_number_unsigned), "a whole number >= 0");
}

void FieldReader::integer(const char* key, int64_t& out) {
  scalar(key, out, fits_int64, "a whole number (64-bit)");
}

void FieldReader::number(const char* key, double& out) {
  scalar(key, out, std::mem_fn(&Json::is_number), "a number");
}

void FieldReader::flag(const char* key, bool& out) {
  scalar(key, out, std::mem_fn(&Json::is_boolean), "true or false");
}

void FieldReader::texts(const char* key, std::vector<std::string>& out) {
  const Json* value = find(key, Need::optional);
  if (!value) return;
  const bool all_strings =
      value->is_array() &&
      std::all_of(value->begin(), value->end(), [](const Json& item) { return item.is_string(); });
  if (!all_strings) return fail(key, "an array of strings", *value);
  out.clear();
  out.reserve(value->size());  // at once: no doubling on a long list
  for (const Json& item : *value) out.push_back(item.get_ref<const std::string&>());
}

void FieldReader::ints(const char* key, std::vector<int>& out) {
  const Json* value = find(key, Need::optional);
  if (!value) return;
  const bool all_ints = value->is_array() && std::all_of(value->begin(), value->end(), fits_int);
  if (!all_ints) return fail(key, "an array of whole numbers (32-bit)", *value);
  out.clear();
  out.reserve(value->size());
  for (const Json& item : *value) out.push_back(item.get<int>());
}

void FieldReader::integers(const char* key, std::vector<int64_t>& out) {
  const Json* value = find(key, Need::optional);
  if (!value) return;
  if (!value->is_array() || !std::all_of(value->begin(), value->end(), fits_int64))
    return fail(key, "an array of whole numbers", *value);
  out.clear();
  out.reserve(value->size());
  for (const Json& item : *value) out.push_back(item.get<int64_t>());
}

void FieldReader::text_pairs(const char* key,
                             std::vector<std::pair<std::string, std::string>>& out) {
  const Json* value = find(key, Need::optional);
  if (!value) return;
  const bool all_strings =
      value->is_object() &&
      std::all_of(value->begin(), value->end(), [](const Json& item) { return item.is_string(); });
  if (!all_strings) return fail(key, "an object of strings", *value);
  out.clear();
  for (const auto& [name, item] : value->items())
    out.emplace_back(name, item.get_ref<const std::string&>());
}

std::optional<FieldReader> FieldReader::object(const char* key, Need need) {
  const Json* value = find(key, need);
  if (!value || (value->is_null() && need == Need::optional)) return std::nullopt;
  if (!value->is_object()) {
    fail(key, "an object", *value);
    return std::nullopt;
  }
  return FieldReader(*value, what_ + "." + key, error_);
}

const Json* FieldReader::find_array(const char* key) {
  const Json* value = find(key, Need::optional);
  if (!value) return nullptr;
  if (value->is_array()) return value;
  fail(key, "an array", *value);
  return nullptr;
}

std::optional<FieldReader> FieldReader::element_reader(const char* key, const Json& element,
                                                       size_t index) {
  const std::string name = std::string(key) + "[" + std::to_string(index) + "]";
  if (!element.is_object()) {
    fail(name, "an object", element);
    return std::nullopt;
  }
  return FieldReader(element, what_ + "." + name, error_);
}

namespace {

constexpr SolveStatus kStatuses[] = {SolveStatus::solved,          SolveStatus::unsolvable,
                                     SolveStatus::budget_exceeded, SolveStatus::cancelled,
                                     SolveStatus::ambiguous,       SolveStatus::invalid};

void read_status(FieldReader& fields, SolveStatus& out) {
  std::string name;
  fields.text("status", name, FieldReader::Need::required);
  if (fields.failed()) return;
  std::string expected;
  for (const SolveStatus status : kStatuses) {
    if (to_string(status) == name) {
      out = status;
      return;
    }
    expected += (expected.empty() ? "" : ", ") + std::string(to_string(status));
  }
  fields.fail("status", "one of " + expected, Json(name));
}

}  // namespace

void read_search_stats(FieldReader& fields, SearchStats& stats) {
  auto object = fields.object("stats");
  if (!object) return;
  object->count("expanded", stats.expanded);
  object->count("generated", stats.generated);
  object->count("peakStored", stats.peak_stored);
  object->count("peakBytes", stats.peak_bytes);
  object->number("ms", stats.elapsed_ms);
  object->text("layeredBy", stats.layered_by);
  object->objects("layers", [&](FieldReader& layer) {
    LayerCount count;
    layer.integer("layer", count.layer);
    count.last = count.layer;
    layer.integer("last", count.last);
    layer.count("expanded", count.expanded);
    stats.layers.push_back(count);
  });
}

void read_solve_result(FieldReader& fields, SolveResult& result) {
  read_status(fields, result.status);
  fields.integer("cost", result.cost);
  fields.flag("optimal", result.optimal);
  std::vector<std::string> moves;
  std::vector<int64_t> costs;
  fields.texts("moves", moves);
  fields.integers("moveCosts", costs);
  if (!costs.empty() && costs.size() != moves.size() && !fields.failed()) {
    fields.fail("moveCosts", "one cost per move (" + std::to_string(moves.size()) + ")",
                Json(costs.size()));
    return;
  }
  result.moves.clear();
  for (size_t i = 0; i < moves.size(); ++i)
    result.moves.push_back({std::move(moves[i]), costs.empty() ? 1 : costs[i]});
  read_search_stats(fields, result.stats);
  fields.text("answer", result.answer);
  fields.text("message", result.message);
  fields.text_pairs("extras", result.extras);
}

void read_hint(FieldReader& fields, Hint& hint) {
  read_status(fields, hint.status);
  fields.text("technique", hint.technique, FieldReader::Need::required);
  fields.text("explanation", hint.explanation);
  fields.texts("moves", hint.moves);
  fields.ints("cells", hint.cells);
  fields.ints("relatedCells", hint.related_cells);
}

}  // namespace puzzlelab
