// SPDX-License-Identifier: MIT
// BurrTools' files (.xmpuzzle) as polyform puzzles: read_burrtools,
// parse_burrtools and looks_like_burrtools of polyform.hpp.
//
// A file is XML, most often gzip'd: zlib undoes the gzip, expat reads the
// XML into a small tree of the elements read here, and this file takes from
// the tree what a tiling needs.
// What BurrTools writes (learnt from its lib/puzzle.cpp, problem.cpp,
// voxel.cpp and gridtype.cpp), and what is taken:
//
//   <puzzle version="2">                 versions 1 and 2
//     <gridType type="0"/>               0 the brick (cube) grid, also when absent
//     <colors><color .../></colors>      the constraint colours, 1, 2, ...
//     <shapes>                           the shapes, numbered from 0
//       <voxel x="3" y="2" z="1" type="0" name="L">####__</voxel>
//     </shapes>
//     <problems>
//       <problem name="..." maxHoles="N">
//         <shapes><shape id="0" count="2"/><shape id="1" min="0" max="1"/></shapes>
//         <result id="7"/>
//         <bitmap><pair piece="0" result="1"/></bitmap>
//       </problem>
//     </problems>
//   </puzzle>
//
// A voxel string has one character a voxel, x fastest, then y, then z: '#'
// filled, '+' variable (a result's cell that may stay empty), '_' empty,
// each maybe followed by its colour in decimal. Voxel (x, y, z) is
// Cell{row = y, col = x, layer = z}: BurrTools draws y down the screen in
// its layer view, as rows run here.
//
// Everything else of a problem that changes its tilings is refused rather
// than left out: another grid, pieces with variable voxels, colour
// constraints that forbid a pair of colours the problem has, a limit on
// holes below its variable voxels. What does not change them (piece groups,
// which only disassembly reads, weights, the solutions found) is skipped.
#include <expat.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzles/polyform/names.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

namespace {

// A file, gzip'd or not, is refused past this many bytes of XML: real
// puzzles take kilobytes (megabytes with every solution saved).
constexpr std::size_t max_xml_bytes = std::size_t{256} << 20;
// The cells of all a file's problems together: a shape may serve many
// problems, and a small file could otherwise ask for billions of cells.
constexpr std::size_t max_total_cells = std::size_t{16} << 20;
// A side of a voxel space: far past any puzzle, and small enough that the
// product of two sides cannot overflow.
constexpr std::uint64_t kMostVoxelSide = 10'000'000;
// BurrTools keeps piece counts in 16 bits, colours in 6.
constexpr std::uint64_t max_count = 65535;
constexpr int max_colour = 63;

// --- gzip -------------------------------------------------------------------

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

// The bytes unpacked; several gzip members (as `cat a.gz b.gz` makes) follow
// one another.
std::string gunzip(std::string_view packed, const std::string& source) {
  z_stream stream{};
  // 16 + MAX_WBITS: a gzip header and trailer around the deflate data.
  const int started = inflateInit2(&stream, 16 + MAX_WBITS);
  if (started == Z_MEM_ERROR) throw std::bad_alloc();
  if (started != Z_OK) throw ParseError(source, 0, "zlib cannot start unpacking gzip data");
  struct End {
    z_stream& stream;
    ~End() { inflateEnd(&stream); }
  } end{stream};

  std::string unpacked;
  std::size_t fed = 0;  // bytes of `packed` handed to zlib so far
  char buffer[1 << 16];
  for (;;) {
    if (stream.avail_in == 0 && fed < packed.size()) {
      // zlib counts its input in 32 bits: a gigabyte at a time.
      const std::size_t chunk = std::min<std::size_t>(packed.size() - fed, std::size_t{1} << 30);
      stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data() + fed));
      stream.avail_in = static_cast<uInt>(chunk);
      fed += chunk;
    }
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    const int status = inflate(&stream, Z_NO_FLUSH);
    unpacked.append(buffer, sizeof buffer - stream.avail_out);
    if (unpacked.size() > max_xml_bytes)
      throw ParseError(source, 0,
                       "the gzip data unpacks to more than 256 MiB of XML, more than any "
                       "BurrTools puzzle needs");
    if (status == Z_STREAM_END) {
      if (stream.avail_in == 0 && fed == packed.size()) return unpacked;
      inflateReset(&stream);  // the next member
      continue;
    }
    if (status == Z_MEM_ERROR) throw std::bad_alloc();
    if (status == Z_BUF_ERROR && stream.avail_in == 0 && fed == packed.size())
      throw ParseError(source, 0, "the gzip data ends early (a truncated file?)");
    if (status != Z_OK)
      throw ParseError(source, 0,
                       std::string("damaged gzip data: ") + (stream.msg ? stream.msg : "inflate"));
  }
}

