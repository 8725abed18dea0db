#include "puzzles/rushhour/trace.h"

#include <string>

#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/rushhour.h"
#include "puzzles/rushhour/search_space.h"
#include "search/best_first.h"
#include "search/bfs.h"
#include "search/ida_star.h"
#include "search/solve_by_search.h"

namespace puzzlelab::rushhour {

namespace {

using Recorder = search::TraceRecorder<Positions, Slide>;

search::SearchOutcome<SearchSpace> run(std::string_view algorithm, const SearchSpace& space,
                                       const Positions& start, const SolveOptions& options,
                                       Recorder& recorder) {
  if (algorithm == "astar") return search::astar_search(space, start, options, &recorder);
  if (algorithm == "idastar") return search::ida_star_search(space, start, options, &recorder);
  if (algorithm == "dijkstra") return search::dijkstra_search(space, start, options, &recorder);
  return search::breadth_first_search(space, start, options, &recorder);
}

}  // namespace

SearchTrace trace(const Game& position, const SolveOptions& options, uint64_t limit) {
  SearchTrace result;
  const auto* game = dynamic_cast<const RushHourGame*>(&position);
  if (!game) {
    result.message = "not a Rush Hour position";
    return result;
  }
  const auto [algorithm, error] = search::choose_algorithm(game->info(), options.algorithm);
  if (!error.empty()) {
    result.message = error;
    return result;
  }
  result.algorithm = algorithm;
  result.metric = options.metric.empty() ? "moves" : options.metric;
  if (result.metric != "moves" && result.metric != "steps") {
    result.message = "unknown metric '" + result.metric + "': expected moves or steps";
    return result;
  }
  const Metric metric = result.metric == "steps" ? Metric::steps : Metric::moves;
  const Layout& layout = game->layout();
  // BFS counts one-cell steps as moves under the steps metric, as Solve's does.
  const SearchSpace space(layout, metric, metric == Metric::steps && algorithm == "bfs");
  Recorder recorder(limit);
  const auto outcome = run(algorithm, space, game->positions(), options, recorder);
  result.status = outcome.status;
  result.message = outcome.message;
  result.cost = outcome.cost;
  result.stats = outcome.stats;
  const auto board = [&](const Positions& p) {
    return game->golf_side() ? format_golf(layout, p, game->orientation())
                             : format_board(layout, p);
  };
  search::fill_trace(
      result, recorder, [&](const Positions& p) { return space.hash(p); }, board,
      [&](const Slide& s) { return game->move_text(s); });
  return result;
}

}  // namespace puzzlelab::rushhour
