// SPDX-License-Identifier: MIT
// The bindings' shared helpers (bindings.hpp).
#include "bindings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "xcover/frontend/names.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace xcover::web {

namespace fe = xcover::frontend;

namespace {

struct Thrown {
  std::string name = "Error";
  std::string message;
  std::string source;  // a ParseError's
  std::size_t line = 0;
  bool parse = false;
};

Thrown describe(const std::exception_ptr& error) {
  Thrown thrown;
  try {
    std::rethrow_exception(error);
  } catch (const CallbackThrew&) {
    thrown.name = "CallbackThrew";
    thrown.message = "a callback threw";
  } catch (const ParseError& e) {
    thrown.name = "ParseError";
    thrown.message = e.what();
    thrown.source = e.source();
    thrown.line = e.line();
    thrown.parse = true;
  } catch (const SudokuError& e) {
    thrown.name = "SudokuError";
    thrown.message = e.what();
  } catch (const CountOverflow& e) {
    thrown.name = "CountOverflow";
    thrown.message = e.what();
  } catch (const ProblemError& e) {
    thrown.name = "ProblemError";
    thrown.message = e.what();
  } catch (const Error& e) {
    thrown.message = e.what();
  } catch (const std::bad_alloc&) {
    thrown.name = "RangeError";
    thrown.message = "out of memory: the problem is larger than WebAssembly's 4 GiB";
  } catch (const std::exception& e) {
    thrown.message = e.what();
  } catch (...) {
    thrown.message = "unknown error";
  }
  return thrown;
}

}  // namespace

void throw_as_javascript(std::exception_ptr& error) {
  const Thrown thrown = describe(error);
  error = nullptr;
  val js = val::global(thrown.name == "RangeError" ? "RangeError" : "Error").new_(thrown.message);
  js.set("name", thrown.name);
  if (thrown.parse) {
    js.set("source", thrown.source);
    js.set("line", static_cast<double>(thrown.line));
  }
  js.throw_();
}

namespace {

// The row of the option table whose JavaScript key is `key`, or nullptr.
const fe::OptionSpec* table_row(const char* key) {
  for (const fe::OptionSpec& row : fe::search_option_table())
    if (!row.javascript.empty() && row.javascript == key) return &row;
  return nullptr;
}

// A number as JavaScript writes it: -1, 1.5, Infinity, NaN.
std::string number_text(double number) { return val(number).call<std::string>("toString"); }

}  // namespace

bool has(const val& object, const char* key) {
  if (object.isUndefined() || object.isNull()) return false;
  const val value = object[key];
  return !value.isUndefined() && !value.isNull();
}

std::uint64_t get_count(const val& object, const char* key, std::uint64_t otherwise) {
  if (!has(object, key)) return otherwise;
  const val value = object[key];
  double number = 0;
  if (value.typeOf().as<std::string>() == "bigint") {
    number = val::global("Number")(value).as<double>();
  } else if (value.isNumber()) {
    number = value.as<double>();
  } else {
    throw Error(std::string(key) + " must be a number, not " + value.typeOf().as<std::string>());
  }
  if (!(number >= 0) || number != std::floor(number) || number > 9007199254740992.0) {
    if (const fe::OptionSpec* row = table_row(key))
      fe::refuse_value(row->option, fe::FrontEnd::javascript, number_text(number));
    throw Error(std::string(key) + " must be a whole number of 0 or more");
  }
  return static_cast<std::uint64_t>(number);
}

double get_number(const val& object, const char* key, double otherwise) {
  if (!has(object, key)) return otherwise;
  const val value = object[key];
  if (!value.isNumber())
    throw Error(std::string(key) + " must be a number, not " + value.typeOf().as<std::string>());
  const double number = value.as<double>();
  if (!(number >= 0) || std::isinf(number)) {
    if (const fe::OptionSpec* row = table_row(key))
      fe::refuse_value(row->option, fe::FrontEnd::javascript, number_text(number));
    throw Error(std::string(key) + " must be a finite number of 0 or more");
  }
  return number;
}

bool get_bool(const val& object, const char* key, bool otherwise) {
  if (!has(object, key)) return otherwise;
  const val value = object[key];
  if (!value.isTrue() && !value.isFalse()) throw Error(std::string(key) + " must be true or false");
  return value.isTrue();
}

