#include "puzzles/bender/walk_search.h"

#include <algorithm>
#include <array>
#include <random>
#include <unordered_map>
#include <vector>

#include "puzzles/bender/simulator.h"

namespace puzzlelab::bender {

namespace {

// States are rows of 16-bit words in one arena: Bender, the field mask (4
// words), then the ball cells sorted.
class StateStore {
 public:
  explicit StateStore(int words) : words_(words), slots_(1 << 12, 0) {}

  static constexpr uint32_t kNotImproved = 0xffffffff;

  size_t size() const { return parent_.size(); }
  int depth(uint32_t index) const { return depth_[index]; }
  size_t bytes() const {
    return arena_.capacity() * 2 + slots_.capacity() * 4 + parent_.capacity() * 7;
  }
  const uint16_t* row(uint32_t index) const { return &arena_[size_t(index) * words_]; }
  uint32_t parent(uint32_t index) const { return parent_[index]; }
  char letter(uint32_t index) const { return letter_[index]; }

  // Adds the state, or gives it a shorter route; its index, or kNotImproved.
  uint32_t insert(const uint16_t* key, uint32_t parent, char letter, int depth) {
    if ((parent_.size() + 1) * 2 > slots_.size()) grow();
    const size_t slot = find_slot(key);
    if (slots_[slot] != 0) {
      const uint32_t index = slots_[slot] - 1;
      if (depth_[index] <= depth) return kNotImproved;
      depth_[index] = static_cast<uint16_t>(depth);
      parent_[index] = parent;
      letter_[index] = letter;
      return index;
    }
    slots_[slot] = static_cast<uint32_t>(parent_.size() + 1);
    arena_.insert(arena_.end(), key, key + words_);
    parent_.push_back(parent);
    letter_.push_back(letter);
    depth_.push_back(static_cast<uint16_t>(depth));
    return static_cast<uint32_t>(parent_.size() - 1);
  }

 private:
  uint64_t hash(const uint16_t* key) const {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < words_; ++i) h = (h ^ key[i]) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
  }
  size_t find_slot(const uint16_t* key) const {
    const size_t mask = slots_.size() - 1;
    size_t slot = hash(key) & mask;
    while (slots_[slot] != 0 && !std::equal(key, key + words_, row(slots_[slot] - 1))) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }
  void grow() {
    std::vector<uint32_t> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, 0);
    for (uint32_t entry : old) {
      if (entry != 0) slots_[find_slot(row(entry - 1))] = entry;
    }
  }

  int words_;
  std::vector<uint16_t> arena_;
  std::vector<uint32_t> slots_;  // index + 1, 0 = empty
  std::vector<uint32_t> parent_;
  std::vector<char> letter_;
  std::vector<uint16_t> depth_;
};

constexpr int kHeaderWords = 5;

void encode(const World& world, const std::vector<uint16_t>& balls, std::vector<uint16_t>& key) {
  key[0] = static_cast<uint16_t>(world.bender);
  for (int i = 0; i < 4; ++i) key[1 + i] = static_cast<uint16_t>(world.fields_on >> (16 * i));
  std::copy(balls.begin(), balls.end(), key.begin() + kHeaderWords);
  std::sort(key.begin() + kHeaderWords, key.end());
}

// Moves to Fry on the bare maze (no balls, no fields): a lower bound that
// never overestimates, since balls and fields only take moves away.
std::vector<uint16_t> distances_to_target(const Map& map) {
  constexpr uint16_t kFar = 0xffff;
  std::vector<uint16_t> distance(map.cell_count(), kFar);
  std::vector<int> queue = {map.target};
  distance[map.target] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const int cell = queue[head];
    for (int direction = 0; direction < 4; ++direction) {
      const int next = cell + map.step(direction);
      if (map.wall[next] || distance[next] != kFar) continue;
      distance[next] = static_cast<uint16_t>(distance[cell] + 1);
      queue.push_back(next);
    }
  }
  return distance;
}

// The deadline, read every 1024 expansions (the clock costs a system call).
bool out_of_time(const search::SearchMonitor& monitor, const Deadline& deadline) {
  return (monitor.stats().expanded & 1023) == 0 && deadline.passed();
}

}  // namespace

