// The hash-set store of the breadth-first search: every state reached, in
// breadth-first order with its parent, a set of their keys, and the planes
// of the layer being expanded and the one being reached.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/bitboard_model.h"
#include "puzzles/rushhour/flat_array.h"
#include "puzzles/rushhour/key_set.h"

namespace puzzlelab::rushhour::fast {

// A child waiting to be inserted, its slot being fetched.
template <int KW>
struct Pending {
  Key<KW> key;
  size_t slot;
  // The move, and the moved piece's masks (Model::moved). No byte fields:
  // stores of bytes may alias anything and keep GCC from holding values in
  // registers across them.
  uint32_t move, from, to;
};

// States reached so far in breadth-first order (the order is the queue), each
// with the number of the state it was reached from. The planes (Model::Planes)
// are kept only for the layer being expanded and the one being reached: a
// search needs them only to expand a state.
template <int KW, int BW>
struct Frontier {
  using PlanesT = typename Model<KW, BW>::Planes;
  struct State {
    Key<KW> key;
    uint32_t parent;
    uint32_t last_move;  // Model::last_move() of the move that reached it
  };
  FlatArray<State> states;
  KeySet<KW> seen;
  FlatArray<PlanesT> layer_planes;  // states [layer_start, next layer's start)
  FlatArray<PlanesT> next_planes;   // states from the next layer's start on
  uint32_t layer_start = 0;
  std::vector<Pending<KW>> batch = std::vector<Pending<KW>>(kMaxChildren);  // one expansion's

  static constexpr uint32_t kNoParent = UINT32_MAX;

  // Empty, its memory kept for the next search.
  void reset() {
    states.clear();
    seen.clear();
    layer_planes.clear();
    next_planes.clear();
    layer_start = 0;
  }

  // A state of the first layer (a start or a solved position).
  bool add(const Model<KW, BW>& model, const Key<KW>& key) {
    if (!seen.insert(key)) return false;
    states.push_back(State{key, kNoParent, kNoMove});
    layer_planes.push_back(model.planes_of(key));
    return true;
  }
  // The layer reached so far becomes the one expanded; `start` is its first state.
  void next_layer(uint32_t start) {
    std::swap(layer_planes, next_planes);
    next_planes.clear();
    layer_start = start;
  }
  const PlanesT& planes(uint32_t i) const { return layer_planes[i - layer_start]; }
  const Key<KW>& key(uint32_t i) const { return states[i].key; }
  uint32_t size() const { return static_cast<uint32_t>(states.size()); }
  bool full() const { return states.size() >= kNoParent - 1; }
  size_t bytes() const {
    return states.capacity() * sizeof(State) + seen.bytes() +
           (layer_planes.capacity() + next_planes.capacity()) * sizeof(PlanesT);
  }
};

}  // namespace puzzlelab::rushhour::fast