// --- XML through expat -----------------------------------------------------

// expat 2.4 brought its guard against entities that expand a billion-fold.
#if XML_MAJOR_VERSION < 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION < 4)
#error "the BurrTools reader needs expat 2.4 or later (its guard against billion laughs)"
#endif

using Parser = std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)>;

// `encoding`: nullptr to follow the document's declaration (UTF-8 without
// one); otherwise it overrides the declaration.
Parser new_parser(const char* encoding) {
  Parser parser(XML_ParserCreate(encoding), &XML_ParserFree);
  if (!parser) throw std::bad_alloc();
  return parser;
}

bool starts_like_xml(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8's byte order mark
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '<';
}

bool has_high_bytes(std::string_view text) {
  return std::any_of(text.begin(), text.end(),
                     [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; });
}

// Elements nested deeper are refused: BurrTools' disassemblies nest a level
// or two for each piece, and the open elements, kept or not, are remembered
// (for the message of a wrong end tag), so an attack's million would cost.
constexpr std::size_t max_depth = 10'000;
// Elements kept in the tree: real puzzles have thousands.
constexpr std::size_t max_elements = std::size_t{1} << 20;

// The elements the reader asks for by name. Others (solutions, comments,
// disassemblies) are not kept: a file with every solution saved holds
// millions of them.
bool read_by_name(std::string_view name) {
  for (const std::string_view read :
       {"puzzle", "gridType", "colors", "color", "shapes", "voxel", "problems", "problem", "shape",
        "group", "result", "bitmap", "pair"})
    if (name == read) return true;
  return false;
}

// An element of the tree: flat in XmlTree::elements, children by index.
struct Element {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // its character data, CDATA sections included, comments not
  std::size_t line = 0;
  // Whether it holds elements or entity references besides its text.
  bool holds_more = false;
  std::vector<std::size_t> children;  // the kept ones, in order
};

// The tree expat's callbacks build: elements[0] is the root.
struct XmlTree {
  std::vector<Element> elements;
};

// Why a parse failed: expat's message, or one of the builder's limits.
struct XmlFailure {
  std::size_t line = 0;
  std::string reason;
  XML_Error code = XML_ERROR_NONE;
};

// The builder behind expat's callbacks. Nothing may throw through expat (C
// code): an exception is kept, the parser stopped, and the exception thrown
// again once XML_Parse returns.
class TreeBuilder {
 public:
  TreeBuilder(XML_Parser parser, XmlTree& tree) : parser_(parser), tree_(tree) {
    XML_SetUserData(parser, this);
    XML_SetElementHandler(parser, on_start, on_end);
    XML_SetCharacterDataHandler(parser, on_text);
    // An entity defined outside the document (a file, a URL) is never read:
    // its reference marks the element, as an element inside it would.
    // Entities defined in the document are expanded by expat, within its
    // limit on amplification.
    XML_SetExternalEntityRefHandler(parser, on_external_entity);
    XML_SetSkippedEntityHandler(parser, on_skipped_entity);
  }

