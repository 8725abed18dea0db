// The sorted-layers store of the breadth-first search: every layer kept as
// a sorted run of keys, no parent links; a window of the last layers tells
// which children are new.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/bitboard_model.h"
#include "puzzles/rushhour/flat_array.h"
#include "puzzles/rushhour/layer_window.h"
#include "puzzles/rushhour/sorted_keys.h"

namespace puzzlelab::rushhour::fast {

// The same search without parent links: moves (slides and steps) are
// reversible, so the neighbours of layer k lie in layers k - 1, k and k + 1,
// and layer k + 1 is layer k's children not in layers k - 1 and k. A small
// hash set of those three layers alone (LayerWindow) sorts the children out
// as they come. Every layer is kept as a sorted run of keys (no parent
// links, no planes: a state's planes are rebuilt when it is expanded), and
// the path is found backwards, a neighbour in the layer before at a time.
// Sorted, a layer's neighbouring states share many children: their probes
// find the window's slots still in cache. Each state reached keeps the move
// that first reached it (its tag, Model::last_move) until it is expanded, so
// that for_each_child skips the moves that commute with it, as in solve_bfs.
template <int KW>
struct SortedLayers {
  struct Run {
    Key<KW>* keys = nullptr;
    size_t size = 0;
  };
  // A key with its tag in word 0 (sorting from word 1 on sorts by key).
  using Tagged = Key<KW + 1>;
  static Tagged tagged(const Key<KW>& key, uint32_t tag) {
    Tagged t;
    t.words[0] = tag;
    for (int i = 0; i < KW; ++i) t.words[i + 1] = key.words[i];
    return t;
  }
  static Key<KW> key_of(const Tagged& t) {
    Key<KW> key;
    for (int i = 0; i < KW; ++i) key.words[i] = t.words[i + 1];
    return key;
  }

  std::vector<Run> runs;      // the closed layers, in arena_
  FlatArray<uint32_t> tags;   // the last closed layer's tags, by key order
  FlatArray<Tagged> next;     // the layer being reached
  FlatArray<Tagged> scratch;  // the radix sort's
  // Children of the layer being expanded, gathered until kProbeBatch of
  // them are probed together (flush_children).
  FlatArray<Tagged> children;
  LayerWindow<KW> window;  // the keys of layers d - 1, d and d + 1 so far
  std::vector<size_t> homes = std::vector<size_t>(kProbeBatch + kMaxChildren);
  size_t stored = 0;  // states in the closed layers

  // Children probed at once: their slots are fetched together.
  static constexpr size_t kProbeBatch = 512;

  // Empty (the closed layers' memory is returned; the buffers are kept).
  void reset() {
    runs.clear();
    arena_.clear();
    arena_left_ = 0;
    arena_bytes_ = 0;
    next.clear();
    children.clear();
    window.reset(1);
    stored = 0;
  }
  size_t layers() const { return runs.size(); }
  const Key<KW>* layer(size_t d) const { return runs[d].keys; }
  size_t layer_size(size_t d) const { return d < runs.size() ? runs[d].size : 0; }
  size_t states() const { return stored + next.size(); }
  size_t bytes() const {
    return arena_bytes_ +
           (next.capacity() + scratch.capacity() + children.capacity()) * sizeof(Tagged) +
           tags.capacity() * sizeof(uint32_t) + runs.capacity() * sizeof(Run) + window.bytes() +
           homes.size() * sizeof(size_t);
  }
  // The first layer: one state.
  void start(const Key<KW>& key) {
    window.make_room(1);
    window.insert_at(window.home(key), key);
    next.push_back(tagged(key, kNoMove));
    close_layer();
  }
  // Moves the batch of children not in the window to the layer being reached.
  PUZZLELAB_HOT void flush_children() {
    const size_t count = children.size();
    window.make_room(count);
    const Tagged* batch = children.data();
    uint64_t fetched = 0;
    for (size_t i = 0; i < count; ++i) {
      homes[i] = window.home(key_of(batch[i]));
      fetched ^= window.fetch(homes[i]);
    }
    fetched_ ^= fetched;  // keeps WebAssembly's reads (LayerWindow::fetch)
    for (size_t i = 0; i < count; ++i) {
      if (window.insert_at(homes[i], key_of(batch[i]))) next.push_back(batch[i]);
    }
    children.clear();
  }
  // Closes the layer being reached (sorted, into the arena) and sets the
  // window to the last two layers.
  void close_layer() {
    const size_t count = next.size();
    scratch.reserve(count);
    sort_keys(next.data(), count, scratch.data(), 1);  // by key: word 0 is the tag
    Run run{allocate_run(count), count};
    tags.clear();
    tags.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      run.keys[i] = key_of(next[i]);
      tags.push_back(static_cast<uint32_t>(next[i].words[0]));
    }
    runs.push_back(run);
    stored += count;
    next.clear();
    const size_t d = layers() - 1;
    window.reset((d > 0 ? layer_size(d - 1) : 0) + 2 * layer_size(d));
    for (size_t k = d > 0 ? d - 1 : d; k <= d; ++k) window.insert_run(layer(k), layer_size(k));
  }

 private:
  // Room for a run of `count` keys: closed layers are packed into blocks of
  // at least kArenaBlock bytes (few page faults, huge pages where offered).
  Key<KW>* allocate_run(size_t count) {
    if (count > arena_left_) {
      const size_t keys = std::max(count, kArenaBlock / sizeof(Key<KW>));
      arena_.emplace_back(static_cast<Key<KW>*>(allocate_flat(keys * sizeof(Key<KW>))));
      arena_bytes_ += keys * sizeof(Key<KW>);
      arena_next_ = arena_.back().get();
      arena_left_ = keys;
    }
    Key<KW>* run = arena_next_;
    arena_next_ += count;
    arena_left_ -= count;
    return run;
  }
  static constexpr size_t kArenaBlock = size_t{16} << 20;
  uint64_t fetched_ = 0;
  std::vector<std::unique_ptr<Key<KW>[], FreeFlat>> arena_;
  Key<KW>* arena_next_ = nullptr;
  size_t arena_left_ = 0;
  size_t arena_bytes_ = 0;
};

}  // namespace puzzlelab::rushhour::fast
