// SPDX-License-Identifier: MIT
// xcover polyform's solutions as JSON, and with their disassembly.
#include "commands/polyform_output.hpp"

#include <algorithm>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

#include "xcover/frontend/disassembly.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::cli {

namespace pf = polyform;

const char* const tiling_json_help =
    "one object on one line: \"solutions\" (each its \"options\", its \"pieces\", each a "
    "\"name\" and \"cells\" as [row, column, layer], and with --disassemble its \"level\", "
    "\"moves\" and \"plan\"), \"count\", with --disassemble \"assemblies\", \"status\" and "
    "\"statistics\", as solve's";

namespace {

std::string cell_json(pf::Cell c) {
  return "[" + std::to_string(c.row) + "," + std::to_string(c.col) + "," + std::to_string(c.layer) +
         "]";
}

// One solution as --format json writes it, with its disassembly if given.
std::string solution_json(const pf::Tiling& tiling, const Solution& solution,
                          const pf::Disassembly* found) {
  const std::vector<std::string> labels = pf::placement_labels(tiling, solution);
  std::string out = "{\"options\":[";
  for (std::size_t k = 0; k < solution.options.size(); ++k)
    out += (k ? "," : "") + std::to_string(solution.options[k]);
  out += "],\"pieces\":[";
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    out += std::string(k ? "," : "") + "{\"name\":" + json_string(labels[k]) + ",\"cells\":[";
    const pf::Shape& cells = tiling.placements[static_cast<std::size_t>(solution.options[k])].cells;
    for (std::size_t j = 0; j < cells.cells().size(); ++j)
      out += (j ? "," : "") + cell_json(cells.cells()[j]);
    out += "]}";
  }
  out += "]";
  if (found) {
    out += ",\"level\":[";
    for (std::size_t k = 0; k < found->level.size(); ++k)
      out += (k ? "," : "") + std::to_string(found->level[k]);
    out += "],\"moves\":" + std::to_string(found->moves) + ",\"plan\":[";
    for (std::size_t k = 0; k < found->plan.size(); ++k) {
      const pf::Move& move = found->plan[k];
      out += std::string(k ? "," : "") + "{\"pieces\":[";
      for (std::size_t j = 0; j < move.pieces.size(); ++j)
        out += (j ? "," : "") + json_string(labels.at(move.pieces[j]));
      out += "],\"direction\":" + cell_json(move.direction) +
             ",\"distance\":" + std::to_string(move.distance) +
             ",\"removes\":" + (move.removes ? "true" : "false") + "}";
    }
    out += "]";
  }
  return out + "}";
}

}  // namespace

void check_tiling_output(const PuzzleFlags& flags, const TilingOutput& asked) {
  const bool stl = flags.stl();
  (void)as_usage([&] {
    return frontend::assembly_filter(frontend::FrontEnd::cli, asked.disassemble, asked.min_level);
  });
  if (asked.moves && !asked.disassemble)
    throw UsageError("--moves prints how each solution comes apart: give --disassemble too");
  if (asked.sort_level && !asked.disassemble)
    throw UsageError(
        "--sort level orders the solutions by their disassembly: give --disassemble "
        "too");
  if (asked.moves && stl)
    throw UsageError(
        "--moves prints the moves as text or draws them (--format svg); --format stl does not "
        "show them (--format json has them)");
  if (asked.sort_level && flags.search.count)
    throw UsageError(
        "--sort level orders the solutions printed; --count prints a number: give "
        "one");
  if (asked.sort_level && stl)
    throw UsageError(
        "--sort level orders the solutions printed; --format stl writes them as "
        "they come: give text, json or svg");
}