  // The tree, or the reason it could not be built.
  std::optional<XmlFailure> parse(std::string_view text) {
    const XML_Status status =
        XML_Parse(parser_, text.data(), static_cast<int>(text.size()), XML_TRUE);
    if (thrown_) std::rethrow_exception(thrown_);
    if (status == XML_STATUS_OK) return std::nullopt;
    if (limit_) return limit_;
    XmlFailure failure;
    failure.code = XML_GetErrorCode(parser_);
    if (failure.code == XML_ERROR_NO_MEMORY) throw std::bad_alloc();
    failure.line = XML_GetCurrentLineNumber(parser_);
    failure.reason = std::string("XML error at column ") +
                     std::to_string(XML_GetCurrentColumnNumber(parser_) + 1) + ": " +
                     XML_ErrorString(failure.code);
    // Which element a wrong end tag or the end of the text leaves open.
    if (!open_.empty() &&
        (failure.code == XML_ERROR_TAG_MISMATCH || failure.code == XML_ERROR_NO_ELEMENTS))
      failure.reason += " (<" + open_.back().name + "> of line " +
                        std::to_string(open_.back().line) + " is still open)";
    return failure;
  }

 private:
  struct Open {
    std::string name;
    std::size_t line = 0;
    std::size_t kept = none;  // its index in the tree, or none
  };
  static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();

  std::size_t line() const { return XML_GetCurrentLineNumber(parser_); }

  void stop(std::string reason) {
    limit_ = XmlFailure{line(), std::move(reason), XML_ERROR_ABORTED};
    XML_StopParser(parser_, XML_FALSE);
  }

  // Runs `step`, keeping what it throws.
  template <typename Step>
  static void guarded(void* data, Step step) noexcept {
    auto* builder = static_cast<TreeBuilder*>(data);
    if (builder->thrown_ || builder->limit_) return;
    try {
      step(*builder);
    } catch (...) {
      builder->thrown_ = std::current_exception();
      XML_StopParser(builder->parser_, XML_FALSE);
    }
  }

  void mark_parent() {
    if (!open_.empty() && open_.back().kept != none)
      tree_.elements[open_.back().kept].holds_more = true;
  }

  void start(const XML_Char* name, const XML_Char** attributes) {
    if (open_.size() >= max_depth)
      return stop("elements nested more than " + std::to_string(max_depth) +
                  " deep, deeper than any BurrTools puzzle");
    mark_parent();
    Open open{name, line(), none};
    // The root, and elements the reader asks for inside kept ones.
    if (open_.empty() || (open_.back().kept != none && read_by_name(name))) {
      if (tree_.elements.size() >= max_elements)
        return stop("more than " + std::to_string(max_elements) +
                    " elements of shapes and problems, more than any BurrTools puzzle has");
      Element element;
      element.name = name;
      element.line = open.line;
      for (const XML_Char** attribute = attributes; *attribute; attribute += 2)
        element.attributes.emplace_back(attribute[0], attribute[1]);
      open.kept = tree_.elements.size();
      tree_.elements.push_back(std::move(element));
      if (!open_.empty()) tree_.elements[open_.back().kept].children.push_back(open.kept);
    }
    open_.push_back(std::move(open));
  }

  static void XMLCALL on_start(void* data, const XML_Char* name, const XML_Char** attributes) {
    guarded(data, [&](TreeBuilder& builder) { builder.start(name, attributes); });
  }
  static void XMLCALL on_end(void* data, const XML_Char*) {
    guarded(data, [](TreeBuilder& builder) { builder.open_.pop_back(); });
  }
  static void XMLCALL on_text(void* data, const XML_Char* text, int length) {
    guarded(data, [&](TreeBuilder& builder) {
      if (!builder.open_.empty() && builder.open_.back().kept != none)
        builder.tree_.elements[builder.open_.back().kept].text.append(
            text, static_cast<std::size_t>(length));
    });
  }
  static int XMLCALL on_external_entity(XML_Parser parser, const XML_Char*, const XML_Char*,
                                        const XML_Char*, const XML_Char*) {
    guarded(XML_GetUserData(parser), [](TreeBuilder& builder) { builder.mark_parent(); });
    return XML_STATUS_OK;
  }
  static void XMLCALL on_skipped_entity(void* data, const XML_Char*, int) {
    guarded(data, [](TreeBuilder& builder) { builder.mark_parent(); });
  }

  XML_Parser parser_;
  XmlTree& tree_;
  std::vector<Open> open_;  // the elements open, outermost first
  std::optional<XmlFailure> limit_;
  std::exception_ptr thrown_;
};

// The tree, or the first failure. `encoding` as for new_parser.
std::optional<XmlFailure> read_tree(std::string_view text, const char* encoding, XmlTree& tree) {
  tree = XmlTree{};
  const Parser parser = new_parser(encoding);
  return TreeBuilder(parser.get(), tree).parse(text);
}

