// SPDX-License-Identifier: MIT
// Status, Layout and Kernels as real enum.Enum classes (list(Status),
// isinstance(s, enum.Enum), pickling), which pybind11's own enums are not;
// the casters in bindings.hpp turn the library's values into their members
// and back. polyform.Lattice too, whose values are the lattices' names, so
// that Lattice("hex") is Lattice.hex and a str may stand for a member.
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "xcover/frontend/names.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::python {
namespace {

template <typename E>
py::handle& enum_slot() {
  // Held for the life of the process: no destructor runs after Python's end.
  static py::handle type;
  return type;
}

template <typename E>
void add_enum(py::module_& m, const char* name, const char* doc,
              const std::vector<std::pair<const char*, E>>& members) {
  py::list pairs;
  for (const auto& [member, value] : members)
    pairs.append(py::make_tuple(member, static_cast<int>(value)));
  py::object type = py::module_::import("enum").attr("Enum")(
      name, pairs, py::arg("module") = m.attr("__name__"), py::arg("qualname") = name);
  type.attr("__doc__") = doc;
  m.attr(name) = type;
  enum_slot<E>() = type.release();
}

}  // namespace

template <typename E>
py::handle enum_class() {
  const py::handle type = enum_slot<E>();
  if (!type) throw std::logic_error("xcover_dlx: an enum was used before bind_enums()");
  return type;
}
template py::handle enum_class<Status>();
template py::handle enum_class<Layout>();
template py::handle enum_class<Kernels>();
template py::handle enum_class<polyform::Lattice>();
template py::handle enum_class<ItemChoice>();

void bind_lattice(py::module_& m) {
  using polyform::Lattice;
  py::list pairs;
  for (const Lattice lattice :
       {Lattice::square, Lattice::triangle, Lattice::hex, Lattice::cube, Lattice::prism,
        Lattice::sphere, Lattice::rhombic, Lattice::tetra_octa}) {
    // Lattice.tetra_octa is "tetra-octa".
    std::string name = polyform::to_string(lattice);
    std::replace(name.begin(), name.end(), '-', '_');
    pairs.append(py::make_tuple(name, polyform::to_string(lattice)));
  }
  // Pickled by the package's module, where users find it.
  py::object type = py::module_::import("enum").attr("Enum")(
      "Lattice", pairs, py::arg("module") = "xcover_dlx.polyform", py::arg("qualname") = "Lattice");
  type.attr("__doc__") =
      "The lattice a polyform lives on: square (polyominoes), triangle (polyiamonds), hex "
      "(polyhexes), cube (polycubes), and BurrTools' other grids: prism (triangular prisms), "
      "sphere (the face-centred cubic packing), rhombic, tetra_octa ('tetra-octa'). Wherever a "
      "lattice is asked for, its name as a str will "
      "do (also 'triangular', 'hexagonal', 'cubic').";
  m.attr("Lattice") = type;
  enum_slot<Lattice>() = type.release();
}

namespace {

// ItemChoice's values are the names of frontend::item_choice_names, so that
// ItemChoice("most-clashes") is ItemChoice.most_clashes and the name itself
// may stand for a member.
void bind_item_choice(py::module_& m) {
  py::list pairs;
  for (const frontend::Named<ItemChoice>& named : frontend::item_choice_names) {
    std::string member(named.name);
    std::replace(member.begin(), member.end(), '-', '_');
    pairs.append(py::make_tuple(member, std::string(named.name)));
  }
  py::object type = py::module_::import("enum").attr("Enum")("ItemChoice", pairs,
                                                             py::arg("module") = m.attr("__name__"),
                                                             py::arg("qualname") = "ItemChoice");
  type.attr("__doc__") =
      "The item a search branches on: first_shortest ('first-shortest', DLX1's rule: the first "
      "of fewest options) or most_clashes ('most-clashes': of the first 7 shortest, the one "
      "whose options clash with the most; the bitsets layout alone follows it). Wherever an "
      "item choice is asked for, its name as a str will do.";
  m.attr("ItemChoice") = type;
  enum_slot<ItemChoice>() = type.release();
}

}  // namespace

void bind_enums(py::module_& m) {
  bind_item_choice(m);
  add_enum<Status>(m, "Status",
                   "Why a search ended: exhausted (the whole tree was searched), stopped (the "
                   "loop over solutions() left early), solution_limit, node_limit, time_limit, "
                   "cancelled (interrupted: Ctrl-C).",
                   {{"exhausted", Status::exhausted},
                    {"stopped", Status::stopped},
                    {"solution_limit", Status::solution_limit},
                    {"node_limit", Status::node_limit},
                    {"time_limit", Status::time_limit},
                    {"cancelled", Status::cancelled}});
  add_enum<Layout>(m, "Layout",
                   "How a solver holds the problem in memory: automatic (chosen from the "
                   "problem), links (dancing links, Knuth's DLX1/DLX2), bitsets (a bit per "
                   "option; the one that follows propagate and most_clashes), counted_bitsets "
                   "(bit sets with counted lengths, for colour problems of at most 64 primary "
                   "items), sparse (sparse sets, Knuth's SSXCC), multiplicities (Algorithm M, "
                   "DLX3: the one for bounds other than 1:1), costs (cheapest()'s own, DLX5), "
                   "memo (a memoised count's own, DLX6).",
                   {{"automatic", Layout::automatic},
                    {"links", Layout::links},
                    {"bitsets", Layout::bitsets},
                    {"counted_bitsets", Layout::counted_bitsets},
                    {"sparse", Layout::sparse},
                    {"multiplicities", Layout::multiplicities},
                    {"costs", Layout::costs},
                    {"memo", Layout::memo}});
  add_enum<Kernels>(m, "Kernels", "The processor's instruction set the engine uses.",
                    {{"automatic", Kernels::automatic},
                     {"baseline", Kernels::baseline},
                     {"avx2", Kernels::avx2},
                     {"avx512", Kernels::avx512},
                     {"avx512icl", Kernels::avx512icl}});
}

}  // namespace xcover::python

namespace pybind11::detail {

bool type_caster<xcover::Layout>::load(handle source, bool) {
  namespace fe = xcover::frontend;
  if (!source) return false;
  const handle type = xcover::python::enum_class<xcover::Layout>();
  if (isinstance(source, type)) {
    value = static_cast<xcover::Layout>(source.attr("value").cast<int>());
    return true;
  }
  if (!isinstance<str>(source)) return false;
  value = fe::value_named<xcover::Layout>(fe::Option::layout, fe::FrontEnd::python,
                                          source.cast<std::string>());
  return true;
}

bool type_caster<xcover::polyform::Lattice>::load(handle source, bool) {
  namespace pf = xcover::polyform;
  if (!source) return false;
  std::string word;
  if (isinstance(source, xcover::python::enum_class<pf::Lattice>()))
    word = source.attr("value").cast<std::string>();
  else if (isinstance<str>(source))
    word = source.cast<std::string>();
  else
    return false;
  const std::optional<pf::Lattice> lattice = pf::lattice_named(word);
  if (!lattice) throw value_error("unknown lattice '" + word + "': square, triangle, hex or cube");
  value = *lattice;
  return true;
}

handle type_caster<xcover::polyform::Lattice>::cast(xcover::polyform::Lattice lattice,
                                                    return_value_policy, handle) {
  return xcover::python::enum_class<xcover::polyform::Lattice>()(
             xcover::polyform::to_string(lattice))
      .release();
}

}  // namespace pybind11::detail