// A* with that bound, in buckets by f = g + h; the newest state of a bucket
// first (deepest), so ties run straight to Fry.
WalkResult shortest_walk(const Map& map, search::SearchMonitor& monitor, uint64_t seed, bool pushes,
                         int bound, const Deadline& deadline) {
  const int words = kHeaderWords + static_cast<int>(map.balls.size());
  const std::vector<uint16_t> estimate = distances_to_target(map);
  WalkResult result;
  if (estimate[map.bender] == 0xffff) {
    result.status = WalkStatus::unreachable;
    return result;
  }
  StateStore store(words);
  World world;
  world.load(map);
  std::fill(world.ball.begin(), world.ball.end(), 0);  // set per state below
  std::vector<uint16_t> key(words), balls(map.balls);
  encode(world, balls, key);
  store.insert(key.data(), 0, 0, 0);
  std::vector<std::vector<uint32_t>> buckets(estimate[map.bender] + 1);
  buckets.back().push_back(0);
  std::mt19937_64 rng(seed);
  std::array<int, 4> order = {0, 1, 2, 3};
  for (size_t f = estimate[map.bender]; f < buckets.size(); ++f) {
    while (!buckets[f].empty()) {
      const uint32_t next = buckets[f].back();
      buckets[f].pop_back();
      const int g = store.depth(next);
      const uint16_t* row = store.row(next);
      if (g + estimate[row[0]] != static_cast<int>(f)) continue;  // stale: reached cheaper since
      if (row[0] == map.target) {
        result.status = WalkStatus::found;
        for (uint32_t index = next; index != 0; index = store.parent(index)) {
          result.walk += store.letter(index);
        }
        std::reverse(result.walk.begin(), result.walk.end());
        return result;
      }
      if (!monitor.on_expand() || out_of_time(monitor, deadline)) return result;
      if (!monitor.on_stored(store.size(), store.bytes())) return result;
      std::shuffle(order.begin(), order.end(), rng);
      for (int direction : order) {
        row = store.row(next);  // the arena may have moved
        world.bender = row[0];
        world.fields_on = 0;
        for (int i = 0; i < 4; ++i) world.fields_on |= uint64_t{row[1 + i]} << (16 * i);
        balls.assign(row + kHeaderWords, row + words);
        for (uint16_t cell : balls) world.ball[cell] = 1;
        const int from = world.bender;
        const Moved moved = move(map, world, direction);
        if (moved == Moved::pushed) {
          const int delta = map.step(direction);
          *std::find(balls.begin(), balls.end(), static_cast<uint16_t>(from + delta)) =
              static_cast<uint16_t>(from + 2 * delta);
        }
        const bool alive = !map.kills(world.bender, world.fields_on) && !world.ball[map.target];
        for (uint16_t cell : balls) world.ball[cell] = 0;
        if (moved == Moved::blocked || !alive || g + 1 > kLastArrival) continue;
        if (moved == Moved::pushed && !pushes) continue;
        monitor.on_generated();
        encode(world, balls, key);
        const size_t child_f = g + 1 + estimate[world.bender];
        if (static_cast<int>(child_f) > bound) continue;
        const uint32_t child = store.insert(key.data(), next, kDirectionLetters[direction], g + 1);
        if (child == StateStore::kNotImproved) continue;
        if (child_f >= buckets.size()) buckets.resize(child_f + 1);
        buckets[child_f].push_back(child);
      }
    }
  }
  result.status = WalkStatus::unreachable;
  return result;
}