// `unpacked`: whether `text` came out of gzip.
XmlTree parse_xml(std::string_view text, const std::string& source, bool unpacked) {
  if (!starts_like_xml(text))
    throw ParseError(source, 0,
                     unpacked ? std::string("the gzip'd data is not XML: not a BurrTools puzzle")
                     : text.empty()
                         ? std::string("an empty file is not a BurrTools puzzle")
                         : std::string("neither gzip'd nor XML: not a BurrTools puzzle"));
  if (text.size() > max_xml_bytes)
    throw ParseError(source, 0, "more than 256 MiB of XML, more than any BurrTools puzzle needs");
  XmlTree tree;
  std::optional<XmlFailure> failure = read_tree(text, nullptr, tree);
  // BurrTools writes names and comments byte for byte, with no encoding
  // declared: files from its Latin-1 days are not UTF-8 (BurrTools' own
  // Prisgon example is one). Such bytes are read as Latin-1.
  if (failure &&
      (failure->code == XML_ERROR_INVALID_TOKEN || failure->code == XML_ERROR_PARTIAL_CHAR) &&
      has_high_bytes(text))
    failure = read_tree(text, "ISO-8859-1", tree);
  if (failure) throw ParseError(source, failure->line, failure->reason);
  return tree;
}

// The child elements of `parent` called `name`, in order.
std::vector<const Element*> children_named(const XmlTree& tree, const Element& parent,
                                           std::string_view name) {
  std::vector<const Element*> found;
  for (const std::size_t child : parent.children)
    if (tree.elements[child].name == name) found.push_back(&tree.elements[child]);
  return found;
}

std::optional<std::string> attribute(const Element& element, std::string_view name) {
  for (const auto& [key, value] : element.attributes)
    if (key == name) return value;
  return std::nullopt;
}

// The text of an element; std::nullopt when it holds anything else,
// elements or entities that were not expanded.
std::optional<std::string> text_of(const Element& element) {
  if (element.holds_more) return std::nullopt;
  return element.text;
}

// --- the puzzle -------------------------------------------------------------

// BurrTools' grids by their number in <gridType type="N">.
std::string grid_name(std::uint64_t type) {
  switch (type) {
    case 0:
      return "brick (cube)";
    case 1:
      return "triangular prism";
    case 2:
      return "sphere";
    case 3:
      return "rhombic";
    case 4:
      return "tetra-octa";
    default:
      return "unknown (type " + std::to_string(type) + ")";
  }
}

// A shape of the file's <shapes>.
struct VoxelShape {
  std::string name;            // its name attribute, maybe empty
  std::size_t line = 0;        // of its <voxel>
  std::vector<Cell> filled;    // '#'
  std::vector<Cell> variable;  // '+'
  std::map<Cell, int> colour;  // each voxel's colour (filled and variable), 0: none
};

// The lattice of BurrTools' grid by its number in <gridType type="N">.
std::optional<Lattice> grid_lattice(std::uint64_t type) {
  switch (type) {
    case 0:
      return Lattice::cube;
    case 1:
      return Lattice::prism;
    case 2:
      return Lattice::sphere;
    case 3:
      return Lattice::rhombic;
    case 4:
      return Lattice::tetra_octa;
    default:
      return std::nullopt;
  }
}

// The number of a lattice's grid (the inverse of grid_lattice).
std::uint64_t grid_number(Lattice lattice) {
  for (std::uint64_t type = 0; type < 5; ++type)
    if (grid_lattice(type) == lattice) return type;
  return 0;
}

class Reader {
 public:
  Reader(const XmlTree& tree, const std::string& source) : tree_(tree), source_(source) {}

  std::vector<Puzzle> read() const;

 private:
  [[noreturn]] void fail(const Element* node, const std::string& reason) const {
    throw ParseError(source_, node->line, reason);
  }
  std::vector<const Element*> children(const Element& parent, std::string_view name) const {
    return children_named(tree_, parent, name);
  }
  // The attribute as a number from 0 to `max`; std::nullopt when absent.
  std::optional<std::uint64_t> number(const Element* node, const char* name,
                                      std::uint64_t max) const;
  std::uint64_t required_number(const Element* node, const char* name, std::uint64_t max) const;

