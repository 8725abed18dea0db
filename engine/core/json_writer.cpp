#include "core/json_writer.h"

#include <cmath>

namespace puzzlelab {

std::string dump_json(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

double round_millis(double value) {
  return std::round(value * 1000) / 1000;
}

Json stats_json(const SearchStats& stats) {
  Json json = {{"expanded", stats.expanded},
               {"generated", stats.generated},
               {"peakStored", stats.peak_stored},
               {"ms", round_millis(stats.elapsed_ms)}};
  if (stats.peak_bytes > 0) json["peakBytes"] = stats.peak_bytes;  // searches that count it
  add_layers_json(json, stats);
  return json;
}

void add_layers_json(Json& object, const SearchStats& stats) {
  if (stats.layered_by.empty()) return;
  object["layeredBy"] = stats.layered_by;
  Json& layers = object["layers"] = Json::array();
  for (const LayerCount& count : stats.layers) {
    Json layer = {{"layer", count.layer}, {"expanded", count.expanded}};
    if (count.last != count.layer) layer["last"] = count.last;  // merged layers
    layers.push_back(std::move(layer));
  }
}

Json solve_result_json(const SolveResult& result) {
  Json json = {{"solved", result.status == SolveStatus::solved},
               {"cost", result.cost},
               {"optimal", result.optimal}};
  Json& moves = json["moves"] = Json::array();
  Json costs = Json::array();
  bool all_one = true;
  for (const Move& move : result.moves) {
    moves.push_back(move.text);
    costs.push_back(move.cost);
    all_one = all_one && move.cost == 1;
  }
  if (!all_one) json["moveCosts"] = std::move(costs);
  json["stats"] = stats_json(result.stats);
  json["status"] = std::string(to_string(result.status));
  if (!result.answer.empty()) json["answer"] = result.answer;
  if (!result.message.empty()) json["message"] = result.message;
  if (!result.extras.empty()) {
    Json& extras = json["extras"] = Json::object();
    for (const auto& [name, value] : result.extras) extras[name] = value;
  }
  return json;
}

Json hint_json(const Hint& hint) {
  return {{"status", to_string(hint.status)},
          {"technique", hint.technique},
          {"explanation", hint.explanation},
          {"moves", hint.moves},
          {"cells", hint.cells},
          {"relatedCells", hint.related_cells}};
}

std::string json_quote(std::string_view text) {
  return dump_json(Json(std::string(text)));
}

JsonWriter& JsonWriter::key(std::string_view name) {
  key_ = name;
  return *this;
}

JsonWriter& JsonWriter::value(double number) {
  return std::isfinite(number) ? add(round_millis(number)) : add(nullptr);
}

Json* JsonWriter::place(Json value) {
  text_.clear();
  if (open_.empty()) {
    root_ = std::move(value);
    return &root_;
  }
  Json& container = *open_.back();
  if (container.is_object()) return &(container[key_] = std::move(value));
  container.push_back(std::move(value));
  return &container.back();
}

JsonWriter& JsonWriter::add(Json value) {
  place(std::move(value));
  return *this;
}

JsonWriter& JsonWriter::open(Json container) {
  open_.push_back(place(std::move(container)));
  return *this;
}

JsonWriter& JsonWriter::close() {
  if (!open_.empty()) open_.pop_back();
  return *this;
}

const std::string& JsonWriter::str() const {
  if (text_.empty()) text_ = dump_json(root_);
  return text_;
}

Json compare_row_json(const CompareRow& row) {
  const bool solved = row.status == CompareStatus::solved;
  return {{"algorithm", row.algorithm},
          {"label", row.label},
          {"metric", row.metric},
          {"unit", row.unit},
          {"cost", solved ? Json(row.cost) : Json(nullptr)},
          {"optimal", row.optimal},
          {"expanded", row.stats.expanded},
          {"stored", row.stats.peak_stored},
          {"peakBytes", row.peak_measured ? Json(row.peak_bytes) : Json(nullptr)},
          {"ms", round_millis(row.ms)},
          {"status", to_string(row.status)}};
}

}  // namespace puzzlelab
