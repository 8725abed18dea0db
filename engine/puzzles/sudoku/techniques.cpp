#include "puzzles/sudoku/techniques.h"

#include <algorithm>

namespace puzzlelab::sudoku {
namespace {

// ---- Sets and combinations ---------------------------------------------------

constexpr int bit_count(unsigned bits) {
  return std::popcount(bits);
}

// Indices 0..8 of the set bits, lowest first.
std::vector<int> indices_of(unsigned bits) {
  std::vector<int> indices;
  for (int i = 0; i < 9; ++i) {
    if (bits & (1u << i)) indices.push_back(i);
  }
  return indices;
}

// All 9-bit masks with `size` bits set (size 0..4), in increasing order: the
// ways to choose `size` of nine things (cells of a house, digits, lines).
struct SubsetsOfNine {
  std::array<uint16_t, 126> masks{};  // 126 = C(9, 4), the most there are
  int count = 0;

  const uint16_t* begin() const { return masks.data(); }
  const uint16_t* end() const { return masks.data() + count; }
};

constexpr std::array<SubsetsOfNine, 5> make_subsets_of_nine() {
  std::array<SubsetsOfNine, 5> by_size{};
  for (unsigned mask = 0; mask < 512; ++mask) {
    const int size = bit_count(mask);
    if (size <= 4) by_size[size].masks[by_size[size].count++] = uint16_t(mask);
  }
  return by_size;
}

constexpr auto kSubsetsOfNine = make_subsets_of_nine();

// Whether every set bit of `part` is set in `whole`.
constexpr bool within(unsigned part, unsigned whole) {
  return (part & ~whole) == 0;
}

// Houses in the order people scan them for hidden singles: boxes first.
constexpr std::array<int, kHouseCount> kBoxesRowsColumns = {18, 19, 20, 21, 22, 23, 24, 25, 26,
                                                            0,  1,  2,  3,  4,  5,  6,  7,  8,
                                                            9,  10, 11, 12, 13, 14, 15, 16, 17};

// Empty cells holding `digit` that see every one of `anchors` (and are none of them).
std::vector<int> cells_seeing_all(const Grid& grid, int digit, const std::vector<int>& anchors) {
  std::vector<int> cells;
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (!grid.has_candidate(cell, digit)) continue;
    const bool sees_all =
        std::all_of(anchors.begin(), anchors.end(), [&](int anchor) { return sees(cell, anchor); });
    if (sees_all) cells.push_back(cell);
  }
  return cells;
}

std::vector<Candidate> eliminations_of(const Grid& grid, const std::vector<int>& cells,
                                       DigitMask digits) {
  std::vector<Candidate> eliminations;
  for (int cell : cells) {
    for (int digit : digits_in(grid.candidates(cell) & digits)) {
      eliminations.push_back({cell, digit});
    }
  }
  return eliminations;
}

// The two places `digit` has in `house`, when it has exactly two.
std::optional<std::pair<int, int>> conjugate_pair(const Grid& grid, int house, int digit) {
  const uint16_t where = grid.positions(house, digit);
  if (bit_count(where) != 2) return std::nullopt;
  const auto& cells = house_cells(house);
  const std::vector<int> at = indices_of(where);
  return std::pair{cells[at[0]], cells[at[1]]};
}

// Cells linked to `cell` by a conjugate pair on `digit` in one of its houses.
std::vector<int> strong_partners(const Grid& grid, int cell, int digit) {
  std::vector<int> partners;
  for (int house : houses_of(cell)) {
    const auto pair = conjugate_pair(grid, house, digit);
    if (!pair) continue;
    if (pair->first == cell) partners.push_back(pair->second);
    if (pair->second == cell) partners.push_back(pair->first);
  }
  return partners;
}

// ---- Text ------------------------------------------------------------------

// "a", "a and b", "a, b and c" (with `last` in place of " and").
std::string join_and(const std::vector<std::string>& parts, std::string_view last = " and ") {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += i + 1 == parts.size() ? std::string(last) : ", ";
    text += parts[i];
  }
  return text;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += separator;
    text += parts[i];
  }
  return text;
}

std::vector<std::string> names_of(const std::vector<int>& cells) {
  std::vector<std::string> names;
  for (int cell : cells) names.push_back(cell_name(cell));
  return names;
}

std::string cells_and(const std::vector<int>& cells) {
  return join_and(names_of(cells));
}
std::string cells_comma(const std::vector<int>& cells) {
  return join(names_of(cells), ", ");
}

std::string digits_joined(DigitMask digits, std::string_view last) {
  std::vector<std::string> parts;
  for (int digit : digits_in(digits)) parts.push_back(std::to_string(digit));
  return join_and(parts, last);
}

std::string digits_and(DigitMask digits) {
  return digits_joined(digits, " and ");
}
std::string digits_or(DigitMask digits) {
  return digits_joined(digits, " or ");
}

std::string braced(DigitMask digits) {
  std::string text = "{";
  for (int digit : digits_in(digits)) {
    if (text.size() > 1) text += ',';
    text += char('0' + digit);
  }
  return text + "}";
}

std::string cell_with_candidates(const Grid& grid, int cell) {
  return cell_name(cell) + " " + braced(grid.candidates(cell));
}