  Lattice read_grid(const Element* root) const;
  VoxelShape read_shape(const Element* voxel, std::size_t id, Lattice lattice) const;
  Puzzle read_problem(const Element* problem, std::size_t number, std::size_t colour_count,
                      const std::vector<VoxelShape>& shapes, Lattice lattice) const;
  std::vector<int> read_groups(const Element* entry, const std::string& label) const;

  const XmlTree& tree_;
  const std::string& source_;
};

std::optional<std::uint64_t> Reader::number(const Element* node, const char* name,
                                            std::uint64_t max) const {
  const std::optional<std::string> text = attribute(*node, name);
  if (!text) return std::nullopt;
  std::uint64_t value = 0;
  const char* end = text->data() + text->size();
  const auto [stop, error] = std::from_chars(text->data(), end, value);
  const auto where = [&] {
    return std::string("<") + node->name + "> " + name + "=\"" + *text + "\"";
  };
  if (text->empty() || error == std::errc::invalid_argument || stop != end)
    fail(node, where() + " is not a whole number");
  if (error == std::errc::result_out_of_range || value > max)
    fail(node, where() + " is over " + std::to_string(max));
  return value;
}

std::uint64_t Reader::required_number(const Element* node, const char* name,
                                      std::uint64_t max) const {
  const std::optional<std::uint64_t> value = number(node, name, max);
  if (!value) fail(node, std::string("<") + node->name + "> has no '" + name + "' attribute");
  return *value;
}

Lattice Reader::read_grid(const Element* root) const {
  const std::vector<const Element*> grids = children(*root, "gridType");
  if (grids.size() > 1) fail(grids[1], "a second <gridType>: a puzzle has one grid");
  if (grids.empty()) return Lattice::cube;  // BurrTools' default: bricks
  const std::uint64_t type =
      required_number(grids[0], "type", std::numeric_limits<std::uint64_t>::max());
  const std::optional<Lattice> lattice = grid_lattice(type);
  if (!lattice)
    fail(grids[0], "the puzzle is on BurrTools' " + grid_name(type) +
                       " grid; BurrTools has grids 0 (bricks) to 4 (tetra-octa)");
  return *lattice;
}

