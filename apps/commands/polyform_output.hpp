// SPDX-License-Identifier: MIT
// How `xcover polyform` writes a tiling's solutions beyond run_puzzle's
// text and pictures: --format json, and with --disassemble each solution's
// level (--moves: its moves), the hardest first with --sort level.
#pragma once

#include <cstdint>
#include <string>

#include "cli/puzzle_search.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::cli {

// What the command line asks of a tiling's solutions.
struct TilingOutput {
  std::string name;             // the command's, for its messages
  bool disassemble = false;     // keep the assemblies that come apart
  std::uint64_t min_level = 0;  // and of those, the ones whose first part needs this many moves
  bool moves = false;           // print each solution's moves
  bool sort_level = false;      // print the hardest first
};

// The option --format json's help gives for a tiling.
extern const char* const tiling_json_help;

// UsageError for what `asked` and `flags` cannot do together: --moves,
// --sort or --min-level without --disassemble, --sort with --count, and
// the formats that cannot show them.
void check_tiling_output(const PuzzleFlags& flags, const TilingOutput& asked);

// Searches `tiling` as `flags` say and writes its solutions (`views` for
// text and pictures) as `asked` says: the exit code (check_tiling_output
// first).
int run_tiling_output(const polyform::Tiling& tiling, const PuzzleFlags& flags, PuzzleViews views,
                      const TilingOutput& asked);

}  // namespace xcover::cli