int run_tiling_output(const pf::Tiling& tiling, const PuzzleFlags& flags, PuzzleViews views,
                      const TilingOutput& asked) {
  check_tiling_output(flags, asked);
  const bool json = flags.json(), svg = flags.svg(), stl = flags.stl();
  const bool count = flags.search.count;
  // The assemblies that come apart are the solutions; the assemblies are
  // counted beside them, on any thread. Each kept solution's disassembly
  // waits for its printing, where something prints it.
  std::optional<frontend::Assemblies> assemblies;
  Visitor keep;
  const bool shown = !count && !stl && (!svg || asked.sort_level || asked.moves);
  if (const auto filter = frontend::assembly_filter(frontend::FrontEnd::cli, asked.disassemble,
                                                    asked.min_level, shown)) {
    assemblies.emplace(tiling, *filter);
    keep = [&](const Solution& solution) { return assemblies->keep(solution); };
  } else if (tiling.needs_keep()) {
    keep = [&](const Solution& solution) { return tiling.keep(solution); };
  }
  // A solution as text: with its level first, as burrTxt writes it, and
  // its moves after, with --moves.
  const auto with_level = [&](const SolutionPicture& picture, const Solution& solution,
                              const pf::Disassembly& found) {
    std::vector<std::string> lines = picture(solution);
    lines.insert(lines.begin(), frontend::level_line(found));
    if (asked.moves)
      for (std::string& line : frontend::plan_lines(tiling, solution, found))
        lines.push_back(std::move(line));
    return lines;
  };
  const SolutionPicture& picture =
      flags.takes_color && use_color(flags.color) && views.colored ? views.colored : views.text;
  const auto json_end = [&](Status status, const Statistics& stats, unsigned threads) {
    std::cout << (count ? "{" : "],")
              << (assemblies ? "\"assemblies\":" + std::to_string(assemblies->assemblies()) + ","
                             : "")
              << json_search_end(status, stats, threads) << "}\n";
  };
  int code = 0;
  if (asked.sort_level) {
    // Every solution, then the hardest first: --limit N prints the N
    // hardest (the search itself has no limit).
    struct Kept {
      Solution solution;
      pf::Disassembly found;
    };
    std::vector<Kept> kept;
    SearchFlags all = flags.search;
    all.limit = 0;
    code = run_search(
        tiling.problem, all,
        [&](const Solution& solution, std::uint64_t) {
          kept.push_back(Kept{solution, assemblies->found(solution)});
        },
        [&](Status status, const Statistics& stats, unsigned threads) {
          std::stable_sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) {
            return frontend::harder(a.found, b.found);
          });
          if (flags.search.limit != 0 && kept.size() > flags.search.limit)
            kept.resize(flags.search.limit);
          if (json) std::cout << "{\"solutions\":[";
          std::vector<std::string> pictures;
          for (std::size_t k = 0; k < kept.size(); ++k) {
            if (json) {
              std::cout << (k ? "," : "")
                        << solution_json(tiling, kept[k].solution, &kept[k].found);
            } else if (svg) {
              pictures.push_back(asked.moves ? render_svg(tiling, kept[k].solution, kept[k].found)
                                             : views.svg(kept[k].solution));
            } else {
              if (k) std::cout << '\n';
              for (const std::string& line : with_level(picture, kept[k].solution, kept[k].found))
                std::cout << line << '\n';
            }
          }
          if (json) json_end(status, stats, threads);
          if (pictures.size() == 1) std::cout << pictures.front();
          if (pictures.size() > 1) std::cout << svg_sheet(pictures);
        },
        keep);
  } else if (json) {
    if (!count) std::cout << "{\"solutions\":[";
    code = run_search(
        tiling.problem, flags.search,
        [&](const Solution& solution, std::uint64_t number) {
          std::optional<pf::Disassembly> found;
          if (assemblies) found = assemblies->found(solution);
          std::cout << (number > 1 ? "," : "")
                    << solution_json(tiling, solution, found ? &*found : nullptr);
        },
        json_end, keep);
  } else {
    if (assemblies && asked.moves)
      views.svg = [&](const Solution& solution) {
        return render_svg(tiling, solution, assemblies->found(solution));
      };
    if (assemblies) {
      const SolutionPicture text = views.text, colored = views.colored;
      views.text = [&, text](const Solution& solution) {
        return with_level(text, solution, assemblies->found(solution));
      };
      if (colored)
        views.colored = [&, colored](const Solution& solution) {
          return with_level(colored, solution, assemblies->found(solution));
        };
    }
    code = run_puzzle(tiling.problem, flags, views, keep);
  }
  if (assemblies)
    std::cerr << "xcover " << asked.name << ": " << assemblies->assemblies() << " assembl"
              << (assemblies->assemblies() == 1 ? "y" : "ies")
              << " found; the solutions are those that come apart\n";
  return code;
}

}  // namespace xcover::cli