VoxelShape Reader::read_shape(const Element* voxel, std::size_t id, Lattice lattice) const {
  VoxelShape shape;
  shape.line = voxel->line;
  shape.name = attribute(*voxel, "name").value_or("");
  const std::string label = "shape id " + std::to_string(id) +
                            (shape.name.empty() ? std::string() : " ('" + shape.name + "')");
  const std::uint64_t sx = required_number(voxel, "x", kMostVoxelSide);
  const std::uint64_t sy = required_number(voxel, "y", kMostVoxelSide);
  const std::uint64_t sz = required_number(voxel, "z", kMostVoxelSide);
  if (const auto type = number(voxel, "type", std::numeric_limits<std::uint64_t>::max());
      type && *type != 0)
    fail(voxel,
         label + " has voxel type " + std::to_string(*type) + "; BurrTools knows type 0 alone");
  const std::optional<std::string> text = text_of(*voxel);
  if (!text) fail(voxel, label + ": its <voxel> holds more than the voxels' text");

  const std::string sizes =
      std::to_string(sx) + "x" + std::to_string(sy) + "x" + std::to_string(sz);
  // Each side is at most 10^7: x * y fits, and the product with z is checked.
  std::uint64_t expected = 0;
  if (__builtin_mul_overflow(sx * sy, sz, &expected))
    fail(voxel, label + ": its size " + sizes + " is more voxels than any file holds");

  std::uint64_t index = 0;  // voxels read
  int colour = -1;          // of the last voxel read; -1 before the first
  Cell last{};              // the last voxel read
  const auto close_colour = [&] {
    if (colour > 0) shape.colour[last] = colour;
  };
  // Prisms: BurrTools' y runs up the screen, rows down; an even number
  // less y keeps each triangle's direction.
  const int flip = static_cast<int>(sy + (sy & 1));
  for (const char ch : *text) {
    if (ch == '#' || ch == '+' || ch == '_') {
      close_colour();
      if (index >= expected)
        fail(voxel, label + " has more voxels than its size " + sizes + " holds (" +
                        std::to_string(expected) + ")");
      const int x = static_cast<int>(index % sx), y = static_cast<int>(index / sx % sy),
                z = static_cast<int>(index / sx / sy);
      const Cell cell = lattice == Lattice::prism ? Cell{flip - y, x, z} : Cell{y, x, z};
      if (ch != '_' && !is_cell(lattice, cell))
        fail(voxel, label + " has voxel (" + std::to_string(x) + ", " + std::to_string(y) + ", " +
                        std::to_string(z) + ") filled, which is not a cell of BurrTools' " +
                        grid_name(grid_number(lattice)) + " grid");
      if (ch == '#') shape.filled.push_back(cell);
      if (ch == '+') shape.variable.push_back(cell);
      last = cell;
      colour = ch == '_' ? -1 : 0;  // an empty voxel's colour means nothing
      ++index;
    } else if (ch >= '0' && ch <= '9') {
      if (index == 0) fail(voxel, label + " has a colour before its first voxel");
      if (colour >= 0) {
        colour = colour * 10 + (ch - '0');
        if (colour > max_colour)
          fail(voxel, label + " has a voxel of colour over " + std::to_string(max_colour));
      }
    } else {
      const auto byte = static_cast<unsigned char>(ch);
      const std::string shown = byte >= 0x21 && byte < 0x7f ? "'" + std::string(1, ch) + "'"
                                                            : "byte " + std::to_string(byte);
      fail(voxel, label + " has " + shown + " among its voxels ('#', '+', '_' and colours)");
    }
  }
  close_colour();
  if (index != expected)
    fail(voxel, label + " has " + std::to_string(index) + " voxels; its size " + sizes + " holds " +
                    std::to_string(expected));
  return shape;
}

// The colours of `cells` (sorted), or none when all are 0.
std::vector<int> colours_of(const VoxelShape& shape, const std::vector<Cell>& cells) {
  std::vector<int> colours;
  if (shape.colour.empty()) return colours;
  for (const Cell& cell : cells) {
    const auto it = shape.colour.find(cell);
    colours.push_back(it == shape.colour.end() ? 0 : it->second);
  }
  return colours;
}

std::vector<int> Reader::read_groups(const Element* entry, const std::string& label) const {
  std::vector<int> groups;
  const auto add = [&](const Element* node) {
    const std::uint64_t group = required_number(node, "group", max_count);
    if (group > 0) groups.push_back(static_cast<int>(group));
  };
  if (attribute(*entry, "group")) add(entry);
  for (const Element* group : children(*entry, "group")) add(group);
  std::sort(groups.begin(), groups.end());
  if (std::adjacent_find(groups.begin(), groups.end()) != groups.end())
    fail(entry, label + " names a piece group twice");
  return groups;
}

