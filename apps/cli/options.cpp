// SPDX-License-Identifier: MIT
// The CLI's version line, option parsing, the number parsers and the
// search flags every command shares.
#include "xcover/frontend/options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iostream>

#include "cli.hpp"
#include "input.hpp"
#include "xcover/frontend/names.hpp"
#include "xcover/parallel.hpp"
#include "xcover/version.hpp"

namespace xcover::cli {

// The one place the CLI's version is written.

const char* kernels_in_use() { return to_string(default_kernels()); }

std::string version_line() {
  std::string line = std::string("xcover ") + xcover::version_string + " (kernels: ";
  try {
    line += kernels_in_use();
  } catch (const Error& e) {  // XCOVER_KERNELS names no set this processor runs
    line += e.what();
  }
  line += "; this processor supports";
  for (Kernels k : {Kernels::baseline, Kernels::avx2, Kernels::avx512, Kernels::avx512icl}) {
    if (supports(k)) line.append(" ").append(to_string(k));
  }
  return line + ")";
}

bool parse_options(const std::string& command, const std::string& synopsis,
                   const po::options_description& visible, const po::options_description& hidden,
                   const po::positional_options_description& positional,
                   const std::vector<std::string>& args, po::variables_map& vm) {
  po::options_description general;
  general.add_options()("version", "print the version and the kernels in use");
  po::options_description all;
  all.add(visible).add(general).add(hidden);
  // Options by their exact names only: Boost would take any unambiguous
  // prefix (--thread for --threads), which a later option could make
  // ambiguous or point elsewhere.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).style(style).run(),
              vm);
    if (vm.count("help")) {
      po::options_description shown;
      shown.add(visible).add(general);
      std::cout << "usage: xcover " << command << ' ' << synopsis << "\n\n" << shown;
      return false;
    }
    if (vm.count("version")) {
      std::cout << version_line() << '\n';
      return false;
    }
    po::notify(vm);
  } catch (const po::too_many_positional_options_error&) {
    throw UsageError("too many operands: usage: xcover " + command + ' ' +
                     synopsis.substr(0, synopsis.find('\n')));
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return true;
}

std::string one_file(const std::vector<std::string>& files) {
  if (files.size() > 1)
    throw UsageError("one problem at a time: give one FILE (or none, for standard input), not " +
                     std::to_string(files.size()));
  return files.empty() ? "-" : files.front();
}

namespace {

[[noreturn]] void refuse(const std::string& option, const std::string& what,
                         const std::string& text) {
  throw UsageError(option + " must be " + what + ", not '" + text + "'");
}

}  // namespace

std::uint64_t parse_count(const std::string& option, const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  // from_chars takes no sign, no spaces, no "0x": digits only.
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error == std::errc::result_out_of_range) refuse(option, "a whole number below 2^64", text);
  if (text.empty() || error != std::errc() || stop != end)
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::count), text);
  return value;
}

std::uint64_t parse_positive_count(const std::string& option, const std::string& text) {
  std::uint64_t value = 0;
  try {
    value = parse_count(option, text);
  } catch (const UsageError&) {
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::positive_count), text);
  }
  if (value == 0)
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::positive_count), text);
  return value;
}

double parse_seconds(const std::string& option, const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  // from_chars reads "inf" and "nan" too; neither is a duration.
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < 0)
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::seconds), text);
  return value;
}

int parse_size(const std::string& option, const std::string& text) {
  const std::uint64_t value = parse_count(option, text);
  if (value < 1 || value > 4096) refuse(option, "a whole number from 1 to 4096", text);
  return static_cast<int>(value);
}

unsigned parse_threads(const std::string& option, const std::string& text) {
  // Any bad value ("-1", "x", "5000") says the range, as Python's threads= does.
  std::uint64_t value = 0;
  try {
    value = parse_count(option, text);
  } catch (const UsageError&) {
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::threads), text);
  }
  if (value > max_threads)
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::threads), text);
  return static_cast<unsigned>(value);
}