// "rows 2 and 7", "columns 1, 3 and 8" (line indices are 0-based).
std::string lines_text(HouseKind kind, const std::vector<int>& lines) {
  std::vector<std::string> numbers;
  for (int line : lines) numbers.push_back(std::to_string(line + 1));
  const std::string noun = kind == HouseKind::row ? "row" : "column";
  return noun + (lines.size() > 1 ? "s " : " ") + join_and(numbers);
}

// "4 from r5c3, r9c8" or "3 from r1c7; 8 from r1c7, r1c9": grouped by digit or
// by cell, whichever reads shorter.
std::string removal_text(const std::vector<Candidate>& eliminations) {
  std::vector<int> cells;
  DigitMask digits = 0;
  for (const Candidate& c : eliminations) {
    if (std::find(cells.begin(), cells.end(), c.cell) == cells.end()) cells.push_back(c.cell);
    digits |= digit_bit(c.digit);
  }
  std::vector<std::string> groups;
  if (digit_count(digits) <= int(cells.size())) {
    for (int digit : digits_in(digits)) {
      std::vector<int> where;
      for (const Candidate& c : eliminations) {
        if (c.digit == digit) where.push_back(c.cell);
      }
      groups.push_back(std::to_string(digit) + " from " + cells_comma(where));
    }
  } else {
    for (int cell : cells) {
      DigitMask removed = 0;
      for (const Candidate& c : eliminations) {
        if (c.cell == cell) removed |= digit_bit(c.digit);
      }
      groups.push_back(digits_joined(removed, ", ") + " from " + cell_name(cell));
    }
  }
  return join(groups, "; ");
}

// ---- Building steps ------------------------------------------------------------

std::vector<int> sorted_unique(std::vector<int> cells) {
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

// `reason` is the explanation after "Technique: ".
Step make_step(Technique technique, std::vector<Candidate> placements,
               std::vector<Candidate> eliminations, std::vector<int> supporting_cells,
               std::vector<int> houses, const std::string& reason) {
  Step step;
  step.technique = technique;
  for (const Candidate& c : placements) step.cells.push_back(c.cell);
  for (const Candidate& c : eliminations) step.cells.push_back(c.cell);
  step.cells = sorted_unique(std::move(step.cells));
  step.placements = std::move(placements);
  step.eliminations = std::move(eliminations);
  step.supporting_cells = sorted_unique(std::move(supporting_cells));
  step.houses = std::move(houses);
  step.explanation = std::string(technique_name(technique)) + ": " + reason;
  return step;
}

Step elimination_step(Technique technique, std::vector<Candidate> eliminations,
                      std::vector<int> supporting_cells, std::vector<int> houses,
                      const std::string& reason) {
  return make_step(technique, {}, std::move(eliminations), std::move(supporting_cells),
                   std::move(houses), reason);
}

// Names the digit after the technique, as players say "X-Wing on 4: ...".
Step name_digit(Step step, int digit) {
  step.explanation.insert(technique_name(step.technique).size(), " on " + std::to_string(digit));
  return step;
}

// ---- Singles -------------------------------------------------------------------

std::optional<Step> find_naked_single(const Grid& grid) {
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (!grid.is_empty(cell) || digit_count(grid.candidates(cell)) != 1) continue;
    const int digit = lowest_digit(grid.candidates(cell));
    DigitMask in_peers = 0;
    std::vector<int> filled_peers;
    for (int peer : peers(cell)) {
      if (grid.is_empty(peer)) continue;
      in_peers |= digit_bit(grid.value(peer));
      filled_peers.push_back(peer);
    }
    const bool by_peers_alone = (in_peers | digit_bit(digit)) == kAllDigits;
    const std::string why = by_peers_alone
                                ? ": its row, column and box already hold every other digit."
                                : ": every other digit has been ruled out there.";
    const auto houses = houses_of(cell);
    return make_step(Technique::naked_single, {{cell, digit}}, {}, filled_peers,
                     {houses.begin(), houses.end()},
                     cell_name(cell) + " can only be " + std::to_string(digit) + why);
  }
  return std::nullopt;
}

std::optional<Step> find_hidden_single(const Grid& grid) {
  for (int house : kBoxesRowsColumns) {
    for (int digit = 1; digit <= 9; ++digit) {
      const uint16_t where = grid.positions(house, digit);
      if (bit_count(where) != 1) continue;
      const int cell = house_cells(house)[std::countr_zero(unsigned{where})];
      std::vector<int> others;
      for (int other : house_cells(house)) {
        if (other != cell) others.push_back(other);
      }
      return make_step(Technique::hidden_single, {{cell, digit}}, {}, others, {house},
                       std::to_string(digit) + " can only go in " + cell_name(cell) + " within " +
                           house_name(house) + ".");
    }
  }
  return std::nullopt;
}

// ---- Locked candidates -------------------------------------------------------

// Cells of `house` holding `digit`.
std::vector<int> cells_with(const Grid& grid, int house, int digit) {
  std::vector<int> cells;
  for (int cell : house_cells(house)) {
    if (grid.has_candidate(cell, digit)) cells.push_back(cell);
  }
  return cells;
}

