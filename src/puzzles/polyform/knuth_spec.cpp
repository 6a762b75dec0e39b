// SPDX-License-Identifier: MIT
// Knuth's polyomino-dlx, polyiamond-dlx and polycube-dlx specs as a Puzzle.
//
// A spec is read line by line: '|' in the first column makes a comment,
// the first other line lists the board's cells, and each line after it is a
// piece: an optional multiplicity, its name and its cells. A cell is one
// coordinate a lattice direction (two in the plane, three on cubes), each a
// base-62 digit (0-9, a-z, A-Z) or a bracketed set of digits and ranges;
// polyiamond-dlx marks a down triangle by a prime after its coordinates.
//
// What the generators accept that a Puzzle cannot say is refused by name:
// suffixes other than polyiamond-dlx's prime (they make secondary items of
// their own, not cells), and a piece named on two lines (the generators
// pool the placements of both shapes under one name).
#include <array>
#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/text.hpp"

namespace xcover::polyform {

namespace {

// What differs between the three generators' inputs.
struct Generator {
  const char* name;        // "polyomino-dlx"
  int coordinates;         // of a cell: 2, or 3 on cubes
  bool primes;             // whether a cell may end in "'" (a down triangle)
  char multiplicity_mark;  // "3|name" ('|'), or "3*name" ('*', one digit)
};

Generator generator_of(Lattice lattice) {
  switch (lattice) {
    case Lattice::square:
      return {"polyomino-dlx", 2, false, '|'};
    case Lattice::triangle:
      return {"polyiamond-dlx", 2, true, '|'};
    case Lattice::cube:
      return {"polycube-dlx", 3, false, '*'};
    case Lattice::hex:
    case Lattice::prism:
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      break;
  }
  throw Error(std::string("read_knuth_spec: no generator of Knuth's reads the ") +
              to_string(lattice) +
              " lattice (polyomino-dlx reads squares, polyiamond-dlx triangles, polycube-dlx "
              "cubes)");
}

constexpr int radix = 62;  // the digits 0-9, a-z, A-Z

// The value of a base-62 digit, or -1.
int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 36;
  return -1;
}

bool is_name_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c == '-';
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

// Knuth's cell, a coordinate a direction, on our lattice. polyiamond-dlx's
// (x, y) is Cartesian on a lattice of rhombi, x to the right and y up the
// 60-degree slant; rhombus (x, y) is cut into its up triangle xy and, right
// of it, its down triangle xy'. Rows run down, each a strip of triangles
// whose columns step half a side: (x, y) is row -y, column 2x + y (even,
// up), xy' the column after it (odd, down). The shapes are moved to the
// origin afterwards (normalized), so that rows start at 0.
Cell lattice_cell(Lattice lattice, const std::array<int, 3>& xyz, bool prime) {
  switch (lattice) {
    case Lattice::square:
      return {xyz[0], xyz[1], 0};
    case Lattice::triangle:
      return {-xyz[1], 2 * xyz[0] + xyz[1] + (prime ? 1 : 0), 0};
    case Lattice::cube:
      return {xyz[0], xyz[1], xyz[2]};
    case Lattice::hex:
    case Lattice::prism:
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      break;
  }
  return {};  // generator_of() refused the other lattices before
}

class SpecReader {
 public:
  SpecReader(Lattice lattice, const std::string& source)
      : lattice_(lattice), generator_(generator_of(lattice)), source_(source) {}