double parse_mebibytes(const std::string& option, const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < 0)
    refuse(option, frontend::what_kind_takes(frontend::OptionKind::mebibytes), text);
  if (value != 0 && value < min_memory_limit)
    refuse(option,
           "0 (no limit) or at least " + std::to_string(static_cast<int>(min_memory_limit)) +
               " (MiB, what the program alone needs)",
           text);
  if (value > max_memory_limit) refuse(option, "at most 2^40 (MiB)", text);
  return value;
}

namespace {

namespace fe = xcover::frontend;

// What --FLAG reads into: a switch, a number through its parser, or a word.
po::value_semantic* target_of(SearchFlags& f, fe::Option option) {
  using fe::Option;
  switch (option) {
    case Option::count:
      return po::bool_switch(&f.count);
    case Option::limit:
      return number(f.limit, "--limit", parse_count);
    case Option::stats:
      return po::bool_switch(&f.stats);
    case Option::progress:
      return po::bool_switch(&f.progress);
    case Option::no_progress:
      return po::bool_switch(&f.no_progress);
    case Option::time_limit:
      return number(f.time_limit, "--time-limit", parse_seconds);
    case Option::node_limit:
      return number(f.node_limit, "--node-limit", parse_count);
    case Option::seed:
      return number(f.seed, "--seed", parse_count);
    case Option::estimate:
      return number(f.estimate, "--estimate", parse_positive_count);
    case Option::threads:
      return number(f.threads, "--threads", parse_threads);
    case Option::ordered:
      return po::bool_switch(&f.ordered);
    case Option::checkpoint:
      return po::value(&f.checkpoint);
    case Option::checkpoint_every:
      return number(f.checkpoint_every, "--checkpoint-every", parse_seconds);
    case Option::propagate:
      return po::bool_switch(&f.propagate);
    case Option::item_choice:
      return po::value(&f.item_choice);
    case Option::layout:
      return po::value(&f.layout);
    case Option::memo:
      return po::bool_switch(&f.memo);
    case Option::no_memo:
      return po::bool_switch(&f.no_memo);
    case Option::no_symmetry:
      return po::bool_switch(&f.no_symmetry);
    case Option::zdd:
      return po::value(&f.zdd);
    case Option::zdd_format:
      return po::value(&f.zdd_format_name);
    case Option::zdd_order:
      return po::value(&f.zdd_order_name);
    case Option::memory_limit:
      return number(f.memory_limit, "--memory-limit", parse_mebibytes);
    case Option::resume:
      return po::value(&f.resume);
    case Option::mpi:
      return po::bool_switch(&f.mpi);
    case Option::progress_interval:
    case Option::symmetry:
      break;  // (not the CLI's)
  }
  return nullptr;
}

}  // namespace

void SearchFlags::add_to(po::options_description& options) {
  // Every flag from the library's one table (xcover/frontend/options.hpp):
  // its name, its value's name and its help.
  for (const fe::OptionSpec& row : fe::search_option_table()) {
    if (row.cli.empty()) continue;
#ifndef XCOVER_WITH_MPI
    if (row.option == fe::Option::mpi) continue;
#endif
    po::value_semantic* target = target_of(*this, row.option);
    if (!row.value_name.empty())
      static_cast<po::typed_value<std::string>*>(target)->value_name(std::string(row.value_name));
    std::string name(row.cli);
    if (row.cli_short != 0) name.append(",").push_back(row.cli_short);
    options.add_options()(name.c_str(), target, std::string(row.help).c_str());
  }
}

CountOptions SearchFlags::count_options() const {
  CountOptions how;
  how.counting = memo ? Counting::memo : no_memo ? Counting::plain : Counting::automatic;
  how.symmetry = !no_symmetry;
  // Under --memory-limit the memo takes at most half of it.
  if (memory_limit > 0) how.memo_bytes = static_cast<std::uint64_t>(memory_limit * 1048576 / 2);
  return how;
}

