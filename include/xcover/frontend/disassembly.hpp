// SPDX-License-Identifier: MIT
// A tiling's assemblies taken apart, as the CLI, Python and JavaScript show
// them: which of the tilings found come apart (BurrTools' solutions among
// its assemblies), counted as they are found on any thread; the level and
// the moves as text; and the order of the hardest first.
//
//   namespace fe = xcover::frontend;
//   // --disassemble --min-level 3, as the CLI was given them:
//   const auto filter = fe::assembly_filter(fe::FrontEnd::cli, true, 3, true);
//   fe::Assemblies apart(tiling, *filter);
//   fe::KeptSolutions kept(solver, options, [&](const xcover::Solution& s) {
//     return apart.keep(s);
//   });
//   while (const xcover::Solution* s = kept.next()) {
//     const xcover::polyform::Disassembly found = apart.found(*s);
//     fe::level_line(found);                    // "level 98.2.4.2, 108 moves"
//     fe::plan_lines(tiling, *s, found);        // "move B right 2", ...
//   }
//   apart.assemblies();  // every assembly met, apart or not
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/solver.hpp"

namespace xcover::frontend {

// Which assemblies Assemblies keeps, and what it keeps of them.
struct AssemblyFilter {
  // Keep only those whose first part needs at least this many moves to
  // come off (the first number of the level; 0: every one that comes
  // apart).
  std::uint64_t min_level = 0;
  // Keep the disassembly of each assembly kept until found() asks for it
  // (a caller that shows every solution kept; else found() takes it apart
  // again).
  bool remember = false;
};

// The filter a front end's disassemble and min-level ask for, remembering
// each disassembly kept when `remember`: std::nullopt without disassemble.
// OptionError for a min-level without disassemble: "--min-level keeps
// solutions by their disassembly: give --disassemble too", each option as
// `front` spells it ("min_level ... disassemble=True", "minLevel ...
// disassemble: true").
XCOVER_API std::optional<AssemblyFilter> assembly_filter(FrontEnd front, bool disassemble,
                                                         std::uint64_t min_level,
                                                         bool remember = false);

// The assemblies of a tiling, its tilings that Tiling::keep keeps (every
// one without --distinct's check), and which of them come apart: keep()
// is a frontend::Keep or a search's keep filter, safe on any thread.
class XCOVER_API Assemblies {
 public:
  // `tiling` is borrowed: it must outlive this.
  explicit Assemblies(const polyform::Tiling& tiling, AssemblyFilter filter = {});
  // (A temporary tiling would be gone before the first solution.)
  Assemblies(const polyform::Tiling&& tiling, AssemblyFilter filter = {}) = delete;

  // Whether `solution` is an assembly that comes apart as the filter asks:
  // the solutions. Counts every assembly it is given (the ones Tiling::keep
  // skips are not assemblies: they are counted once, in their class).
  bool keep(const Solution& solution);
  // How `solution` comes apart: what keep() found for it, handed over once
  // when the filter remembers, or taken apart now.
  polyform::Disassembly found(const Solution& solution);
  // The assemblies keep() has met.
  std::uint64_t assemblies() const { return assemblies_.load(); }

 private:
  const polyform::Tiling& tiling_;
  AssemblyFilter filter_;
  std::atomic<std::uint64_t> assemblies_{0};
  std::mutex mutex_;                                              // guards remembered_, idle_
  std::map<std::vector<int>, polyform::Disassembly> remembered_;  // by the solution's options
  // The disassemblers no thread is using (each keeps what it learnt of the
  // tiling's shapes for the next assembly it takes).
  std::vector<std::unique_ptr<polyform::Disassembler>> idle_;
  polyform::Disassembly take_apart(const Solution& solution, bool plan);
};

// What count_apart counted.
struct AssemblyCount {
  CountResult solutions;         // the assemblies that come apart, as the filter asks
  std::uint64_t assemblies = 0;  // every assembly met (those Tiling::keep keeps)
};

// The solutions of `tiling` that `filter` keeps, counted as polyform::count
// counts (options.solution_limit counts them; `threads`: 0 one per CPU),
// each assembly taken apart on the thread that found it: the CLI's
// --count --disassemble, Python's and JavaScript's count(disassemble).
XCOVER_API AssemblyCount count_apart(const polyform::Tiling& tiling, AssemblyFilter filter,
                                     const SearchOptions& options = {}, unsigned threads = 1);

// "level 98.2.4.2, 108 moves", as the CLI writes it above a solution
// ("not apart" when it does not come apart).
XCOVER_API std::string level_line(const polyform::Disassembly& found);

// The word for a step of a move, as the cells' own axes say: on cubes
// right, left (columns), down, up (rows), back, front (layers); on prisms
// right, left (two columns: a triangle's width), back, front, and along
// the triangles' slanted edges up-right, up-left, down-right, down-left (a
// row and a column). Another step is written "(row, col, layer)".
XCOVER_API std::string direction_name(polyform::Cell direction);

// The moves of `found`, `solution`'s disassembly, one line each:
// "move A B right 2" (pieces by their labels, polyform::placement_labels),
// "remove C up 3" for a move that takes a part off for good.
XCOVER_API std::vector<std::string> plan_lines(const polyform::Tiling& tiling,
                                               const Solution& solution,
                                               const polyform::Disassembly& found);

// Whether `a` is a harder disassembly than `b`, the order designers rank
// by: a level greater number by number (the first part's moves, then the
// next; a level that goes on past the other's is greater), then more moves
// in all. Apart before not apart.
XCOVER_API bool harder(const polyform::Disassembly& a, const polyform::Disassembly& b);

}  // namespace xcover::frontend
