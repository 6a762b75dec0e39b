// SPDX-License-Identifier: MIT
// A tiling's assemblies taken apart, and their levels and moves as text.
#include "xcover/frontend/disassembly.hpp"

#include <utility>

#include "xcover/parallel.hpp"

namespace xcover::frontend {

namespace pf = polyform;

std::optional<AssemblyFilter> assembly_filter(FrontEnd front, bool disassemble,
                                              std::uint64_t min_level, bool remember) {
  if (disassemble) return AssemblyFilter{.min_level = min_level, .remember = remember};
  if (min_level == 0) return std::nullopt;
  // (Tiling options, not search options: search_option_table has no rows
  // for them, and only these two words to spell.)
  const auto [least, apart] = [front]() -> std::pair<const char*, const char*> {
    switch (front) {
      case FrontEnd::cli:
        return {"--min-level", "--disassemble"};
      case FrontEnd::python:
        return {"min_level", "disassemble=True"};
      case FrontEnd::javascript:
        return {"minLevel", "disassemble: true"};
    }
    return {"min-level", "disassemble"};
  }();
  throw OptionError(std::string(least) + " keeps solutions by their disassembly: give " + apart +
                    " too");
}

Assemblies::Assemblies(const pf::Tiling& tiling, AssemblyFilter filter)
    : tiling_(tiling), filter_(filter) {}

pf::Disassembly Assemblies::take_apart(const Solution& solution, bool plan) {
  std::unique_ptr<pf::Disassembler> apart;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      apart = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!apart) apart = std::make_unique<pf::Disassembler>(tiling_);
  // (Without the plan unless it is kept. A throw drops this disassembler.)
  pf::Disassembly found = plan ? (*apart)(solution) : apart->level(solution);
  const std::lock_guard<std::mutex> lock(mutex_);
  idle_.push_back(std::move(apart));
  return found;
}

bool Assemblies::keep(const Solution& solution) {
  if (tiling_.needs_keep() && !tiling_.keep(solution)) return false;
  ++assemblies_;
  pf::Disassembly found = take_apart(solution, filter_.remember);
  if (!found.apart || found.level.empty() || found.level.front() < filter_.min_level) return false;
  if (filter_.remember) {
    const std::lock_guard<std::mutex> lock(mutex_);
    remembered_.insert_or_assign(solution.options, std::move(found));
  }
  return true;
}

pf::Disassembly Assemblies::found(const Solution& solution) {
  if (filter_.remember) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (auto at = remembered_.find(solution.options); at != remembered_.end()) {
      pf::Disassembly found = std::move(at->second);
      remembered_.erase(at);
      return found;
    }
  }
  return take_apart(solution, true);
}

AssemblyCount count_apart(const pf::Tiling& tiling, AssemblyFilter filter,
                          const SearchOptions& options, unsigned threads) {
  filter.remember = false;  // (nothing asks for them)
  Assemblies apart(tiling, filter);
  ParallelOptions parallel;
  parallel.threads = threads;
  parallel.search = options;
  parallel.keep_work_on_stop = false;
  const pf::KeptSearch kept = pf::search_kept(
      tiling.problem, [&](const Solution& solution) { return apart.keep(solution); }, nullptr,
      parallel);
  return {CountResult{kept.statistics.solutions, kept.status}, apart.assemblies()};
}

std::string level_line(const pf::Disassembly& found) {
  if (!found.apart) return "not apart";
  return "level " + pf::level_text(found) + ", " + std::to_string(found.moves) +
         (found.moves == 1 ? " move" : " moves");
}

std::string direction_name(pf::Cell d) {
  // (A prism's step along a row is two columns, a triangle's width.)
  if (d == pf::Cell{0, 1, 0} || d == pf::Cell{0, 2, 0}) return "right";
  if (d == pf::Cell{0, -1, 0} || d == pf::Cell{0, -2, 0}) return "left";
  if (d == pf::Cell{1, 0, 0}) return "down";
  if (d == pf::Cell{-1, 0, 0}) return "up";
  if (d == pf::Cell{0, 0, 1}) return "back";
  if (d == pf::Cell{0, 0, -1}) return "front";
  // A prism's steps along the triangles' slanted edges: a row and a column.
  if (d == pf::Cell{-1, 1, 0}) return "up-right";
  if (d == pf::Cell{-1, -1, 0}) return "up-left";
  if (d == pf::Cell{1, 1, 0}) return "down-right";
  if (d == pf::Cell{1, -1, 0}) return "down-left";
  return "(" + std::to_string(d.row) + ", " + std::to_string(d.col) + ", " +
         std::to_string(d.layer) + ")";
}

std::vector<std::string> plan_lines(const pf::Tiling& tiling, const Solution& solution,
                                    const pf::Disassembly& found) {
  const std::vector<std::string> labels = pf::placement_labels(tiling, solution);
  std::vector<std::string> lines;
  for (const pf::Move& move : found.plan) {
    std::string line = move.removes ? "remove" : "move";
    for (const std::size_t piece : move.pieces) line += " " + labels.at(piece);
    line += " " + direction_name(move.direction) + " " + std::to_string(move.distance);
    lines.push_back(std::move(line));
  }
  return lines;
}

bool harder(const pf::Disassembly& a, const pf::Disassembly& b) {
  if (a.apart != b.apart) return a.apart;
  if (a.level != b.level) return a.level > b.level;
  return a.moves > b.moves;
}

}  // namespace xcover::frontend
