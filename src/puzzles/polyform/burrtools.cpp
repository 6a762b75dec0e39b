// SPDX-License-Identifier: MIT
// BurrTools' files (.xmpuzzle) as polyform puzzles: read_burrtools,
// parse_burrtools and looks_like_burrtools of polyform.hpp.
//
// A file is XML, most often gzip'd: zlib undoes the gzip, libxml2 reads the
// XML into a tree, and this file takes from the tree what a tiling needs.
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
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlversion.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "names.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

namespace {

// A file, gzip'd or not, is refused past this many bytes of XML: real
// puzzles take kilobytes (megabytes with every solution saved), and the
// tree libxml2 builds takes several times the text.
constexpr std::size_t max_xml_bytes = std::size_t{256} << 20;
// The cells of all a file's problems together: a shape may serve many
// problems, and a small file could otherwise ask for billions of cells.
constexpr std::size_t max_total_cells = std::size_t{16} << 20;
// A side of a voxel space: libxml2 holds no text node over 10 MB.
constexpr std::uint64_t max_side = 10'000'000;
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

// --- XML through libxml2 ----------------------------------------------------

// libxml2 wants its globals set up once, before threads use it.
void start_libxml2() {
  static const bool started = (xmlInitParser(), true);
  (void)started;
}

struct FreeDocument {
  void operator()(xmlDoc* document) const { xmlFreeDoc(document); }
};
// A document the parser started and no one took (a push parser stopped in
// a DTD's declarations makes one) goes with its context.
struct FreeContext {
  void operator()(xmlParserCtxt* context) const {
    if (context->myDoc) xmlFreeDoc(context->myDoc);
    xmlFreeParserCtxt(context);
  }
};
using Document = std::unique_ptr<xmlDoc, FreeDocument>;
using Context = std::unique_ptr<xmlParserCtxt, FreeContext>;

// No network, no messages on stderr (errors come back as ParseError), line
// numbers past 65535 kept; entities are not expanded into the tree, and no
// DTD is loaded.
constexpr int xml_options =
    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES;

bool starts_like_xml(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8's byte order mark
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '<';
}

// `unpacked`: whether `text` came out of gzip.
// The first error libxml2 reports while parsing on this thread: the one to
// show (later ones, such as "premature end of data", follow from it).
struct XmlError {
  bool seen = false;
  int code = 0;  // libxml2's xmlParserErrors
  std::size_t line = 0;
  std::string message;
};
thread_local XmlError* first_xml_error = nullptr;

// One line of libxml2's message ("Input is not proper UTF-8, indicate
// encoding ! Bytes: 0xF6 ..." comes on two).
std::string one_line(const char* message) {
  std::string line;
  for (const char* c = message; *c; ++c) {
    const char ch = *c == '\n' ? ' ' : *c;
    if (ch != ' ' || (!line.empty() && line.back() != ' ')) line += ch;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

// libxml2 changed its error callback's type (xmlErrorPtr, then const
// xmlError*): a template takes either. Nothing may throw through libxml2.
template <typename Error>
void keep_first_error(void*, Error error) noexcept {
  XmlError* kept = first_xml_error;
  if (!kept || kept->seen || !error || error->level < XML_ERR_ERROR) return;
  kept->seen = true;
  kept->code = error->code;
  kept->line = error->line > 0 ? static_cast<std::size_t>(error->line) : 0;
  try {
    kept->message = error->message ? one_line(error->message) : "libxml2 read no document";
  } catch (const std::bad_alloc&) {
    kept->code = XML_ERR_NO_MEMORY;
  }
}

template <typename Error>
void ignore_error(void*, Error) noexcept {}

// The document, or nothing and the first error. `encoding`: nullptr to
// follow the document's declaration.
Document read_document(std::string_view text, const char* encoding, XmlError& error) {
  Context context(xmlNewParserCtxt());
  if (!context) throw std::bad_alloc();
#if LIBXML_VERSION >= 21300
  xmlCtxtSetErrorHandler(context.get(), keep_first_error, nullptr);
#else
  context->sax->serror = keep_first_error;
#endif
  error = XmlError{};
  first_xml_error = &error;
  Document document(xmlCtxtReadMemory(context.get(), text.data(), static_cast<int>(text.size()),
                                      nullptr, encoding, xml_options));
  first_xml_error = nullptr;
  if (error.code == XML_ERR_NO_MEMORY) throw std::bad_alloc();
  if (error.seen) document.reset();
  return document;
}

// `unpacked`: whether `text` came out of gzip.
Document parse_xml(std::string_view text, const std::string& source, bool unpacked) {
  if (!starts_like_xml(text))
    throw ParseError(source, 0,
                     unpacked ? std::string("the gzip'd data is not XML: not a BurrTools puzzle")
                     : text.empty()
                         ? std::string("an empty file is not a BurrTools puzzle")
                         : std::string("neither gzip'd nor XML: not a BurrTools puzzle"));
  if (text.size() > max_xml_bytes)
    throw ParseError(source, 0, "more than 256 MiB of XML, more than any BurrTools puzzle needs");
  start_libxml2();
  XmlError error;
  Document document = read_document(text, nullptr, error);
  // BurrTools writes names and comments byte for byte, with no encoding
  // declared: files from its Latin-1 days are not UTF-8 (BurrTools' own
  // Prisgon example is one). Such bytes are read as Latin-1.
  if (!document && error.code == XML_ERR_INVALID_CHAR)
    document = read_document(text, "ISO-8859-1", error);
  if (!document)
    throw ParseError(source, error.line,
                     "not well-formed XML: " +
                         (error.seen ? error.message : std::string("libxml2 read no document")));
  return document;
}

std::size_t line_of(const xmlNode* node) {
  const long line = xmlGetLineNo(node);
  return line > 0 ? static_cast<std::size_t>(line) : 0;
}

bool named(const xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE &&
         xmlStrEqual(node->name, reinterpret_cast<const xmlChar*>(name));
}

// The child elements of `parent` called `name`, in order.
std::vector<xmlNode*> children(const xmlNode* parent, const char* name) {
  std::vector<xmlNode*> found;
  for (xmlNode* child = parent->children; child; child = child->next)
    if (named(child, name)) found.push_back(child);
  return found;
}

std::optional<std::string> attribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetNoNsProp(node, reinterpret_cast<const xmlChar*>(name));
  if (!value) return std::nullopt;
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

// The text of an element (its text and CDATA children; comments skipped);
// std::nullopt when it holds anything else, elements or entities.
std::optional<std::string> text_of(const xmlNode* node) {
  std::string text;
  for (const xmlNode* child = node->children; child; child = child->next) {
    if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) {
      if (child->content) text += reinterpret_cast<const char*>(child->content);
    } else if (child->type != XML_COMMENT_NODE) {
      return std::nullopt;
    }
  }
  return text;
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
  std::set<int> colours;       // the colours of its voxels, 0 (none) left out
};

class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  std::vector<Puzzle> read(const xmlDoc& document) const;

 private:
  [[noreturn]] void fail(const xmlNode* node, const std::string& reason) const {
    throw ParseError(source_, line_of(node), reason);
  }
  // The attribute as a number from 0 to `max`; std::nullopt when absent.
  std::optional<std::uint64_t> number(const xmlNode* node, const char* name,
                                      std::uint64_t max) const;
  std::uint64_t required_number(const xmlNode* node, const char* name, std::uint64_t max) const;

  void check_grid(const xmlNode* root) const;
  VoxelShape read_shape(const xmlNode* voxel, std::size_t id) const;
  Puzzle read_problem(const xmlNode* problem, std::size_t number, std::size_t colour_count,
                      const std::vector<VoxelShape>& shapes) const;

  const std::string& source_;
};

std::optional<std::uint64_t> Reader::number(const xmlNode* node, const char* name,
                                            std::uint64_t max) const {
  const std::optional<std::string> text = attribute(node, name);
  if (!text) return std::nullopt;
  std::uint64_t value = 0;
  const char* end = text->data() + text->size();
  const auto [stop, error] = std::from_chars(text->data(), end, value);
  const auto where = [&] {
    return std::string("<") + reinterpret_cast<const char*>(node->name) + "> " + name + "=\"" +
           *text + "\"";
  };
  if (text->empty() || error == std::errc::invalid_argument || stop != end)
    fail(node, where() + " is not a whole number");
  if (error == std::errc::result_out_of_range || value > max)
    fail(node, where() + " is over " + std::to_string(max));
  return value;
}

std::uint64_t Reader::required_number(const xmlNode* node, const char* name,
                                      std::uint64_t max) const {
  const std::optional<std::uint64_t> value = number(node, name, max);
  if (!value)
    fail(node, std::string("<") + reinterpret_cast<const char*>(node->name) + "> has no '" + name +
                   "' attribute");
  return *value;
}

void Reader::check_grid(const xmlNode* root) const {
  const std::vector<xmlNode*> grids = children(root, "gridType");
  if (grids.size() > 1) fail(grids[1], "a second <gridType>: a puzzle has one grid");
  if (grids.empty()) return;  // BurrTools' default: bricks
  const std::uint64_t type =
      required_number(grids[0], "type", std::numeric_limits<std::uint64_t>::max());
  if (type != 0)
    fail(grids[0], "the puzzle is on BurrTools' " + grid_name(type) +
                       " grid; xcover reads the brick (cube) grid alone");
}

VoxelShape Reader::read_shape(const xmlNode* voxel, std::size_t id) const {
  VoxelShape shape;
  shape.line = line_of(voxel);
  shape.name = attribute(voxel, "name").value_or("");
  const std::string label = "shape id " + std::to_string(id) +
                            (shape.name.empty() ? std::string() : " ('" + shape.name + "')");
  const std::uint64_t sx = required_number(voxel, "x", max_side);
  const std::uint64_t sy = required_number(voxel, "y", max_side);
  const std::uint64_t sz = required_number(voxel, "z", max_side);
  if (const auto type = number(voxel, "type", std::numeric_limits<std::uint64_t>::max());
      type && *type != 0)
    fail(voxel,
         label + " has voxel type " + std::to_string(*type) + "; BurrTools knows type 0 alone");
  const std::optional<std::string> text = text_of(voxel);
  if (!text) fail(voxel, label + ": its <voxel> holds more than the voxels' text");

  const std::string sizes =
      std::to_string(sx) + "x" + std::to_string(sy) + "x" + std::to_string(sz);
  // Each side is at most 10^7: x * y fits, and the product with z is checked.
  std::uint64_t expected = 0;
  if (__builtin_mul_overflow(sx * sy, sz, &expected))
    fail(voxel, label + ": its size " + sizes + " is more voxels than any file holds");

  std::uint64_t index = 0;  // voxels read
  int colour = -1;          // of the last voxel read; -1 before the first
  const auto close_colour = [&] {
    if (colour > 0) shape.colours.insert(colour);
  };
  for (const char ch : *text) {
    if (ch == '#' || ch == '+' || ch == '_') {
      close_colour();
      if (index >= expected)
        fail(voxel, label + " has more voxels than its size " + sizes + " holds (" +
                        std::to_string(expected) + ")");
      const Cell cell{static_cast<int>(index / sx % sy), static_cast<int>(index % sx),
                      static_cast<int>(index / sx / sy)};
      if (ch == '#') shape.filled.push_back(cell);
      if (ch == '+') shape.variable.push_back(cell);
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

Puzzle Reader::read_problem(const xmlNode* problem, std::size_t number_in_file,
                            std::size_t colour_count, const std::vector<VoxelShape>& shapes) const {
  Puzzle puzzle;
  puzzle.lattice = Lattice::cube;
  puzzle.name = attribute(problem, "name").value_or("");
  puzzle.source = source_ + ":" + std::to_string(line_of(problem));
  const std::string label = puzzle.name.empty() ? "problem " + std::to_string(number_in_file)
                                                : "problem '" + puzzle.name + "'";
  const auto shape_at = [&](const xmlNode* node, const char* role) -> const VoxelShape& {
    const std::uint64_t id = required_number(node, "id", std::numeric_limits<std::uint64_t>::max());
    if (id >= shapes.size())
      fail(node, label + ": its " + role + " is shape id " + std::to_string(id) +
                     ", and the file has " +
                     (shapes.empty() ? std::string("no shapes")
                                     : "shapes 0 to " + std::to_string(shapes.size() - 1)));
    return shapes[id];
  };

  // The result.
  const std::vector<xmlNode*> results = children(problem, "result");
  if (results.empty()) fail(problem, label + " has no result shape (<result id=...>)");
  if (results.size() > 1) fail(results[1], label + " has a second result");
  const VoxelShape& result = shape_at(results[0], "result");
  if (result.filled.empty() && result.variable.empty())
    fail(results[0], label + ": its result shape has no voxels");
  std::vector<Cell> board = result.filled;
  board.insert(board.end(), result.variable.begin(), result.variable.end());
  puzzle.board = Board(std::move(board));
  puzzle.optional_cells = Shape(result.variable);

  // BurrTools' maxHoles: at most that many of the variable voxels empty.
  if (const auto holes = number(problem, "maxHoles", std::numeric_limits<std::uint64_t>::max());
      holes && *holes < result.variable.size())
    fail(problem, label + " allows at most " + std::to_string(*holes) + " holes (maxHoles) among " +
                      std::to_string(result.variable.size()) +
                      " variable voxels; xcover does not follow that limit");

  // The allowed colour pairs, (piece colour - 1) << 16 | (result colour - 1)
  // as BurrTools keeps them. Without colours in the puzzle, every pair is.
  std::set<std::uint64_t> allowed;
  for (const xmlNode* bitmap : children(problem, "bitmap"))
    for (const xmlNode* pair : children(bitmap, "pair"))
      allowed.insert(required_number(pair, "piece", max_colour) << 16 |
                     required_number(pair, "result", max_colour));

  // The pieces: <shapes><shape id count | min max/>.
  std::set<std::string> names;
  std::set<std::uint64_t> ids;
  for (const xmlNode* list : children(problem, "shapes")) {
    for (const xmlNode* entry : children(list, "shape")) {
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
      if (colour_count > 0)
        for (const int piece_colour : shape.colours)
          for (const int result_colour : result.colours)
            if (!allowed.count(std::uint64_t(piece_colour - 1) << 16 |
                               std::uint64_t(result_colour - 1)))
              fail(problem, label + ": colour constraints keep " + piece_label + "'s colour " +
                                std::to_string(piece_colour) + " off the result's colour " +
                                std::to_string(result_colour) +
                                "; xcover does not follow colour constraints");
      piece.shape = Shape(shape.filled);
      piece.copies = static_cast<int>(max);
      if (min != max) piece.min_copies = static_cast<int>(min);
      puzzle.pieces.push_back(std::move(piece));
    }
  }
  return puzzle;
}

std::vector<Puzzle> Reader::read(const xmlDoc& document) const {
  const xmlNode* root = xmlDocGetRootElement(&document);
  if (!root) throw ParseError(source_, 0, "an XML document without an element");
  if (!named(root, "puzzle"))
    fail(root, std::string("the root element is <") + reinterpret_cast<const char*>(root->name) +
                   ">, not BurrTools' <puzzle>");
  const std::optional<std::string> version = attribute(root, "version");
  if (!version) fail(root, "<puzzle> has no 'version' attribute");
  if (*version != "1" && *version != "2")
    fail(root, "version \"" + *version + "\" of BurrTools' format; xcover reads versions 1 and 2");
  check_grid(root);

  std::size_t colour_count = 0;
  for (const xmlNode* colours : children(root, "colors"))
    colour_count += children(colours, "color").size();

  std::vector<VoxelShape> shapes;
  for (const xmlNode* list : children(root, "shapes"))
    for (const xmlNode* voxel : children(list, "voxel"))
      shapes.push_back(read_shape(voxel, shapes.size()));

  std::vector<Puzzle> puzzles;
  std::size_t total_cells = 0;
  for (const xmlNode* list : children(root, "problems")) {
    for (const xmlNode* problem : children(list, "problem")) {
      puzzles.push_back(read_problem(problem, puzzles.size() + 1, colour_count, shapes));
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

// looks_like_burrtools: the first element's name, from a push parser fed
// the bytes there are (a file's start may end anywhere).
struct RootName {
  xmlParserCtxt* context = nullptr;
  std::string name;
  bool seen = false;
};

void on_first_element(void* data, const xmlChar* name, const xmlChar*, const xmlChar*, int,
                      const xmlChar**, int, int, const xmlChar**) {
  auto* root = static_cast<RootName*>(data);
  if (root->seen) return;
  root->seen = true;
  root->name = reinterpret_cast<const char*>(name);
  xmlStopParser(root->context);
}

}  // namespace

std::vector<Puzzle> parse_burrtools(std::string_view bytes, const std::string& source) {
  std::string unpacked;
  const bool gzipped = is_gzip(bytes);
  if (gzipped) {
    unpacked = gunzip(bytes, source);
    bytes = unpacked;
  }
  const Document document = parse_xml(bytes, source, gzipped);
  return Reader(source).read(*document);
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
  start_libxml2();
  xmlSAXHandler handler;
  std::memset(&handler, 0, sizeof handler);
  handler.initialized = XML_SAX2_MAGIC;
  handler.startElementNs = on_first_element;
  handler.serror = ignore_error;
  RootName root;
  const std::size_t head = std::min<std::size_t>(bytes.size(), 4);  // for the encoding
  Context context(
      xmlCreatePushParserCtxt(&handler, &root, bytes.data(), static_cast<int>(head), nullptr));
  if (!context) throw std::bad_alloc();
  root.context = context.get();
  xmlCtxtUseOptions(context.get(), xml_options);
  const std::string_view rest =
      bytes.substr(head, std::min<std::size_t>(bytes.size() - head, 1 << 20));
  xmlParseChunk(context.get(), rest.data(), static_cast<int>(rest.size()), 0);
  return root.seen && root.name == "puzzle";
}

}  // namespace xcover::polyform
