// SPDX-License-Identifier: MIT
// --format stl for the tiling commands (polyform, polyomino): solutions as
// solids for 3D printing, in binary STL. One solution, assembled, goes to
// standard output; with --output DIR each solution's assembly and each of
// its pieces go to files of their own there, and their paths to standard
// output.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <system_error>

#include "cli.hpp"
#include "xcover/error.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/puzzles/stl.hpp"

namespace xcover::cli {

// The options of --format stl, and whether each was given (they are refused
// without it).
struct StlFlags {
  std::string output;  // --output DIR: a file per solution and piece there
  double explode = 0;  // --explode F: the assembly's pieces moved apart
  double scale = 10;   // --scale MM: millimetres per edge of a cell
  bool output_given = false;
  bool explode_given = false;
  bool scale_given = false;

  void add_to(po::options_description& options) {
    auto add = options.add_options();
    add("output,o", po::value(&output)->value_name("DIR")->notifier([this](const std::string&) {
      output_given = true;
    }),
        "with --format stl: write each solution into DIR (made if missing) as solution-N.stl, "
        "the pieces assembled, and solution-N-PIECE.stl for each piece alone (PIECE.COPY for "
        "copies), printing their paths; without it, one solution goes to standard output");
    add("explode",
        po::value(&explode)->value_name("F")->notifier([this](double) { explode_given = true; }),
        "with --format stl: move each piece of the assembled solution away from the board's "
        "centre by F times its distance from it (default 0: as they lie)");
    add("scale",
        po::value(&scale)->value_name("MM")->notifier([this](double) { scale_given = true; }),
        "with --format stl: millimetres per edge of a cell (default 10)");
  }

  // UsageError for these options without --format stl (`stl` false), or
  // for values they cannot take.
  void check(bool stl, const SearchFlags& search) const {
    const char* without = output_given ? "--output" : explode_given ? "--explode" : "--scale";
    if (!stl && (output_given || explode_given || scale_given))
      throw UsageError(std::string(without) + " is for --format stl: give --format stl too");
    if (!stl) return;
    if (!std::isfinite(explode) || explode < 0)
      throw UsageError("--explode must be 0 or more, not " + std::to_string(explode));
    if (!std::isfinite(scale) || scale <= 0)
      throw UsageError("--scale must be more than 0, not " + std::to_string(scale));
    if (output_given && output.empty()) throw UsageError("--output needs a directory");
    if (!output_given && search.limit > 1)
      throw UsageError(
          "--format stl writes one solution to standard output; --output DIR writes each of "
          "--limit N to files");
  }
};

namespace detail {

// Writes `solid` to DIR/NAME.stl and prints the path.
inline void write_solid_file(const std::filesystem::path& dir, const std::string& name,
                             const polyform::Solid& solid) {
  const std::string path = (dir / (name + ".stl")).string();
  std::ofstream out(path, std::ios::binary);
  if (!out) throw FileError(path, std::strerror(errno));
  polyform::write_stl(out, solid);
  out.flush();
  if (!out) throw FileError(path, std::strerror(errno != 0 ? errno : EIO));
  std::cout << path << '\n';
}

// A piece's label as a file name: NAME:COPY becomes NAME.COPY (no piece's
// name has a '.', and ':' is no file name's on every system).
inline std::string file_label(std::string label) {
  for (char& c : label)
    if (c == ':') c = '.';
  return label;
}

}  // namespace detail

// Searches `problem` (the tiling's) and writes its solutions as --format
// stl says; returns the exit code. `tiling` may be null for a problem known
// to have no solution. UsageError for a lattice without geometry, or binary
// output to a terminal.
inline int run_stl(const Problem& problem, const SearchFlags& search, const StlFlags& flags,
                   const polyform::Tiling* tiling, const Visitor& keep) {
  if (tiling && !polyform::has_geometry(tiling->lattice))
    throw UsageError(std::string("--format stl: the ") + polyform::to_string(tiling->lattice) +
                     " lattice has no solid geometry yet");
  const polyform::SolidOptions options{.scale = flags.scale, .explode = flags.explode};
  auto checked = [&]() -> const polyform::Tiling& {
    if (!tiling) throw std::logic_error("--format stl: a solution without its tiling");
    return *tiling;
  };
  if (!flags.output_given) {
    if (isatty(STDOUT_FILENO) == 1)
      throw UsageError(
          "--format stl writes binary STL: send standard output to a file or a program, or "
          "give --output DIR");
    SearchFlags first = search;
    first.limit = 1;
    return run_search(
        problem, first,
        [&](const Solution& solution, std::uint64_t) {
          polyform::write_stl(std::cout, polyform::assembled_solid(checked(), solution, options));
        },
        {}, keep);
  }
  const std::filesystem::path dir(flags.output);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw FileError(flags.output, error ? error.message() : "not a directory");
  return run_search(
      problem, search,
      [&](const Solution& solution, std::uint64_t number) {
        const std::string stem = "solution-" + std::to_string(number);
        detail::write_solid_file(dir, stem,
                                 polyform::assembled_solid(checked(), solution, options));
        for (const polyform::Solid& piece : polyform::piece_solids(checked(), solution, options))
          detail::write_solid_file(dir, stem + "-" + detail::file_label(piece.name), piece);
      },
      {}, keep);
}

}  // namespace xcover::cli
