// What to open at start: from the page's URL hash
// (#puzzle=rushhour&board=...&solve=1&embed=1, or
// #puzzle=sudoku&difficulty=hard&seed=12345 for a generated puzzle) or the
// native command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace puzzlelab::shell {

struct LaunchOptions {
  std::string puzzle;                // PuzzleInfo::id; "" = the first puzzle
  std::optional<std::string> board;  // the board text; none = the first bundled one
  // Generate a new puzzle (when there is no board): PuzzleInfo::difficulties
  // name ("" = the first) and seed (none = a random one).
  std::string difficulty;
  std::optional<uint64_t> seed;
  std::string algorithm;  // "" = the puzzle's default
  std::string metric;     // "" = the puzzle's default
  bool solve = false;     // start solving at once
  bool embed = false;     // compact view for embedding in a blog post
  bool rules = false;     // open the How to play card at once (an embed never does by itself)
  // Moves to play after the board opens (moves=A+1,B-2: the position a
  // shared or reloaded link was at).
  std::vector<std::string> moves;
  // Which of those moves were a solution being shown, not the player's
  // (shown=9-60: moves 9 to 60, counted from 1; see GameRecord): "" = none.
  std::string shown;
  // Keys this list does not know, in order: a puzzle's text option
  // (Amphipod's unfold=1, see PuzzleHooks::text_options) or a mistake.
  std::vector<std::pair<std::string, std::string>> others;
};

// "1", "true" or "" (a bare key) switch an option on.
bool is_true(std::string_view value);

// Reads "#key=value&key=value" (the '#' is optional, values URL-encoded).
// Keys it does not know go to LaunchOptions::others.
LaunchOptions parse_hash(std::string_view hash);

// "#puzzle=<id>&board=<encoded board>" for sharing the current board.
std::string make_hash(std::string_view puzzle, std::string_view board);
// "#puzzle=<id>&difficulty=<name>&seed=<n>" for sharing a generated puzzle.
std::string make_generate_hash(std::string_view puzzle, std::string_view difficulty, uint64_t seed);
// "&moves=A%2B1,B-2": each move URL-encoded (so a comma in a move is
// %2C), joined by commas; "" for no moves.
std::string moves_hash_part(const std::vector<std::string>& moves);
// Whether two sets of options open the same puzzle (same board, or the same
// difficulty and seed), whatever else (solve, embed...) they ask for.
bool same_puzzle(const LaunchOptions& a, const LaunchOptions& b);
// A decimal seed ("12345"); nullopt for anything else.
std::optional<uint64_t> parse_seed(std::string_view text);

std::string url_decode(std::string_view text);
std::string url_encode(std::string_view text);

}  // namespace puzzlelab::shell