std::string get_string(const val& object, const char* key, const std::string& otherwise) {
  if (!has(object, key)) return otherwise;
  const val value = object[key];
  if (!value.isString())
    throw Error(std::string(key) + " must be a string, not " + value.typeOf().as<std::string>());
  return value.as<std::string>();
}

std::vector<int> to_ints(const val& array, const char* what) {
  if (!val::global("Array").call<bool>("isArray", array) &&
      !val::global("ArrayBuffer").call<bool>("isView", array))
    throw Error(std::string(what) + " must be an array of numbers");
  const unsigned length = array["length"].as<unsigned>();
  std::vector<int> out;
  out.reserve(length);
  for (unsigned k = 0; k < length; ++k) {
    const val entry = array[k];
    if (!entry.isNumber()) throw Error(std::string(what) + " must be an array of numbers");
    const double number = entry.as<double>();
    if (number != std::floor(number) || number < std::numeric_limits<int>::min() ||
        number > std::numeric_limits<int>::max())
      throw Error(std::string(what) + ": " + std::to_string(number) + " is not an index");
    out.push_back(static_cast<int>(number));
  }
  return out;
}

val to_array(const std::vector<int>& values) {
  val out = val::array();
  for (std::size_t k = 0; k < values.size(); ++k) out.set(k, values[k]);
  return out;
}

val to_array(const std::vector<std::string>& values) {
  val out = val::array();
  for (std::size_t k = 0; k < values.size(); ++k) out.set(k, values[k]);
  return out;
}

std::string& bulk_input() {
  static std::string text;
  return text;
}

std::string& bulk_output() {
  static std::string text;
  return text;
}

val bytes_view(const std::string& text) {
  return val(emscripten::typed_memory_view(text.size(),
                                           reinterpret_cast<const std::uint8_t*>(text.data())));
}

void release_if_big(std::string& text) {
  if (text.capacity() > (std::size_t{1} << 20)) std::string().swap(text);
}

void release_bulk() {
  release_if_big(bulk_input());
  release_if_big(bulk_output());
}

void bind_bulk_text() {
  emscripten::function("releaseBulk", &release_bulk);
  emscripten::function("inputBuffer", emscripten::optional_override([](double bytes) {
                         return guard([&] {
                           if (!(bytes >= 0 && bytes <= 0x7fffffff))
                             throw Error("input of " + std::to_string(bytes) + " bytes");
                           bulk_input().resize(static_cast<std::size_t>(bytes));
                           return bytes_view(bulk_input());
                         });
                       }));
}

std::string status_name(Status status) { return std::string(fe::name_of(status)); }

std::string layout_name(Layout layout) { return std::string(fe::name_of(layout)); }

Layout parse_layout(const std::string& name) {
  return fe::value_named<Layout>(fe::Option::layout, fe::FrontEnd::javascript, name);
}

void read_tree_options(const val& from, TreeOptions& options) {
  options.propagate = get_bool(from, "propagate", false);
  options.item_choice =
      fe::value_named<ItemChoice>(fe::Option::item_choice, fe::FrontEnd::javascript,
                                  get_string(from, "itemChoice", "first-shortest"));
  options.random_seed = get_count(from, "seed", 0);
}

void check_search(const SearchOptions& options, Layout layout, bool memo) {
  fe::Given given;
  given.add(fe::Option::limit, options.solution_limit != 0)
      .add(fe::Option::node_limit, options.node_limit != 0)
      .add(fe::Option::seed, options.random_seed != 0)
      .add(fe::Option::propagate, options.propagate)
      .add(fe::Option::item_choice, options.item_choice != ItemChoice::first_shortest)
      .add(fe::Option::memo, memo);
  fe::check_together(fe::FrontEnd::javascript, given);
  if (!memo) fe::check_followed(fe::FrontEnd::javascript, layout, options);
}