Puzzle Reader::read_problem(const Element* problem, std::size_t number_in_file,
                            std::size_t colour_count, const std::vector<VoxelShape>& shapes,
                            Lattice lattice) const {
  Puzzle puzzle;
  puzzle.lattice = lattice;
  puzzle.name = attribute(*problem, "name").value_or("");
  puzzle.source = source_ + ":" + std::to_string(problem->line);
  const std::string label = puzzle.name.empty() ? "problem " + std::to_string(number_in_file)
                                                : "problem '" + puzzle.name + "'";
  const auto shape_at = [&](const Element* node, const char* role) -> const VoxelShape& {
    const std::uint64_t id = required_number(node, "id", std::numeric_limits<std::uint64_t>::max());
    if (id >= shapes.size())
      fail(node, label + ": its " + role + " is shape id " + std::to_string(id) +
                     ", and the file has " +
                     (shapes.empty() ? std::string("no shapes")
                                     : "shapes 0 to " + std::to_string(shapes.size() - 1)));
    return shapes[id];
  };

  // The result.
  const std::vector<const Element*> results = children(*problem, "result");
  if (results.empty()) fail(problem, label + " has no result shape (<result id=...>)");
  if (results.size() > 1) fail(results[1], label + " has a second result");
  const VoxelShape& result = shape_at(results[0], "result");
  if (result.filled.empty() && result.variable.empty())
    fail(results[0], label + ": its result shape has no voxels");
  std::vector<Cell> board = result.filled;
  board.insert(board.end(), result.variable.begin(), result.variable.end());
  puzzle.board = Board(std::move(board));
  puzzle.optional_cells = Shape(result.variable);
  if (colour_count > 0) puzzle.board_colours = colours_of(result, puzzle.board.cells());

  // BurrTools' maxHoles: at most that many of the variable voxels empty.
  if (const auto holes = number(problem, "maxHoles", std::numeric_limits<std::uint64_t>::max());
      holes && *holes < result.variable.size())
    fail(problem, label + " allows at most " + std::to_string(*holes) + " holes (maxHoles) among " +
                      std::to_string(result.variable.size()) +
                      " variable voxels; xcover does not follow that limit");

  // The allowed colour pairs: BurrTools numbers them from 0 for colour 1.
  for (const Element* bitmap : children(*problem, "bitmap"))
    for (const Element* pair : children(*bitmap, "pair"))
      puzzle.colour_pairs.emplace_back(
          static_cast<int>(required_number(pair, "piece", max_colour - 1)) + 1,
          static_cast<int>(required_number(pair, "result", max_colour - 1)) + 1);

  // The pieces: <shapes><shape id count | min max/>.
  std::set<std::string> names;
  std::set<std::uint64_t> ids;
  for (const Element* list : children(*problem, "shapes")) {
    for (const Element* entry : children(*list, "shape")) {
      const VoxelShape& shape = shape_at(entry, "piece");
      const std::uint64_t id = static_cast<std::uint64_t>(&shape - shapes.data());
      if (!ids.insert(id).second)
        fail(entry, label + " lists shape id " + std::to_string(id) + " twice");
      std::uint64_t min = 1, max = 1;
      if (const auto count = number(entry, "count", max_count)) {
        min = max = *count;
      } else {
        const auto low = number(entry, "min", max_count);
        const auto high = number(entry, "max", max_count);
        if (low.has_value() != high.has_value())
          fail(entry, label + ": shape id " + std::to_string(id) + " has '" +
                          (low ? "min" : "max") + "' without '" + (low ? "max" : "min") + "'");
        if (low) {
          min = *low;
          max = *high;
        }
        if (min > max)
          fail(entry, label + ": shape id " + std::to_string(id) + " has min " +
                          std::to_string(min) + " over max " + std::to_string(max));
      }
      if (max == 0) continue;  // listed, but none used

      Piece piece;
      piece.name = piece_name_error(shape.name).empty() && !names.count(shape.name)
                       ? shape.name
                       : "S" + std::to_string(id + 1);  // as BurrTools shows unnamed shapes
      for (int suffix = 2; names.count(piece.name); ++suffix)
        piece.name = "S" + std::to_string(id + 1) + "-" + std::to_string(suffix);
      names.insert(piece.name);
      const std::string piece_label =
          "piece '" + piece.name + "' (shape id " + std::to_string(id) + ")";
      if (!shape.variable.empty())
        fail(entry, label + ": " + piece_label +
                        " has variable voxels ('+'); xcover's pieces are all fixed voxels");
      if (shape.filled.empty()) fail(entry, label + ": " + piece_label + " has no voxels");
      piece.shape = Shape(shape.filled);
      if (colour_count > 0) piece.colours = colours_of(shape, piece.shape.cells());
      piece.groups = read_groups(entry, label + ": " + piece_label);
      piece.copies = static_cast<int>(max);
      if (min != max) piece.min_copies = static_cast<int>(min);
      puzzle.pieces.push_back(std::move(piece));
    }
  }
  return puzzle;
}