  Puzzle read(std::istream& in) {
    Puzzle puzzle;
    puzzle.lattice = lattice_;
    puzzle.source = source_;
    puzzle.cells_first = true;
    bool have_board = false;
    std::map<std::string, std::size_t, std::less<>> piece_lines;
    std::string line;
    while (std::getline(in, line)) {
      ++line_;
      if (!line.empty() && line.front() == '|') continue;  // a comment
      if (words_of(line).empty()) continue;                // a blank line
      if (!have_board) {
        puzzle.board = shape_of(cells_of(words_of(line)));
        if (puzzle.board.size() == 0) fail("the board has no cells");
        have_board = true;
        continue;
      }
      Piece piece = piece_of(line);
      const auto [known, fresh] = piece_lines.emplace(piece.name, line_);
      if (!fresh) {
        fail("piece " + quoted(piece.name) + " is already given on line " +
             std::to_string(known->second) + " (" + generator_.name +
             " would pool both lines' placements; a piece here has one shape)");
      }
      puzzle.pieces.push_back(std::move(piece));
    }
    if (in.bad()) fail("the input could not be read");
    if (!have_board) {
      fail(std::string("no board: the first line that is not a comment lists its cells, as ") +
           generator_.name + " reads them");
    }
    if (puzzle.pieces.empty()) fail("no pieces: each line after the board's is a piece");
    return puzzle;
  }

 private:
  [[noreturn]] void fail(std::string reason) const {
    throw ParseError(source_, line_ == 0 ? 1 : line_, std::move(reason));
  }

  // "[M|]NAME CELL..." (or "D*NAME CELL..." on cubes).
  Piece piece_of(std::string_view line) {
    std::vector<std::string_view> words = words_of(line);
    std::string_view head = words.front();
    Piece piece;
    const std::size_t mark = head.find(generator_.multiplicity_mark);
    if (mark != std::string_view::npos) {
      read_multiplicity(head.substr(0, mark), piece);
      head.remove_prefix(mark + 1);
    }
    if (head.empty()) fail("a piece has no name: its line is [multiplicity] NAME CELL...");
    for (char c : head) {
      if (!is_name_char(c)) {
        fail("piece name " + quoted(head) +
             " has a character other than letters, digits, '_' and '-'");
      }
    }
    piece.name = std::string(head);
    words.erase(words.begin());
    piece.shape = shape_of(cells_of(words));
    if (piece.shape.size() == 0) fail("piece " + quoted(piece.name) + " has no cells");
    return piece;
  }

  // polyomino-dlx and polyiamond-dlx: "N" or "U:V" (at least U of V copies),
  // as DLX's multiplicities; polycube-dlx: one base-62 digit.
  void read_multiplicity(std::string_view text, Piece& piece) {
    const std::string what =
        "multiplicity " + quoted(text) + " before '" + generator_.multiplicity_mark + "'";
    if (generator_.multiplicity_mark == '*') {
      const int copies = text.size() == 1 ? digit_value(text[0]) : -1;
      if (copies < 0) fail(what + " is not one digit (0-9, a-z, A-Z)");
      if (copies == 0) fail(what + " places no copy: it must be 1 or more");
      piece.copies = copies;
      return;
    }
    const std::size_t colon = text.find(':');
    const int most = decimal(text.substr(colon == std::string_view::npos ? 0 : colon + 1), what);
    if (most < 1) fail(what + " places no copy: it must be 1 or more");
    piece.copies = most;
    if (colon != std::string_view::npos) {
      const int least = decimal(text.substr(0, colon), what);
      if (least > most) fail(what + " asks for more copies at least than at most");
      piece.min_copies = least;
    }
  }

  int decimal(std::string_view text, const std::string& what) {
    if (text.empty() || text.size() > 6) fail(what + " is not N or U:V (decimal numbers)");
    int value = 0;
    for (char c : text) {
      if (c < '0' || c > '9') fail(what + " is not N or U:V (decimal numbers)");
      value = value * 10 + (c - '0');
    }
    return value;
  }

  Shape shape_of(std::vector<Cell> cells) const {
    Shape shape(std::move(cells));
    // The triangles' rows count down from -y: moved to the origin by a
    // translation of the lattice, as every other shape starts.
    if (lattice_ == Lattice::triangle && shape.size() > 0) return normalized(lattice_, shape);
    return shape;
  }

  std::vector<Cell> cells_of(const std::vector<std::string_view>& specs) {
    std::vector<Cell> cells;
    for (std::string_view spec : specs) add_cells(spec, cells);
    return cells;
  }