void read_search_options(const val& from, SearchRequest& request) {
  SearchOptions& options = request.options;
  if (!from.isUndefined() && !from.isNull() && from.typeOf().as<std::string>() != "object")
    throw Error("search options must be an object");
  options.solution_limit = get_count(from, "limit", 0);
  options.node_limit = get_count(from, "nodeLimit", 0);
  options.time_limit = get_number(from, "timeLimit", 0);
  options.cancel = &request.cancelled;
  read_tree_options(from, options);
  if (has(from, "progress")) {
    request.progress = from["progress"];
    if (request.progress.typeOf().as<std::string>() != "function")
      throw Error("progress must be a function");
    options.progress_seconds = get_number(from, "progressInterval", 1.0);
    if (options.progress_seconds <= 0)
      fe::refuse_value(fe::Option::progress_interval, fe::FrontEnd::javascript,
                       number_text(options.progress_seconds));
    options.on_progress = [&request](const Progress& p) {
      val report = val::object();
      report.set("nodes", static_cast<double>(p.nodes));
      report.set("updates", static_cast<double>(p.updates));
      report.set("solutions", to_string(p.solutions));
      report.set("seconds", p.seconds);
      report.set("level", p.level);
      report.set("fractionDone", p.fraction_done);
      // The JavaScript layer's wrapper: "threw" when the callback threw,
      // false when it asked to stop.
      const val answer = request.progress(report);
      if (answer.isString()) {
        request.threw = true;
        throw CallbackThrew{};
      }
      if (answer.isFalse()) request.cancelled.store(true);
    };
  }
}

val statistics_object(const Statistics& statistics) {
  val out = val::object();
  out.set("nodes", static_cast<double>(statistics.nodes));
  out.set("updates", static_cast<double>(statistics.updates));
  out.set("solutions", to_string(statistics.solutions));
  out.set("seconds", statistics.seconds);
  out.set("bytes", static_cast<double>(statistics.bytes));
  out.set("layout", layout_name(statistics.layout));
  out.set("memoHits", static_cast<double>(statistics.memo_hits));
  out.set("memoEntries", static_cast<double>(statistics.memo_entries));
  out.set("symmetryOptions", statistics.symmetry_options);
  out.set("symmetryClasses", statistics.symmetry_classes);
  val levels = val::array();
  for (std::size_t k = 0; k < statistics.level_nodes.size(); ++k)
    levels.set(k, static_cast<double>(statistics.level_nodes[k]));
  out.set("levelNodes", levels);
  return out;
}

val count_object(const CountResult& result, const Statistics& statistics) {
  val out = val::object();
  out.set("solutions", to_string(result.solutions));
  out.set("status", status_name(result.status));
  out.set("statistics", statistics_object(statistics));
  return out;
}

namespace {

template <class E>
val names_data() {
  val out = val::array();
  unsigned k = 0;
  for (const fe::Named<E>& named : fe::names<E>()) {
    val row = val::object();
    row.set("name", std::string(named.name));
    row.set("alias", std::string(named.alias));
    row.set("asked", named.asked);
    out.set(k++, row);
  }
  return out;
}

val option_table() {
  static const char* const kinds[] = {"switch",   "count",           "positive_count", "seconds",
                                      "threads",  "mebibytes",       "file",           "name",
                                      "callback", "positive_seconds"};
  static const std::pair<unsigned, const char*> calls[] = {{fe::call_solutions, "solutions"},
                                                           {fe::call_count, "count"},
                                                           {fe::call_estimate, "estimate"},
                                                           {fe::call_cheapest, "cheapest"},
                                                           {fe::call_zdd, "zdd"}};
  val out = val::array();
  unsigned k = 0;
  for (const fe::OptionSpec& spec : fe::search_option_table()) {
    val row = val::object();
    row.set("name", std::string(spec.name));
    row.set("cli", std::string(spec.cli));
    row.set("python", std::string(spec.python));
    row.set("javascript", std::string(spec.javascript));
    row.set("kind", std::string(kinds[static_cast<int>(spec.kind)]));
    row.set("names", std::string(spec.names));
    row.set("default", std::string(spec.default_value));
    val takes = val::array();
    unsigned c = 0;
    for (const auto& [bit, call] : calls)
      if (spec.calls & bit) takes.set(c++, std::string(call));
    row.set("calls", takes);
    row.set("help", std::string(spec.help));
    row.set("elsewhere", std::string(spec.elsewhere));
    row.set("takes", fe::what_it_takes(spec.option));
    out.set(k++, row);
  }
  return out;
}

val option_names() {
  val out = val::object();
  out.set("layout", names_data<Layout>());
  out.set("item-choice", names_data<ItemChoice>());
  out.set("status", names_data<Status>());
  out.set("kernels", names_data<Kernels>());
  out.set("counting", names_data<Counting>());
  out.set("zdd-format", names_data<ZddFormat>());
  out.set("zdd-order", names_data<ZddOrder>());
  return out;
}

}  // namespace

void bind_option_table() {
  emscripten::function("searchOptionTable", &option_table);
  emscripten::function("optionNames", &option_names);
}

}  // namespace xcover::web