std::vector<Puzzle> Reader::read() const {
  if (tree_.elements.empty()) throw ParseError(source_, 0, "an XML document without an element");
  const Element* root = &tree_.elements.front();
  if (root->name != "puzzle")
    fail(root, std::string("the root element is <") + root->name + ">, not BurrTools' <puzzle>");
  const std::optional<std::string> version = attribute(*root, "version");
  if (!version) fail(root, "<puzzle> has no 'version' attribute");
  if (*version != "1" && *version != "2")
    fail(root, "version \"" + *version + "\" of BurrTools' format; xcover reads versions 1 and 2");
  const Lattice lattice = read_grid(root);

  std::size_t colour_count = 0;
  for (const Element* colours : children(*root, "colors"))
    colour_count += children(*colours, "color").size();

  std::vector<VoxelShape> shapes;
  for (const Element* list : children(*root, "shapes"))
    for (const Element* voxel : children(*list, "voxel"))
      shapes.push_back(read_shape(voxel, shapes.size(), lattice));

  std::vector<Puzzle> puzzles;
  std::size_t total_cells = 0;
  for (const Element* list : children(*root, "problems")) {
    for (const Element* problem : children(*list, "problem")) {
      puzzles.push_back(read_problem(problem, puzzles.size() + 1, colour_count, shapes, lattice));
      total_cells += static_cast<std::size_t>(puzzles.back().board.size());
      for (const Piece& piece : puzzles.back().pieces)
        total_cells += static_cast<std::size_t>(piece.shape.size());
      if (total_cells > max_total_cells)
        fail(problem, "the problems up to this one hold more than " +
                          std::to_string(max_total_cells) + " cells in all");
    }
  }
  if (puzzles.empty())
    fail(root, "no problems: a BurrTools puzzle states its pieces and result in a <problem>");
  return puzzles;
}

// looks_like_burrtools: the first element's name, from a parser fed the
// bytes there are (a file's start may end anywhere).
struct FirstElement {
  XML_Parser parser = nullptr;
  std::optional<std::string> name;
};

void XMLCALL on_first_element(void* data, const XML_Char* name, const XML_Char**) {
  auto* first = static_cast<FirstElement*>(data);
  if (first->name) return;
  try {
    first->name = name;
  } catch (const std::bad_alloc&) {
    first->name = "";  // not <puzzle>; nothing may throw through expat
  }
  XML_StopParser(first->parser, XML_FALSE);
}

// The name of the first element of `head`, if it has one before it ends or
// an error. `encoding` as for new_parser.
std::optional<std::string> first_element(std::string_view head, const char* encoding,
                                         XML_Error& error) {
  const Parser parser = new_parser(encoding);
  FirstElement first{parser.get(), std::nullopt};
  XML_SetUserData(parser.get(), &first);
  XML_SetStartElementHandler(parser.get(), on_first_element);
  // Not the last bytes: a start tag cut short waits for more, unrefused.
  XML_Parse(parser.get(), head.data(), static_cast<int>(head.size()), XML_FALSE);
  error = first.name ? XML_ERROR_NONE : XML_GetErrorCode(parser.get());
  return first.name;
}

}  // namespace

std::vector<Puzzle> parse_burrtools(std::string_view bytes, const std::string& source) {
  std::string unpacked;
  const bool gzipped = is_gzip(bytes);
  if (gzipped) {
    unpacked = gunzip(bytes, source);
    bytes = unpacked;
  }
  const XmlTree tree = parse_xml(bytes, source, gzipped);
  return Reader(tree, source).read();
}

std::vector<Puzzle> read_burrtools(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  std::string bytes;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > max_xml_bytes)
      throw ParseError(path, 0, "over 256 MiB, more than any BurrTools puzzle needs");
  }
  if (in.bad()) throw ParseError(path, 0, "cannot read the file");
  return parse_burrtools(bytes, path);
}

bool looks_like_burrtools(std::string_view bytes) {
  if (is_gzip(bytes)) return true;
  if (!starts_like_xml(bytes)) return false;
  const std::string_view head = bytes.substr(0, std::size_t{1} << 20);
  XML_Error error = XML_ERROR_NONE;
  std::optional<std::string> name = first_element(head, nullptr, error);
  // As parse_burrtools does, bytes that are not UTF-8 are read as Latin-1.
  if (!name && (error == XML_ERROR_INVALID_TOKEN || error == XML_ERROR_PARTIAL_CHAR) &&
      has_high_bytes(head))
    name = first_element(head, "ISO-8859-1", error);
  return name == "puzzle";
}

}  // namespace xcover::polyform
