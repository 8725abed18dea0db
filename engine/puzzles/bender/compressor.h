// Turns a walk into a short program `main;f1;...;f9` by simulated annealing
// over the function bodies. For a given set of functions the best main is
// exact: a shortest path over the walk's states where a token (a letter or a
// call) links state i to the walk state it really ends in, simulated with the
// game's rules, so calls that bump into walls, wander off the walk and come
// back, or recurse forever until Bender reaches Fry ("1;DR1") all count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/clock.h"
#include "puzzles/bender/map.h"
#include "puzzles/bender/simulator.h"
#include "search/search_monitor.h"

namespace puzzlelab::bender {

inline constexpr int kMaxFunctions = 9;

// States that lie on shortest walks to Fry, with their letter moves: one
// walk, or every shortest walk at once (a DAG), so that main may follow
// whichever shortest walk its functions fit best.
struct StateGraph {
  struct Node {
    int bender = 0;
    uint64_t fields = 0;
    std::vector<uint16_t> balls;              // sorted
    int remaining = 0;                        // moves left to Fry; 0 at Fry
    std::array<int, 4> next{-1, -1, -1, -1};  // by direction, towards Fry
    uint8_t blocked = 0;                      // bit d: a move in direction d is a bump
  };
  std::vector<Node> nodes;  // nodes[0] is the start
  std::string walk;         // one shortest walk through it
};

StateGraph graph_of_walk(const Map& map, const std::string& walk);
// A walk played by hand (bumps and detours included) as a graph for the
// compressor: its moves that change something, up to Fry. nullopt, and the
// referee's verdict in `why`, when it does not win as a program.
std::optional<StateGraph> graph_of_hand_walk(const Map& map, std::string_view walk,
                                             std::string* why = nullptr);
// Bit d set when a move in direction d is a bump from this state.
uint8_t blocked_directions(const Map& map, const World& world);

class Compressor {
 public:
  Compressor(const Map& map, StateGraph graph, uint64_t seed);
  // The same start on another seed (no greedy start computed again): one
  // more anneal for a portfolio.
  Compressor(const Compressor& other, uint64_t seed) : Compressor(other) { rng_.seed(seed); }

  // Every time below is on `clock` (core/clock.h: Bender's budget clock,
  // or a test's), in ms; the anneal reads it every 64 changes it tries.
  //
  // Anneals until `deadline_ms` or until the monitor stops; the best
  // program found is verified by the simulator and never longer than the
  // walk. Progress reports the best length, counting `best_elsewhere`
  // (other graphs).
  void run(search::SearchMonitor& monitor, const Clock& clock, double deadline_ms,
           int best_elsewhere);
  // One part of an anneal whose schedule spans `total_ms` of this
  // compressor's own time (what its earlier parts used counts): runs until
  // `stop_ms` or the schedule's end.
  void run_part(search::SearchMonitor& monitor, const Clock& clock, double total_ms, double stop_ms,
                int best_elsewhere);
  // One slice of a longer anneal (run() is a single slice; a caller may
  // spread one over several): the temperature follows the schedule from
  // `begin` to `end`, and the slice stops at `stop`.
  void run_slice(search::SearchMonitor& monitor, const Clock& clock, double begin, double end,
                 double stop, int best_elsewhere);

  const std::string& best_program() const { return best_program_; }
  int best_length() const { return static_cast<int>(best_program_.size()); }
  const std::string& walk() const { return graph_.walk; }
  size_t states() const { return graph_.nodes.size(); }

 private:
  struct Edge {
    int32_t end = -1;  // node reached, kGoal (Fry), or -1 none
    int16_t steps = 0;
  };
  struct Frame {
    int8_t function;
    uint8_t position;
    int32_t entry = -1;  // the node it was called at (simulate), or -2 - its cell (wander)
  };
  struct Path {
    int tokens = 0;
    int steps = 0;
    int8_t token = 0;  // 1..9 a call, -1-d the letter of direction d
  };

  // Where a call of `function` from `node` ends: the node it returns at
  // (maybe `node` itself), kGoal when it runs into Fry, or none. Calls to
  // functions that cannot recurse take their callee's edge (already
  // computed) instead of running its body again.
  Edge simulate(int function, int node);
  Edge wander(int node, int direction, int depth, int steps, int cap);
  uint32_t recursive_functions() const;  // bit f: f can call itself
  void recompute(int function);
  // Recomputes the functions in `functions` (bits), callees first.
  void recompute_all(uint32_t functions);
  int evaluate();                            // program length for the current bodies; fills paths_
  int follow(int node, int8_t token) const;  // where a token leads
  std::string main_tokens() const;
  std::string build_program() const;
  uint32_t affected(int function) const;  // bit f: f or a function calling it
  void mutate(int function);
  void extract_call(int function);
  void inline_call(int function);

  const Map& map_;
  StateGraph graph_;
  int goal_;                // index of the virtual goal (= node count)
  int depth_;               // moves of a shortest walk
  std::vector<int> order_;  // nodes by moves left, nearest Fry first
  std::array<std::string, kMaxFunctions + 1> bodies_;
  // Per function and node: the call's end (simulate); main uses the calls
  // that move somewhere, edges_, and calls inside bodies also those that
  // end where they start (only bumps), returns_.
  std::array<std::vector<Edge>, kMaxFunctions + 1> edges_;
  std::array<std::vector<Edge>, kMaxFunctions + 1> returns_;
  std::vector<Path> paths_;
  // What a rejected change restores.
  std::array<std::vector<Edge>, kMaxFunctions + 1> saved_edges_, saved_returns_;
  std::vector<Path> saved_paths_;
  std::mt19937_64 rng_;
  std::string best_program_;
  uint32_t recursive_ = 0;
  double spent_ms_ = 0;  // by run_part
  World world_;          // for wander(); no balls between runs
  std::array<Frame, kLastArrival + 2> stack_;
  // simulate's calls still running, by (function, entry node): stamp_ marks
  // the current walk's. A second call of a function at the node of one still
  // running repeats it forever without reaching Fry.
  std::vector<uint32_t> running_;
  uint32_t stamp_ = 0;
  // The same for wander's calls, by (function, cell): the fields and the
  // pushes made so far (no push between: the balls are where they were).
  struct WanderMark {
    uint32_t stamp = 0;
    uint32_t pushes = 0;
    uint64_t fields = 0;
  };
  std::vector<WanderMark> wander_marks_;
  uint32_t wander_stamp_ = 0;
  Simulator simulator_;
};

}  // namespace puzzlelab::bender