std::string layout_name(Layout layout) { return std::string(fe::name_of(layout)); }

Layout SearchFlags::memory_layout() const {
  return as_usage(
      [&] { return fe::value_named<Layout>(fe::Option::layout, fe::FrontEnd::cli, layout); });
}

void refuse_unfollowed(Layout layout, const TreeOptions& options) {
  as_usage([&] { fe::check_followed(fe::FrontEnd::cli, layout, options); });
}

fe::Given SearchFlags::given() const {
  using fe::Option;
  fe::Given given;
  given.add(Option::count, count)
      .add(Option::limit, limit != 0)
      .add(Option::node_limit, node_limit != 0)
      .add(Option::seed, seed != 0)
      .add(Option::estimate, estimate != 0)
      .add(Option::ordered, ordered)
      .add(Option::checkpoint, !checkpoint.empty())
      .add(Option::resume, !resume.empty())
      .add(Option::mpi, mpi)
      .add(Option::propagate, propagate)
      .add(Option::item_choice, item_choice != fe::name_of(ItemChoice::first_shortest))
      .add(Option::layout, memory_layout() != Layout::automatic)
      .add(Option::memo, memo)
      .add(Option::no_memo, no_memo)
      .add(Option::no_symmetry, no_symmetry)
      .add(Option::zdd, !zdd.empty())
      .add(Option::zdd_format, !zdd_format_name.empty())
      .add(Option::zdd_order, !zdd_order_name.empty());
  return given;
}

SearchOptions SearchFlags::search_options() const {
  if (checkpoint_every <= 0) throw UsageError("--checkpoint-every must be positive, not 0");
  const fe::Given asked = given();
  if (asked.has(fe::Option::ordered) &&
      (asked.has(fe::Option::checkpoint) || asked.has(fe::Option::resume)))
    as_usage([&] { fe::check_together(fe::FrontEnd::cli, asked); });
  if (asked.has(fe::Option::layout) && asked.has(fe::Option::mpi))
    as_usage([&] { fe::check_together(fe::FrontEnd::cli, asked); });
  // A checkpoint that cannot be written is said now, not after hours.
  const std::string& checkpoint_path = !checkpoint.empty() ? checkpoint : resume;
  if (!checkpoint_path.empty()) check_checkpoint_path(checkpoint_path);
  if (!zdd.empty() && count && zdd == "-")
    throw UsageError("--zdd takes a file name: standard output carries the count");
  as_usage([&] {
    if (!zdd.empty() && !zdd_format_name.empty())
      fe::value_named<ZddFormat>(fe::Option::zdd_format, fe::FrontEnd::cli, zdd_format_name);
    if (!zdd.empty() && !zdd_order_name.empty())
      fe::value_named<ZddOrder>(fe::Option::zdd_order, fe::FrontEnd::cli, zdd_order_name);
    fe::check_together(fe::FrontEnd::cli, asked);
  });
  // A file that cannot be written is said now, not after the search (the
  // diagram is written as a checkpoint is: beside it, then renamed).
  if (!zdd.empty()) check_checkpoint_path(zdd);
  apply_memory_limit(memory_limit);
  SearchOptions options;
  options.solution_limit = limit;
  options.node_limit = node_limit;
  // The limit holds for the whole command: reading and building count.
  set_command_time_limit(time_limit);
  options.time_limit = command_time_left();
  // (With --estimate the seed is the probes'.)
  options.random_seed = estimate != 0 ? 0 : seed;
  options.propagate = propagate;
  options.item_choice = as_usage([&] {
    return fe::value_named<ItemChoice>(fe::Option::item_choice, fe::FrontEnd::cli, item_choice);
  });
  options.cancel = &interrupted();
  if (progress || (!no_progress && stderr_is_terminal())) {
    options.on_progress = print_progress;
    options.progress_seconds = 1.0;
  }
  return options;
}

}  // namespace xcover::cli