  // One cell spec: a coordinate set a direction, then (on triangles) an
  // optional prime; every combination of the sets' values is a cell.
  void add_cells(std::string_view spec, std::vector<Cell>& cells) {
    std::array<std::uint64_t, 3> sets{1, 1, 1};  // a plane's third set: {0}
    std::size_t at = 0;
    for (int axis = 0; axis < generator_.coordinates; ++axis) {
      if (at == spec.size()) {
        fail("cell " + quoted(spec) + " has " + std::to_string(axis) + " coordinate" +
             (axis == 1 ? "" : "s") + ", not " + std::to_string(generator_.coordinates) +
             " (a digit 0-9, a-z, A-Z or a set such as [0-5] each)");
      }
      sets[static_cast<std::size_t>(axis)] = coordinate_set(spec, at);
    }
    bool prime = false;
    const std::string_view suffix = spec.substr(at);
    if (generator_.primes && suffix == "'") {
      prime = true;
    } else if (!suffix.empty()) {
      fail("cell " + quoted(spec) + " ends in " + quoted(suffix) + " after its " +
           std::to_string(generator_.coordinates) + " coordinates: " + suffix_reason());
    }
    for (int x = 0; x < radix; ++x) {
      if ((sets[0] >> x & 1) == 0) continue;
      for (int y = 0; y < radix; ++y) {
        if ((sets[1] >> y & 1) == 0) continue;
        for (int z = 0; z < radix; ++z) {
          if ((sets[2] >> z & 1) != 0) cells.push_back(lattice_cell(lattice_, {x, y, z}, prime));
        }
      }
    }
  }

  std::string suffix_reason() const {
    if (generator_.primes) {
      return "only a prime (a down triangle) may follow; other suffixes name secondary items, "
             "which a polyform cell is not";
    }
    if (lattice_ == Lattice::cube) return "a space must follow";
    return "suffixes name secondary items, which a polyform cell is not";
  }

  // A digit, or "[...]": digits and ranges "a-b" (a <= b), in any order;
  // "[]" is an empty set. Returns the set as bits and moves `at` past it.
  std::uint64_t coordinate_set(std::string_view spec, std::size_t& at) {
    const std::string cell = "cell " + quoted(spec);
    if (spec[at] != '[') {
      const int value = digit_value(spec[at]);
      if (value < 0) {
        fail(cell + ": " + quoted(spec.substr(at, 1)) +
             " is not a coordinate (a digit 0-9, a-z, A-Z or a set such as [0-5])");
      }
      ++at;
      return std::uint64_t{1} << value;
    }
    std::uint64_t set = 0;
    int last = -1;  // the digit just read, which may start a range
    for (++at;; ++at) {
      if (at == spec.size()) fail(cell + ": '[' without its ']'");
      const char c = spec[at];
      if (c == ']') break;
      if (c == '-') {
        const int end = at + 1 < spec.size() ? digit_value(spec[at + 1]) : -1;
        if (last < 0 || end < 0) {
          fail(cell + ": a range is a digit, '-' and a digit, as in [0-5]");
        }
        if (end < last) {
          fail(cell + ": range " + quoted(spec.substr(at - 1, 3)) + " decreases");
        }
        set |= (std::uint64_t{2} << end) - (std::uint64_t{1} << last);
        last = -1;  // "[1-2-3]" is refused, as polyomino-dlx does
        ++at;
        continue;
      }
      last = digit_value(c);
      if (last < 0) {
        fail(cell + ": " + quoted(std::string_view(&spec[at], 1)) +
             " in brackets is not a digit (0-9, a-z, A-Z) or a range");
      }
      set |= std::uint64_t{1} << last;
    }
    ++at;
    return set;
  }

  Lattice lattice_;
  Generator generator_;
  const std::string& source_;
  std::size_t line_ = 0;
};

}  // namespace

Puzzle read_knuth_spec(std::istream& in, Lattice lattice, const std::string& source) {
  return SpecReader(lattice, source).read(in);
}

}  // namespace xcover::polyform