// When every place for `digit` in `house` lies in `other` too, `digit` can go
// nowhere else in `other`. The step for that, if it removes anything.
std::optional<Step> locked_step(const Grid& grid, Technique technique, int house, int other,
                                int digit, const std::vector<int>& places) {
  std::vector<int> rest;
  for (int cell : house_cells(other)) {
    const bool in_house = std::find(places.begin(), places.end(), cell) != places.end();
    if (!in_house && grid.has_candidate(cell, digit)) rest.push_back(cell);
  }
  if (rest.empty()) return std::nullopt;
  const std::string d = std::to_string(digit);
  return elimination_step(technique, eliminations_of(grid, rest, digit_bit(digit)), places,
                          {house, other},
                          "in " + house_name(house) + ", " + d + " can only go in " +
                              house_name(other) + ", so remove " + d + " from the rest of " +
                              house_name(other) + ": " + cells_comma(rest) + ".");
}

// The one house of `kind` containing all `cells`, if there is one.
std::optional<int> common_house(const std::vector<int>& cells, HouseKind kind) {
  const int slot = int(kind);
  const int house = houses_of(cells.front())[slot];
  for (int cell : cells) {
    if (houses_of(cell)[slot] != house) return std::nullopt;
  }
  return house;
}

std::optional<Step> find_pointing(const Grid& grid) {
  for (int box = 0; box < 9; ++box) {
    for (int digit = 1; digit <= 9; ++digit) {
      const std::vector<int> places = cells_with(grid, box_house(box), digit);
      if (places.size() < 2) continue;
      for (HouseKind line : {HouseKind::row, HouseKind::column}) {
        const auto house = common_house(places, line);
        if (!house) continue;
        auto step = locked_step(grid, Technique::pointing, box_house(box), *house, digit, places);
        if (step) return step;
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> find_claiming(const Grid& grid) {
  for (int line = 0; line < 18; ++line) {
    for (int digit = 1; digit <= 9; ++digit) {
      const std::vector<int> places = cells_with(grid, line, digit);
      if (places.size() < 2) continue;
      const auto box = common_house(places, HouseKind::box);
      if (!box) continue;
      auto step = locked_step(grid, Technique::claiming, line, *box, digit, places);
      if (step) return step;
    }
  }
  return std::nullopt;
}

// ---- Naked and hidden subsets ----------------------------------------------------

// Cells of a house with 2..size candidates, as a 9-bit mask: the cells that
// can be part of a naked subset of that size.
uint16_t naked_subset_members(const Grid& grid, int house, int size) {
  uint16_t members = 0;
  const auto& cells = house_cells(house);
  for (int i = 0; i < 9; ++i) {
    const int count = digit_count(grid.candidates(cells[i]));
    if (count >= 2 && count <= size) members |= uint16_t(1u << i);
  }
  return members;
}

// `size` cells of a house whose candidates together number `size`: those
// digits fill them, so the house's other cells cannot hold them.
std::optional<Step> find_naked_subset(const Grid& grid, int size, Technique technique) {
  for (int house = 0; house < kHouseCount; ++house) {
    const auto& cells = house_cells(house);
    const uint16_t members = naked_subset_members(grid, house, size);
    for (uint16_t chosen : kSubsetsOfNine[size]) {
      if (!within(chosen, members)) continue;
      std::vector<int> subset;
      DigitMask digits = 0;
      for (int i : indices_of(chosen)) {
        subset.push_back(cells[i]);
        digits |= grid.candidates(cells[i]);
      }
      if (digit_count(digits) != size) continue;
      std::vector<int> rest;
      for (int i = 0; i < 9; ++i) {
        if (!(chosen & (1u << i)) && (grid.candidates(cells[i]) & digits)) rest.push_back(cells[i]);
      }
      if (rest.empty()) continue;
      const auto eliminations = eliminations_of(grid, rest, digits);
      return elimination_step(technique, eliminations, subset, {house},
                              cells_and(subset) + " can only hold " + digits_and(digits) +
                                  " between them, so no other cell of " + house_name(house) +
                                  " can: remove " + removal_text(eliminations) + ".");
    }
  }
  return std::nullopt;
}

// Digits with 2..size places in a house, as a digit mask: the digits that can
// be part of a hidden subset of that size.
DigitMask hidden_subset_members(const Grid& grid, int house, int size) {
  DigitMask members = 0;
  for (int digit = 1; digit <= 9; ++digit) {
    const int count = bit_count(grid.positions(house, digit));
    if (count >= 2 && count <= size) members |= digit_bit(digit);
  }
  return members;
}

// `size` digits of a house that can only go in `size` cells: those cells hold
// those digits, so nothing else.
std::optional<Step> find_hidden_subset(const Grid& grid, int size, Technique technique) {
  for (int house = 0; house < kHouseCount; ++house) {
    const auto& cells = house_cells(house);
    const DigitMask members = hidden_subset_members(grid, house, size);
    for (uint16_t chosen : kSubsetsOfNine[size]) {
      if (!within(chosen, members)) continue;
      uint16_t where = 0;
      for (int digit : digits_in(chosen)) where |= grid.positions(house, digit);
      if (bit_count(where) != size) continue;
      std::vector<int> subset;
      for (int i : indices_of(where)) subset.push_back(cells[i]);
      const auto eliminations = eliminations_of(grid, subset, DigitMask(kAllDigits & ~chosen));
      if (eliminations.empty()) continue;
      return elimination_step(technique, eliminations, subset, {house},
                              "in " + house_name(house) + ", " + digits_and(chosen) +
                                  " can only go in " + cells_and(subset) +
                                  ", so those cells hold nothing else: remove " +
                                  removal_text(eliminations) + ".");
    }
  }
  return std::nullopt;
}

// ---- Fish (X-Wing, Swordfish, Jellyfish) ---------------------------------------

// Cell where base line `line` crosses cover line `cover`.
int crossing(HouseKind base, int line, int cover) {
  return base == HouseKind::row ? cell_at(line, cover) : cell_at(cover, line);
}

// `size` rows in which `digit` can only go in the same `size` columns: it fills
// those columns there, so leaves the rest of them (and the same with rows and
// columns swapped).
std::optional<Step> find_fish_on(const Grid& grid, int size, Technique technique, int digit,
                                 HouseKind base) {
  const int first_house = base == HouseKind::row ? 0 : 9;
  std::array<uint16_t, 9> covers{};  // per base line: the cross lines holding digit
  uint16_t members = 0;              // base lines with 2..size places for digit
  for (int line = 0; line < 9; ++line) {
    covers[line] = grid.positions(first_house + line, digit);
    const int count = bit_count(covers[line]);
    if (count >= 2 && count <= size) members |= uint16_t(1u << line);
  }
  for (uint16_t chosen : kSubsetsOfNine[size]) {
    if (!within(chosen, members)) continue;
    uint16_t cover_set = 0;
    for (int line : indices_of(chosen)) cover_set |= covers[line];
    if (bit_count(cover_set) != size) continue;
    std::vector<int> targets;
    std::vector<int> pattern;
    for (int cover : indices_of(cover_set)) {
      for (int line = 0; line < 9; ++line) {
        const int cell = crossing(base, line, cover);
        if (!grid.has_candidate(cell, digit)) continue;
        (chosen & (1u << line) ? pattern : targets).push_back(cell);
      }
    }
    if (targets.empty()) continue;
    const HouseKind cross = base == HouseKind::row ? HouseKind::column : HouseKind::row;
    const int cross_first = 9 - first_house;
    std::vector<int> houses;
    for (int line : indices_of(chosen)) houses.push_back(first_house + line);
    for (int cover : indices_of(cover_set)) houses.push_back(cross_first + cover);
    const std::string d = std::to_string(digit);
    return elimination_step(
        technique, eliminations_of(grid, targets, digit_bit(digit)), pattern, houses,
        "in " + lines_text(base, indices_of(chosen)) + ", " + d + " can only go in " +
            lines_text(cross, indices_of(cover_set)) + ", so remove " + d +
            " from the rest of those " + (cross == HouseKind::row ? "rows" : "columns") + ": " +
            cells_comma(sorted_unique(targets)) + ".");
  }
  return std::nullopt;
}

std::optional<Step> find_fish(const Grid& grid, int size, Technique technique) {
  for (int digit = 1; digit <= 9; ++digit) {
    for (HouseKind base : {HouseKind::row, HouseKind::column}) {
      auto step = find_fish_on(grid, size, technique, digit, base);
      if (step) return name_digit(std::move(*step), digit);
    }
  }
  return std::nullopt;
}

// ---- Wings -------------------------------------------------------------------

std::vector<int> bivalue_peers(const Grid& grid, int cell) {
  std::vector<int> cells;
  for (int peer : peers(cell)) {
    if (digit_count(grid.candidates(peer)) == 2) cells.push_back(peer);
  }
  return cells;
}

// Pivot {x,y} sees {x,z} and {y,z}: whatever the pivot is, one wing is z.
std::optional<Step> find_xy_wing(const Grid& grid) {
  for (int pivot = 0; pivot < kCellCount; ++pivot) {
    const DigitMask pivot_digits = grid.candidates(pivot);
    if (digit_count(pivot_digits) != 2) continue;
    const std::vector<int> wings = bivalue_peers(grid, pivot);
    for (int a : wings) {
      const DigitMask shared = grid.candidates(a) & pivot_digits;
      if (digit_count(shared) != 1) continue;
      const DigitMask z = grid.candidates(a) & DigitMask(~pivot_digits);
      for (int b : wings) {
        if (grid.candidates(b) != ((pivot_digits & ~shared) | z)) continue;
        const int digit = lowest_digit(z);
        const auto targets = cells_seeing_all(grid, digit, {a, b});
        if (targets.empty()) continue;
        const std::string d = std::to_string(digit);
        return elimination_step(
            Technique::xy_wing, eliminations_of(grid, targets, z), {pivot, a, b}, {},
            "pivot " + cell_with_candidates(grid, pivot) + " sees " +
                cell_with_candidates(grid, a) + " and " + cell_with_candidates(grid, b) +
                "; whichever digit the pivot takes, one of those two cells is " + d +
                ", so remove " + d + " from cells that see both: " + cells_comma(targets) + ".");
      }
    }
  }
  return std::nullopt;
}

// Pivot {x,y,z} sees {x,z} and {y,z}: one of the three is z.
std::optional<Step> find_xyz_wing(const Grid& grid) {
  for (int pivot = 0; pivot < kCellCount; ++pivot) {
    const DigitMask pivot_digits = grid.candidates(pivot);
    if (digit_count(pivot_digits) != 3) continue;
    const std::vector<int> wings = bivalue_peers(grid, pivot);
    for (size_t i = 0; i < wings.size(); ++i) {
      for (size_t j = i + 1; j < wings.size(); ++j) {
        const int a = wings[i];
        const int b = wings[j];
        const DigitMask da = grid.candidates(a);
        const DigitMask db = grid.candidates(b);
        if ((da | db) != pivot_digits || digit_count(da & db) != 1) continue;
        const int digit = lowest_digit(da & db);
        const auto targets = cells_seeing_all(grid, digit, {pivot, a, b});
        if (targets.empty()) continue;
        const std::string d = std::to_string(digit);
        return elimination_step(
            Technique::xyz_wing, eliminations_of(grid, targets, digit_bit(digit)), {pivot, a, b},
            {},
            "pivot " + cell_with_candidates(grid, pivot) + " sees " +
                cell_with_candidates(grid, a) + " and " + cell_with_candidates(grid, b) +
                "; one of the three cells is " + d + ", so remove " + d +
                " from cells that see all three: " + cells_comma(targets) + ".");
      }
    }
  }
  return std::nullopt;
}

// Two {x,y} cells, each seeing one end of a conjugate pair on y: if one is y,
// the pair forces the other to x; so one of them is x.
std::optional<Step> w_wing_with(const Grid& grid, int a, int b, int link_digit) {
  const DigitMask pair = grid.candidates(a);
  const int digit = lowest_digit(DigitMask(pair & ~digit_bit(link_digit)));
  for (int house = 0; house < kHouseCount; ++house) {
    const auto link = conjugate_pair(grid, house, link_digit);
    if (!link) continue;
    auto [p, q] = *link;
    if (p == a || p == b || q == a || q == b) continue;
    if (!(sees(p, a) && sees(q, b))) std::swap(p, q);
    if (!(sees(p, a) && sees(q, b))) continue;
    const auto targets = cells_seeing_all(grid, digit, {a, b});
    if (targets.empty()) continue;
    const std::string d = std::to_string(digit);
    const std::string y = std::to_string(link_digit);
    return elimination_step(
        Technique::w_wing, eliminations_of(grid, targets, digit_bit(digit)), {a, b, p, q}, {house},
        cell_name(a) + " and " + cell_name(b) + " both hold " + braced(pair) + "; in " +
            house_name(house) + ", " + y + " can only go in " + cell_name(p) + " (seen by " +
            cell_name(a) + ") or " + cell_name(q) + " (seen by " + cell_name(b) + "), so one of " +
            cell_name(a) + " and " + cell_name(b) + " is " + d + ": remove " + d +
            " from cells that see both: " + cells_comma(targets) + ".");
  }
  return std::nullopt;
}

std::optional<Step> find_w_wing(const Grid& grid) {
  for (int a = 0; a < kCellCount; ++a) {
    if (digit_count(grid.candidates(a)) != 2) continue;
    for (int b = a + 1; b < kCellCount; ++b) {
      if (grid.candidates(b) != grid.candidates(a) || sees(a, b)) continue;
      for (int link_digit : digits_in(grid.candidates(a))) {
        auto step = w_wing_with(grid, a, b, link_digit);
        if (step) return step;
      }
    }
  }
  return std::nullopt;
}

// ---- Simple colouring ------------------------------------------------------------

// Cells joined by conjugate pairs on one digit, coloured alternately: all of
// one colour hold the digit, none of the other.
struct Cluster {
  std::array<std::vector<int>, 2> colours;
};

// Colours the cluster holding `start`; marks its cells in `seen`. Nothing if
// the links contradict each other (an odd loop: the grid has no solution).
std::optional<Cluster> colour_cluster(const Grid& grid, int digit, int start,
                                      std::array<int, kCellCount>& colour_of) {
  Cluster cluster;
  std::vector<int> queue = {start};
  colour_of[start] = 0;
  bool consistent = true;
  for (size_t next = 0; next < queue.size(); ++next) {
    const int cell = queue[next];
    cluster.colours[colour_of[cell]].push_back(cell);
    for (int partner : strong_partners(grid, cell, digit)) {
      if (colour_of[partner] == -1) {
        colour_of[partner] = 1 - colour_of[cell];
        queue.push_back(partner);
      } else if (colour_of[partner] == colour_of[cell]) {
        consistent = false;
      }
    }
  }
  if (!consistent) return std::nullopt;
  return cluster;
}

std::string colours_text(const Cluster& cluster, int digit) {
  const std::string d = std::to_string(digit);
  return "the cells linked by conjugate pairs on " + d +
         " (houses where it has just two places) alternate in colour, so " + d +
         " fills every cell of one colour: " + cells_comma(sorted_unique(cluster.colours[0])) +
         " or " + cells_comma(sorted_unique(cluster.colours[1]));
}

// Two cells of one colour see each other: that colour cannot be the digit.
std::optional<Step> colour_wrap(const Grid& grid, int digit, const Cluster& cluster) {
  for (int colour = 0; colour < 2; ++colour) {
    const auto& cells = cluster.colours[colour];
    for (size_t i = 0; i < cells.size(); ++i) {
      for (size_t j = i + 1; j < cells.size(); ++j) {
        if (!sees(cells[i], cells[j])) continue;
        std::vector<int> all = cluster.colours[0];
        all.insert(all.end(), cluster.colours[1].begin(), cluster.colours[1].end());
        const std::string d = std::to_string(digit);
        return elimination_step(
            Technique::simple_colouring,
            eliminations_of(grid, sorted_unique(cells), digit_bit(digit)), all, {},
            colours_text(cluster, digit) + ". " + cell_name(cells[i]) + " and " +
                cell_name(cells[j]) + " share a colour and see each other, so that colour is not " +
                d + ": remove " + d + " from " + cells_comma(sorted_unique(cells)) + ".");
      }
    }
  }
  return std::nullopt;
}

// A cell outside the cluster seeing both colours cannot be the digit.
std::optional<Step> colour_trap(const Grid& grid, int digit, const Cluster& cluster,
                                const std::array<int, kCellCount>& colour_of) {
  auto sees_colour = [&](int cell, int colour) {
    const auto& cells = cluster.colours[colour];
    return std::any_of(cells.begin(), cells.end(), [&](int other) { return sees(cell, other); });
  };
  std::vector<int> targets;
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (!grid.has_candidate(cell, digit) || colour_of[cell] != -1) continue;
    if (sees_colour(cell, 0) && sees_colour(cell, 1)) targets.push_back(cell);
  }
  if (targets.empty()) return std::nullopt;
  std::vector<int> all = cluster.colours[0];
  all.insert(all.end(), cluster.colours[1].begin(), cluster.colours[1].end());
  const std::string d = std::to_string(digit);
  return elimination_step(
      Technique::simple_colouring, eliminations_of(grid, targets, digit_bit(digit)), all, {},
      colours_text(cluster, digit) + ". " + cells_comma(targets) +
          (targets.size() > 1 ? " see" : " sees") + " both colours, so remove " + d + " from " +
          (targets.size() > 1 ? "them." : "it."));
}

std::optional<Step> find_simple_colouring(const Grid& grid) {
  for (int digit = 1; digit <= 9; ++digit) {
    std::array<int, kCellCount> done{};  // cells already in an examined cluster
    for (int start = 0; start < kCellCount; ++start) {
      if (done[start] || strong_partners(grid, start, digit).empty()) continue;
      std::array<int, kCellCount> colour_of;
      colour_of.fill(-1);
      const auto cluster = colour_cluster(grid, digit, start, colour_of);
      for (int cell = 0; cell < kCellCount; ++cell) done[cell] |= colour_of[cell] != -1;
      if (!cluster || cluster->colours[0].size() + cluster->colours[1].size() < 3) continue;
      if (auto step = colour_wrap(grid, digit, *cluster)) return step;
      if (auto step = colour_trap(grid, digit, *cluster, colour_of)) return step;
    }
  }
  return std::nullopt;
}

// ---- Unique rectangle --------------------------------------------------------

// Four empty cells in two rows, two columns and two boxes. If three can only
// be {a,b}, the fourth cannot be a or b either: the four could then swap
// digits and the puzzle would have two solutions.
std::optional<Step> unique_rectangle_at(const Grid& grid, const std::array<int, 4>& corners) {
  for (int odd = 0; odd < 4; ++odd) {
    const DigitMask pair = grid.candidates(corners[(odd + 1) % 4]);
    if (digit_count(pair) != 2) continue;
    std::vector<int> floor;
    for (int i = 0; i < 4; ++i) {
      if (i != odd && grid.candidates(corners[i]) == pair) floor.push_back(corners[i]);
    }
    const DigitMask roof = grid.candidates(corners[odd]);
    if (floor.size() != 3 || (roof & pair) != pair || roof == pair) continue;
    return elimination_step(
        Technique::unique_rectangle, eliminations_of(grid, {corners[odd]}, pair), floor, {},
        cells_and(floor) + " can only be " + digits_or(pair) + "; if " + cell_name(corners[odd]) +
            " were " + digits_or(pair) +
            " too, the four cells could swap digits and the puzzle would have two solutions, "
            "so remove " +
            digits_and(pair) + " from " + cell_name(corners[odd]) +
            " (this assumes the puzzle has one solution).");
  }
  return std::nullopt;
}

std::optional<Step> find_unique_rectangle(const Grid& grid) {
  for (int r1 = 0; r1 < 9; ++r1) {
    for (int r2 = r1 + 1; r2 < 9; ++r2) {
      for (int c1 = 0; c1 < 9; ++c1) {
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          const bool same_band = r1 / 3 == r2 / 3;
          const bool same_stack = c1 / 3 == c2 / 3;
          if (same_band == same_stack) continue;  // needs exactly two boxes
          const std::array<int, 4> corners = {cell_at(r1, c1), cell_at(r1, c2), cell_at(r2, c1),
                                              cell_at(r2, c2)};
          if (auto step = unique_rectangle_at(grid, corners)) return step;
        }
      }
    }
  }
  return std::nullopt;
}

// ---- Chains --------------------------------------------------------------------

// A chain found by breadth-first search: its cells from start to end, and the
// cells that see both ends.
struct Chain {
  std::vector<int> cells;
  std::vector<int> targets;
};

// Follows `parent` links back from `state` (a node is state / states_per_cell).
std::vector<int> chain_cells(const std::vector<int>& parent, int state, int states_per_cell) {
  std::vector<int> cells;
  for (int s = state; s != -1; s = parent[s]) cells.push_back(s / states_per_cell);
  std::reverse(cells.begin(), cells.end());
  return cells;
}

bool has_repeats(std::vector<int> cells) {
  return sorted_unique(cells).size() != cells.size();
}

// X-Chain on `digit` from `start`: conjugate (strong) links, "one of the two
// is the digit", alternate with weak links, "not both". A chain that starts and
// ends with a strong link means one of its ends is the digit. States are
// cell * 2 + (1 if reached by a strong link).
std::optional<Chain> shortest_x_chain(const Grid& grid, int digit, int start) {
  std::vector<int> parent(kCellCount * 2, -1);
  std::vector<int> depth(kCellCount * 2, -1);
  std::vector<int> queue = {start * 2};
  depth[start * 2] = 0;
  for (size_t next = 0; next < queue.size(); ++next) {
    const int state = queue[next];
    const int cell = state / 2;
    const bool strong_end = state % 2 == 1;
    std::vector<int> links;
    if (strong_end) {
      for (int peer : peers(cell)) {
        if (grid.has_candidate(peer, digit)) links.push_back(peer);
      }
    } else {
      links = strong_partners(grid, cell, digit);
    }
    for (int link : links) {
      const int to = link * 2 + (strong_end ? 0 : 1);
      if (depth[to] != -1) continue;
      depth[to] = depth[state] + 1;
      parent[to] = state;
      queue.push_back(to);
      if (strong_end || depth[to] < 3 || link == start) continue;
      const std::vector<int> cells = chain_cells(parent, to, 2);
      if (has_repeats(cells)) continue;
      auto targets = cells_seeing_all(grid, digit, {start, link});
      if (!targets.empty()) return Chain{cells, std::move(targets)};
    }
  }
  return std::nullopt;
}

std::string x_chain_text(int digit, const Chain& chain) {
  const std::string d = std::to_string(digit);
  std::string links;
  for (size_t i = 0; i < chain.cells.size(); ++i) {
    if (i > 0) links += i % 2 == 1 ? " = " : " - ";
    links += cell_name(chain.cells[i]);
  }
  return links + " (=: one of the two is " + d + "; -: not both are). Either " +
         cell_name(chain.cells.front()) + " or " + cell_name(chain.cells.back()) + " is " + d +
         ", so remove " + d + " from cells that see both: " + cells_comma(chain.targets) + ".";
}

std::optional<Step> find_x_chain(const Grid& grid) {
  std::optional<Chain> best;
  int best_digit = 0;
  for (int digit = 1; digit <= 9; ++digit) {
    for (int start = 0; start < kCellCount; ++start) {
      if (!grid.has_candidate(start, digit)) continue;
      auto chain = shortest_x_chain(grid, digit, start);
      if (chain && (!best || chain->cells.size() < best->cells.size())) {
        best = std::move(chain);
        best_digit = digit;
      }
    }
  }
  if (!best) return std::nullopt;
  Step step = elimination_step(Technique::x_chain,
                               eliminations_of(grid, best->targets, digit_bit(best_digit)),
                               best->cells, {}, x_chain_text(best_digit, *best));
  return name_digit(std::move(step), best_digit);
}

// XY-Chain from bivalue cell `start`, ending on `digit`: if start is not
// `digit` it is its other candidate, which rules that out of the next
// bivalue cell, forcing its other candidate, and so on until a cell is
// forced to `digit`. So one end is `digit`. States are cell * 9 + digit - 1,
// for "this cell is that digit".
std::optional<Chain> shortest_xy_chain(const Grid& grid, int start, int digit) {
  std::vector<int> parent(kCellCount * 9, -1);
  std::vector<int> depth(kCellCount * 9, -1);
  const int first =
      start * 9 + lowest_digit(DigitMask(grid.candidates(start) & ~digit_bit(digit))) - 1;
  std::vector<int> queue = {first};
  depth[first] = 0;
  for (size_t next = 0; next < queue.size(); ++next) {
    const int state = queue[next];
    const int cell = state / 9;
    const int value = state % 9 + 1;
    for (int peer : peers(cell)) {
      const DigitMask candidates = grid.candidates(peer);
      if (digit_count(candidates) != 2 || !(candidates & digit_bit(value))) continue;
      const int forced = lowest_digit(DigitMask(candidates & ~digit_bit(value)));
      const int to = peer * 9 + forced - 1;
      if (depth[to] != -1) continue;
      depth[to] = depth[state] + 1;
      parent[to] = state;
      queue.push_back(to);
      if (forced != digit || depth[to] < 2 || peer == start) continue;
      const std::vector<int> cells = chain_cells(parent, to, 9);
      if (has_repeats(cells)) continue;
      auto targets = cells_seeing_all(grid, digit, {start, peer});
      if (!targets.empty()) return Chain{cells, std::move(targets)};
    }
  }
  return std::nullopt;
}

std::string xy_chain_text(const Grid& grid, int digit, const Chain& chain) {
  const std::string d = std::to_string(digit);
  std::vector<std::string> links;
  for (int cell : chain.cells) links.push_back(cell_with_candidates(grid, cell));
  const std::string first = cell_name(chain.cells.front());
  const std::string last = cell_name(chain.cells.back());
  return join(links, ", ") + ": if " + first + " is not " + d +
         ", each cell in turn forces the next, until " + last + " is " + d + ". So " + first +
         " or " + last + " is " + d + ": remove " + d +
         " from cells that see both: " + cells_comma(chain.targets) + ".";
}

std::optional<Step> find_xy_chain(const Grid& grid) {
  std::optional<Chain> best;
  int best_digit = 0;
  for (int start = 0; start < kCellCount; ++start) {
    if (digit_count(grid.candidates(start)) != 2) continue;
    for (int digit : digits_in(grid.candidates(start))) {
      auto chain = shortest_xy_chain(grid, start, digit);
      if (chain && (!best || chain->cells.size() < best->cells.size())) {
        best = std::move(chain);
        best_digit = digit;
      }
    }
  }
  if (!best) return std::nullopt;
  return elimination_step(Technique::xy_chain,
                          eliminations_of(grid, best->targets, digit_bit(best_digit)), best->cells,
                          {}, xy_chain_text(grid, best_digit, *best));
}

// ---- The catalogue -------------------------------------------------------------

using Finder = std::optional<Step> (*)(const Grid&);

struct TechniqueInfo {
  std::string_view name;
  Difficulty difficulty;
  Finder find;
};

// Indexed by Technique; kAllTechniques gives the order they are tried in.
const std::array<TechniqueInfo, kAllTechniques.size()> kCatalogue = {{
    {"Naked single", Difficulty::easy, find_naked_single},
    {"Hidden single", Difficulty::easy, find_hidden_single},
    {"Pointing", Difficulty::medium, find_pointing},
    {"Claiming", Difficulty::medium, find_claiming},
    {"Naked pair", Difficulty::medium,
     [](const Grid& g) { return find_naked_subset(g, 2, Technique::naked_pair); }},
    {"Hidden pair", Difficulty::medium,
     [](const Grid& g) { return find_hidden_subset(g, 2, Technique::hidden_pair); }},
    {"Naked triple", Difficulty::medium,
     [](const Grid& g) { return find_naked_subset(g, 3, Technique::naked_triple); }},
    {"Hidden triple", Difficulty::medium,
     [](const Grid& g) { return find_hidden_subset(g, 3, Technique::hidden_triple); }},
    {"Naked quad", Difficulty::hard,
     [](const Grid& g) { return find_naked_subset(g, 4, Technique::naked_quad); }},
    {"Hidden quad", Difficulty::hard,
     [](const Grid& g) { return find_hidden_subset(g, 4, Technique::hidden_quad); }},
    {"X-Wing", Difficulty::hard, [](const Grid& g) { return find_fish(g, 2, Technique::x_wing); }},
    {"Swordfish", Difficulty::hard,
     [](const Grid& g) { return find_fish(g, 3, Technique::swordfish); }},
    {"XY-Wing", Difficulty::hard, find_xy_wing},
    {"XYZ-Wing", Difficulty::expert, find_xyz_wing},
    {"W-Wing", Difficulty::expert, find_w_wing},
    {"Simple colouring", Difficulty::expert, find_simple_colouring},
    {"Jellyfish", Difficulty::expert,
     [](const Grid& g) { return find_fish(g, 4, Technique::jellyfish); }},
    {"Unique rectangle", Difficulty::expert, find_unique_rectangle},
    {"X-Chain", Difficulty::expert, find_x_chain},
    {"XY-Chain", Difficulty::expert, find_xy_chain},
}};

const TechniqueInfo& info(Technique technique) {
  return kCatalogue[size_t(technique)];
}

constexpr std::array<std::string_view, 5> kDifficultyNames = {"easy", "medium", "hard", "expert",
                                                              "needs guessing"};

}  // namespace

std::string_view technique_name(Technique technique) {
  return info(technique).name;
}
Difficulty technique_difficulty(Technique technique) {
  return info(technique).difficulty;
}
bool assumes_unique_solution(Technique technique) {
  return technique == Technique::unique_rectangle;
}

std::string_view difficulty_name(Difficulty difficulty) {
  return kDifficultyNames[size_t(difficulty)];
}

std::optional<Difficulty> parse_difficulty(std::string_view name) {
  for (size_t i = 0; i < kDifficultyNames.size(); ++i) {
    if (kDifficultyNames[i] == name) return Difficulty(i);
  }
  return std::nullopt;
}

std::optional<Step> find_step(const Grid& grid, Technique technique) {
  return info(technique).find(grid);
}

std::optional<Step> find_next_step(const Grid& grid) {
  for (Technique technique : kAllTechniques) {
    if (auto step = find_step(grid, technique)) return step;
  }
  return std::nullopt;
}

bool apply_step(Grid& grid, const Step& step) {
  for (const Candidate& c : step.placements) {
    if (!grid.place(c.cell, c.digit)) return false;
  }
  for (const Candidate& c : step.eliminations) {
    if (!grid.eliminate(c.cell, c.digit)) return false;
  }
  return true;
}

Rating rate(const Grid& grid) {
  Rating rating;
  rating.final_grid = grid;
  // Every step changes at least one of the 81 * 9 candidates: a safe bound.
  for (int guard = 0; guard <= kCellCount * 9 && !rating.final_grid.is_solved(); ++guard) {
    auto step = find_next_step(rating.final_grid);
    if (!step || !apply_step(rating.final_grid, *step)) break;
    if (!rating.hardest || *rating.hardest < step->technique) rating.hardest = step->technique;
    rating.steps.push_back(std::move(*step));
  }
  rating.solved = rating.final_grid.is_solved();
  if (!rating.solved) {
    rating.difficulty = Difficulty::needs_guessing;
  } else {
    rating.difficulty = rating.hardest ? technique_difficulty(*rating.hardest) : Difficulty::easy;
  }
  return rating;
}

Rating rate(const Cells& puzzle) {
  const auto grid = Grid::from_cells(puzzle);
  if (!grid) return Rating{};
  return rate(*grid);
}

}  // namespace puzzlelab::sudoku