std::optional<StateGraph> shortest_walks_graph(const Map& map, search::SearchMonitor& monitor,
                                               size_t max_nodes, int length,
                                               const Deadline& deadline) {
  const std::vector<uint16_t> estimate = distances_to_target(map);
  constexpr int kCellBits = 13;
  if (map.switches.size() > 48 || map.cell_count() >= (1 << kCellBits)) return std::nullopt;
  auto key_of = [](int bender, uint64_t fields) { return fields << kCellBits | uint64_t(bender); };
  World world;
  world.load(map);
  // The moves of a state that stay alive: child key by direction (0 = none).
  auto children = [&](uint64_t key, std::array<uint64_t, 4>& out) {
    for (int d = 0; d < 4; ++d) {
      world.bender = static_cast<int>(key & ((1u << kCellBits) - 1));
      world.fields_on = key >> kCellBits;
      out[d] = 0;
      if (world.ball[world.bender + map.step(d)]) continue;  // balls stay put here
      if (move(map, world, d) == Moved::blocked) continue;
      if (map.kills(world.bender, world.fields_on) || world.ball[map.target]) continue;
      out[d] = key_of(world.bender, world.fields_on) + 1;
    }
  };
  std::vector<std::vector<uint64_t>> layers = {{key_of(map.bender, map.fields_on)}};
  // Seen states: a flat bitmap over (fields, cell) when it is small enough.
  const uint64_t flat_size = (uint64_t{1} << map.switches.size()) << kCellBits;
  const bool flat = map.switches.size() <= 12;
  std::vector<uint8_t> seen_flat(flat ? flat_size / 8 : 0, 0);
  std::unordered_map<uint64_t, int> seen_map;
  size_t seen_count = 0;
  auto first_visit = [&](uint64_t key) {
    if (flat) {
      uint8_t& byte = seen_flat[key >> 3];
      const uint8_t bit = static_cast<uint8_t>(1u << (key & 7));
      if (byte & bit) return false;
      byte |= bit;
    } else if (!seen_map.emplace(key, 0).second) {
      return false;
    }
    ++seen_count;
    return true;
  };
  first_visit(layers[0][0]);
  std::array<uint64_t, 4> next{};
  bool reached = map.bender == map.target;
  while (!reached && !layers.back().empty() && layers.size() <= kLastArrival) {
    std::vector<uint64_t> layer;
    for (uint64_t key : layers.back()) {
      if (!monitor.on_expand() || out_of_time(monitor, deadline)) return std::nullopt;
      children(key, next);
      for (uint64_t child : next) {
        // Only states from which Fry is still reachable within `length`.
        if (child == 0 ||
            static_cast<int>(layers.size()) + estimate[(child - 1) & ((1u << kCellBits) - 1)] >
                length) {
          continue;
        }
        if (!first_visit(child - 1)) continue;
        layer.push_back(child - 1);
        reached = reached || static_cast<int>((child - 1) & ((1u << kCellBits) - 1)) == map.target;
      }
    }
    if (!monitor.on_stored(seen_count, seen_flat.size() + seen_map.size() * 48 + seen_count * 8)) {
      return std::nullopt;
    }
    layers.push_back(std::move(layer));
  }
  if (!reached) return std::nullopt;
  // Backwards: the states with a move into a marked state of the next layer.
  const int last = static_cast<int>(layers.size()) - 1;
  std::unordered_map<uint64_t, int> node_of;
  std::vector<std::vector<uint64_t>> kept(layers.size());
  for (uint64_t key : layers[last]) {
    if (static_cast<int>(key & ((1u << kCellBits) - 1)) == map.target) kept[last].push_back(key);
  }
  size_t total = kept[last].size();
  for (int d = last - 1; d >= 0; --d) {
    // The next layer's kept states, marked in the (now free) seen bitmap.
    std::unordered_map<uint64_t, bool> marked;
    if (flat) {
      if (d == last - 1) std::fill(seen_flat.begin(), seen_flat.end(), 0);
      if (d + 2 <= last) {  // unmark the layer before
        for (uint64_t key : kept[d + 2]) seen_flat[key >> 3] = 0;
      }
      for (uint64_t key : kept[d + 1]) seen_flat[key >> 3] |= static_cast<uint8_t>(1u << (key & 7));
    } else {
      for (uint64_t key : kept[d + 1]) marked[key] = true;
    }
    auto is_marked = [&](uint64_t key) {
      return flat ? (seen_flat[key >> 3] >> (key & 7)) & 1 : marked.count(key) > 0;
    };
    for (uint64_t key : layers[d]) {
      if (!monitor.on_expand() || out_of_time(monitor, deadline)) return std::nullopt;
      children(key, next);
      for (uint64_t child : next) {
        if (child != 0 && is_marked(child - 1)) {
          kept[d].push_back(key);
          break;
        }
      }
    }
    total += kept[d].size();
    if (total > max_nodes) return std::nullopt;
  }
  StateGraph graph;
  for (int d = 0; d <= last; ++d) {
    for (uint64_t key : kept[d]) {
      node_of[key] = static_cast<int>(graph.nodes.size());
      StateGraph::Node node;
      node.bender = static_cast<int>(key & ((1u << kCellBits) - 1));
      node.fields = key >> kCellBits;
      node.balls = map.balls;
      node.remaining = last - d;
      world.bender = node.bender;
      world.fields_on = node.fields;
      node.blocked = blocked_directions(map, world);
      graph.nodes.push_back(node);
    }
  }
  for (StateGraph::Node& node : graph.nodes) {
    if (node.remaining == 0) continue;
    children(key_of(node.bender, node.fields), next);
    for (int d = 0; d < 4; ++d) {
      if (next[d] == 0) continue;
      const auto found = node_of.find(next[d] - 1);
      if (found != node_of.end() && graph.nodes[found->second].remaining == node.remaining - 1) {
        node.next[d] = found->second;
      }
    }
  }
  for (int k = 0; graph.nodes[k].remaining > 0;) {
    for (int d = 0; d < 4; ++d) {
      if (graph.nodes[k].next[d] >= 0) {
        graph.walk += kDirectionLetters[d];
        k = graph.nodes[k].next[d];
        break;
      }
    }
  }
  return graph;
}

}  // namespace puzzlelab::bender
