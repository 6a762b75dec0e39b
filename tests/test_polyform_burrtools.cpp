// SPDX-License-Identifier: MIT
// BurrTools' files: plain and gzip'd, what a problem's shapes, counts,
// ranges and variable voxels become, every malformed file refused with its
// name, line and reason, hostile bytes never crashing, and the Soma cube
// solved from a file.
#include <doctest/doctest.h>
#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "error_of.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace test_polyform_burrtools {

namespace pf = xcover::polyform;
using pf::Cell;
using xcover::test::data_file;
using xcover::test::run_cli;
using xcover::test::sanitized;
using xcover::test::temp_file;

namespace {

std::string burrtools_data(const std::string& name) {
  return data_file("polyform/burrtools/" + name);
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// `size` bytes of `text` repeated, gzip'd by zlib (the library's own
// dependency) a megabyte at a time.
std::string gzip(const std::string& text, std::size_t size) {
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) ==
          Z_OK);
  std::string chunk;
  while (chunk.size() < (std::size_t{1} << 20) && !text.empty()) chunk += text;
  std::string packed;
  char buffer[1 << 16];
  std::size_t done = 0;
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    const std::size_t length = std::min(chunk.size(), size - done);
    stream.next_in = reinterpret_cast<Bytef*>(chunk.data());
    stream.avail_in = static_cast<uInt>(length);
    done += length;
    const int flush = done == size ? Z_FINISH : Z_NO_FLUSH;
    do {
      stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stream.avail_out = sizeof buffer;
      status = deflate(&stream, flush);
      packed.append(buffer, sizeof buffer - stream.avail_out);
    } while (stream.avail_out == 0);
  }
  deflateEnd(&stream);
  return packed;
}

std::string gzip(const std::string& text) { return gzip(text, text.size()); }

// A BurrTools file: its shapes (<voxel> lines), its problems, and what goes
// before the shapes. Line 1 is the XML declaration, line 2 <puzzle>, and
// `head`'s lines follow; the shapes start on the line after <shapes>.
std::string burr_file(const std::string& shapes, const std::string& problems,
                      const std::string& head = "<gridType type=\"0\"/>\n") {
  return "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n" + head + "<shapes>\n" + shapes +
         "</shapes>\n<problems>\n" + problems + "</problems>\n</puzzle>\n";
}

// The message parse_burrtools gives for `text`, read as "bad.xmpuzzle".
std::string refusal(const std::string& text) {
  return error_of([&] { (void)pf::parse_burrtools(text, "bad.xmpuzzle"); });
}

const std::string domino = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"D\">##</voxel>\n";
const std::string strip = "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\" name=\"strip\">####</voxel>\n";
// Two dominoes in a strip of four: shapes 0 and 1.
const std::string dominoes_problem =
    "<problem name=\"two\"><shapes><shape id=\"0\" count=\"2\"/></shapes><result id=\"1\"/>"
    "</problem>\n";

std::vector<Cell> cells_of(const pf::Shape& shape) { return shape.cells(); }

}  // namespace

TEST_CASE("BurrTools: the Soma file, plain, gzip'd and in two gzip members") {
  for (const char* name : {"soma.xmpuzzle", "soma-gzip.xmpuzzle", "soma-two-members.xmpuzzle"}) {
    CAPTURE(name);
    const std::string path = burrtools_data(name);
    const std::vector<pf::Puzzle> puzzles = pf::read_burrtools(path);
    REQUIRE(puzzles.size() == 1);
    const pf::Puzzle& soma = puzzles[0];
    CHECK(soma.lattice == pf::Lattice::cube);
    CHECK(soma.name == "Soma cube");
    CHECK(soma.source == path + ":18");  // the line of its <problem>
    CHECK(soma.board.size() == 27);
    CHECK(soma.optional_cells.size() == 0);
    REQUIRE(soma.pieces.size() == 7);
    std::string names;
    int cells = 0;
    for (const pf::Piece& piece : soma.pieces) {
      names += piece.name + " ";
      cells += piece.shape.size();
      CHECK(piece.copies == 1);
      CHECK_FALSE(piece.min_copies.has_value());
      CHECK_FALSE(piece.flips.has_value());
    }
    CHECK(names == "V L T Z A B P ");
    CHECK(cells == 27);
    // Voxel (x, y, z) is cell (row y, col x, layer z): A is "###__#__" on
    // 2x2x2, its fourth voxel at x 1, y 0, z 1.
    CHECK(cells_of(soma.pieces[4].shape) ==
          std::vector<Cell>{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 1, 1}});
  }
  // The same bytes from memory, named as the caller says.
  const std::vector<pf::Puzzle> from_bytes =
      pf::parse_burrtools(bytes_of(burrtools_data("soma-gzip.xmpuzzle")), "soma.gz");
  REQUIRE(from_bytes.size() == 1);
  CHECK(from_bytes[0].source == "soma.gz:18");
  CHECK(from_bytes[0].pieces.size() == 7);
  // Packed at another level, and longer than zlib's buffers.
  const std::string plain = bytes_of(burrtools_data("soma.xmpuzzle"));
  CHECK(pf::parse_burrtools(gzip(plain)).size() == 1);
  const std::string padded = plain + "<!-- " + std::string(500'000, 'x') + " -->\n";
  CHECK(pf::parse_burrtools(gzip(padded)).size() == 1);
}

TEST_CASE("BurrTools: counts, ranges, variable voxels, names and groups") {
  const std::vector<pf::Puzzle> puzzles = pf::read_burrtools(burrtools_data("ranges.xmpuzzle"));
  REQUIRE(puzzles.size() == 2);

  // The result "###+#__#+___" on 3x2x2: '#' and '+' are the board, '+' its
  // optional cells; (x, y, z) -> (row y, col x, layer z).
  for (const pf::Puzzle& puzzle : puzzles) {
    CHECK(cells_of(puzzle.board) ==
          std::vector<Cell>{
              {0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 1}, {0, 2, 1}});
    CHECK(cells_of(puzzle.optional_cells) == std::vector<Cell>{{1, 0, 0}, {0, 2, 1}});
  }

  const pf::Puzzle& first = puzzles[0];
  CHECK(first.name == "ranges");
  REQUIRE(first.pieces.size() == 4);  // shape 5's count 0 places none
  // count="2": two, all used.
  CHECK(first.pieces[0].name == "I3");
  CHECK(first.pieces[0].copies == 2);
  CHECK_FALSE(first.pieces[0].min_copies.has_value());
  CHECK(cells_of(first.pieces[0].shape) == std::vector<Cell>{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}});
  // min="0" max="3"; a name that is not a piece name gives S + its number
  // from 1, as BurrTools shows shapes.
  CHECK(first.pieces[1].name == "S2");
  CHECK(first.pieces[1].copies == 3);
  CHECK(first.pieces[1].min_copies == 0);
  // No count: one. A name taken already: S3. Along z: layers.
  CHECK(first.pieces[2].name == "S3");
  CHECK(first.pieces[2].copies == 1);
  CHECK(cells_of(first.pieces[2].shape) == std::vector<Cell>{{0, 0, 0}, {0, 0, 1}});
  // min = max: plain copies; no name: S4; the group is for disassembly.
  CHECK(first.pieces[3].name == "S4");
  CHECK(first.pieces[3].copies == 2);
  CHECK_FALSE(first.pieces[3].min_copies.has_value());
  CHECK(cells_of(first.pieces[3].shape) == std::vector<Cell>{{0, 0, 0}, {1, 0, 0}});
  // Piece groups, as an attribute or as <group> inside the entry; none is
  // group 0, kept as no group.
  CHECK(first.pieces[3].groups == std::vector<int>{1});
  CHECK(first.pieces[0].groups.empty());

  const pf::Puzzle& second = puzzles[1];
  CHECK(second.name.empty());
  CHECK(second.source == burrtools_data("ranges.xmpuzzle") + ":26");
  REQUIRE(second.pieces.size() == 3);
  CHECK(second.pieces[0].name == "S1");  // named so in the file
  // "l0r0c0" would name a cell's item: S6.
  CHECK(second.pieces[1].name == "S6");
  CHECK(second.pieces[1].copies == 4);
  CHECK(second.pieces[1].min_copies == 1);
  CHECK(second.pieces[1].groups == std::vector<int>{1});
  CHECK(second.pieces[2].name == "I3");
}

TEST_CASE("BurrTools: names that collide get a suffix") {
  const std::string shapes =
      "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\" name=\"S2\">#</voxel>\n"
      "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n" +
      strip;
  const std::vector<pf::Puzzle> puzzles = pf::parse_burrtools(
      burr_file(shapes,
                "<problem><shapes><shape id=\"0\"/><shape id=\"1\"/></shapes><result id=\"2\"/>"
                "</problem>\n"));
  REQUIRE(puzzles.size() == 1);
  REQUIRE(puzzles[0].pieces.size() == 2);
  CHECK(puzzles[0].pieces[0].name == "S2");
  CHECK(puzzles[0].pieces[1].name == "S2-2");
  // Names of cells' items are not taken.
  for (const std::string name : {"r0c1", "l0r-1c2", "l3r0c0", "r1c-2"}) {
    CAPTURE(name);
    const std::string cell_named =
        "<voxel x=\"1\" y=\"1\" z=\"1\" name=\"" + name + "\">#</voxel>\n";
    const std::vector<pf::Puzzle> read = pf::parse_burrtools(
        burr_file(cell_named + strip,
                  "<problem><shapes><shape id=\"0\"/></shapes><result id=\"1\"/></problem>\n"));
    CHECK(read.at(0).pieces.at(0).name == "S1");
  }
}

TEST_CASE("BurrTools: what BurrTools writes by default or leaves out is read as it reads it") {
  // No gridType: bricks. Version 1. A colour on voxels without colours
  // defined constrains nothing. maxHoles at the variable voxels' number.
  const std::string shapes =
      "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#2#</voxel>\n"
      "<voxel x=\"3\" y=\"1\" z=\"1\" type=\"0\">#1#+12</voxel>\n";
  const std::string text =
      "<?xml version=\"1.0\"?>\n<puzzle version=\"1\"><shapes>\n" + shapes +
      "</shapes><problems><problem maxHoles=\"1\"><shapes><shape id=\"0\"/></shapes>"
      "<result id=\"1\"/><solutions><solution/></solutions></problem></problems>"
      "<comment popup=\"\">hello</comment></puzzle>";
  const std::vector<pf::Puzzle> puzzles = pf::parse_burrtools(text);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].source == "<string>:5");
  CHECK(puzzles[0].board.size() == 3);
  CHECK(puzzles[0].optional_cells.size() == 1);
  // Colours that a pair allows are no constraint either.
  const std::string coloured =
      burr_file(shapes,
                "<problem><shapes><shape id=\"0\"/></shapes><result id=\"1\"/>"
                "<bitmap><pair piece=\"1\" result=\"0\"/><pair piece=\"1\" result=\"11\"/></bitmap>"
                "</problem>\n",
                "<colors><color red=\"1\" green=\"2\" blue=\"3\"/><color red=\"1\" green=\"2\" "
                "blue=\"3\"/></colors>\n");
  CHECK(pf::parse_burrtools(coloured).size() == 1);
}

TEST_CASE("BurrTools: bytes that are not UTF-8 are Latin-1, as BurrTools wrote them") {
  // BurrTools declares no encoding and writes names byte for byte.
  const std::string latin1 =
      burr_file("<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"G\xf6tz\">##</voxel>\n" + strip,
                "<problem name=\"M\xfcller\"><shapes><shape id=\"0\" count=\"2\"/></shapes>"
                "<result id=\"1\"/></problem>\n");
  const std::vector<pf::Puzzle> puzzles = pf::parse_burrtools(latin1);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].name == "M\xc3\xbcller");    // in UTF-8
  CHECK(puzzles[0].pieces.at(0).name == "S1");  // not a piece name
  // Declared, as other programs write it: expat reads it as declared.
  const std::string declared =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + latin1.substr(latin1.find('\n'));
  CHECK(pf::parse_burrtools(declared).at(0).name == "M\xc3\xbcller");
  // A byte that no encoding makes a character is still refused, in one line.
  CHECK(refusal("<?xml version=\"1.0\"?>\n<puzzle>\x01</puzzle>") ==
        "bad.xmpuzzle:2: XML error at column 9: not well-formed (invalid token)");
}

TEST_CASE("BurrTools: malformed files are refused with the file, the line and the reason") {
  SUBCASE("not gzip, not XML") {
    CHECK(refusal("") == "bad.xmpuzzle:0: an empty file is not a BurrTools puzzle");
    CHECK(refusal("hello, world\n") ==
          "bad.xmpuzzle:0: neither gzip'd nor XML: not a BurrTools puzzle");
    CHECK(refusal(gzip("hello")) ==
          "bad.xmpuzzle:0: the gzip'd data is not XML: not a BurrTools puzzle");
  }
  SUBCASE("damaged gzip") {
    const std::string packed = bytes_of(burrtools_data("soma-gzip.xmpuzzle"));
    CHECK(refusal(packed.substr(0, packed.size() - 30)) ==
          "bad.xmpuzzle:0: the gzip data ends early (a truncated file?)");
    CHECK(refusal(packed.substr(0, 2)) ==
          "bad.xmpuzzle:0: the gzip data ends early (a truncated file?)");
    std::string wrong_sum = packed;
    wrong_sum[wrong_sum.size() - 6] ^= 0x55;  // the CRC
    CHECK(refusal(wrong_sum) == "bad.xmpuzzle:0: damaged gzip data: incorrect data check");
    CHECK(refusal(packed + "trailing") ==
          "bad.xmpuzzle:0: damaged gzip data: incorrect header check");
  }
  SUBCASE("XML errors, at expat's line and column, with the element left open") {
    CHECK(refusal("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<shapes>\n</puzzle>\n") ==
          "bad.xmpuzzle:4: XML error at column 3: mismatched tag (<shapes> of line 3 is still "
          "open)");
    CHECK(refusal("<puzzle version=\"2\">\n\n<shapes>") ==
          "bad.xmpuzzle:3: XML error at column 9: no element found (<shapes> of line 3 is still "
          "open)");
    CHECK(refusal(gzip("<a>\n<b></a>")) ==
          "bad.xmpuzzle:2: XML error at column 6: mismatched tag (<b> of line 2 is still open)");
  }
  SUBCASE("not a BurrTools puzzle") {
    CHECK(refusal("<?xml version=\"1.0\"?>\n<svg/>") ==
          "bad.xmpuzzle:2: the root element is <svg>, not BurrTools' <puzzle>");
    CHECK(refusal("<puzzle/>") == "bad.xmpuzzle:1: <puzzle> has no 'version' attribute");
    CHECK(refusal("<puzzle version=\"3\"/>") ==
          "bad.xmpuzzle:1: version \"3\" of BurrTools' format; xcover reads versions 1 and 2");
  }
  SUBCASE("a grid BurrTools has not, or a voxel off its grid, named") {
    CHECK(refusal(burr_file(domino + strip, dominoes_problem, "<gridType type=\"7\"/>\n")) ==
          "bad.xmpuzzle:3: the puzzle is on BurrTools' unknown (type 7) grid; BurrTools has grids "
          "0 (bricks) to 4 (tetra-octa)");
    // The brick grid's domino is on prisms two triangles, and off the other
    // three grids: (1, 0, 0) on spheres (x + y + z odd), (0, 0, 0) on the
    // rhombic and tetra-octa grids (a cube's corner).
    const std::vector<std::pair<std::string, std::string>> grids{
        {"2", "(1, 0, 0) filled, which is not a cell of BurrTools' sphere"},
        {"3", "(0, 0, 0) filled, which is not a cell of BurrTools' rhombic"},
        {"4", "(0, 0, 0) filled, which is not a cell of BurrTools' tetra-octa"}};
    for (const auto& [type, what] : grids)
      CHECK(refusal(burr_file(domino + strip, dominoes_problem,
                              "<gridType type=\"" + type + "\"/>\n")) ==
            "bad.xmpuzzle:5: shape id 0 ('D') has voxel " + what + " grid");
    CHECK(refusal(burr_file(domino + strip, dominoes_problem, "<gridType type=\"1\"/>\n")) ==
          "no error");
    CHECK(refusal(burr_file(domino + strip, dominoes_problem,
                            "<gridType type=\"0\"/>\n<gridType type=\"0\"/>\n")) ==
          "bad.xmpuzzle:4: a second <gridType>: a puzzle has one grid");
    CHECK(refusal(burr_file(domino + strip, dominoes_problem, "<gridType type=\"x\"/>\n")) ==
          "bad.xmpuzzle:3: <gridType> type=\"x\" is not a whole number");
  }
  SUBCASE("voxel strings") {
    CHECK(refusal(burr_file(
              domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\" name=\"strip\">###</voxel>\n",
              dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 ('strip') has 3 voxels; its size 4x1x1 holds 4");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">#####</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 has more voxels than its size 4x1x1 holds (4)");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">#x##</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 has 'x' among its voxels ('#', '+', '_' and colours)");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">## ##</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 has byte 32 among its voxels ('#', '+', '_' and colours)");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">1####</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 has a colour before its first voxel");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">#64###</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 has a voxel of colour over 63");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" type=\"0\">####</voxel>\n",
                            dominoes_problem)) == "bad.xmpuzzle:6: <voxel> has no 'z' attribute");
    CHECK(refusal(burr_file(domino + "<voxel x=\"-4\" y=\"1\" z=\"1\">####</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: <voxel> x=\"-4\" is not a whole number");
    CHECK(refusal(burr_file(domino + "<voxel x=\"99999999999\" y=\"1\" z=\"1\">####</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: <voxel> x=\"99999999999\" is over 10000000");
    CHECK(refusal(burr_file(domino + "<voxel x=\"10000000\" y=\"10000000\" z=\"10000000\">####"
                                     "</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1: its size 10000000x10000000x10000000 is more voxels than "
          "any file holds");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"1\">####</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1 has voxel type 1; BurrTools knows type 0 alone");
    CHECK(refusal(burr_file(domino + "<voxel x=\"4\" y=\"1\" z=\"1\">##<b/>##</voxel>\n",
                            dominoes_problem)) ==
          "bad.xmpuzzle:6: shape id 1: its <voxel> holds more than the voxels' text");
  }
  SUBCASE("problems") {
    const std::string shapes = domino + strip;
    CHECK(refusal(burr_file(shapes, "")) ==
          "bad.xmpuzzle:2: no problems: a BurrTools puzzle states its pieces and result in a "
          "<problem>");
    CHECK(refusal(burr_file(shapes,
                            "<problem name=\"P\">\n<shapes><shape id=\"0\"/></shapes>"
                            "</problem>\n")) ==
          "bad.xmpuzzle:9: problem 'P' has no result shape (<result id=...>)");
    CHECK(refusal(burr_file(shapes, "<problem>\n<result id=\"2\"/></problem>\n")) ==
          "bad.xmpuzzle:10: problem 1: its result is shape id 2, and the file has shapes 0 to 1");
    CHECK(refusal(burr_file(shapes, dominoes_problem +
                                        "<problem>\n<result id=\"1\"/><shapes>\n<shape "
                                        "id=\"5\"/></shapes></problem>\n")) ==
          "bad.xmpuzzle:12: problem 2: its piece is shape id 5, and the file has shapes 0 to 1");
    CHECK(refusal(burr_file("", "<problem>\n<result id=\"0\"/></problem>\n")) ==
          "bad.xmpuzzle:8: problem 1: its result is shape id 0, and the file has no shapes");
    CHECK(refusal(burr_file(shapes,
                            "<problem>\n<result id=\"1\"/>\n<result id=\"1\"/>"
                            "</problem>\n")) == "bad.xmpuzzle:11: problem 1 has a second result");
    CHECK(refusal(burr_file(shapes, "<problem>\n<result/></problem>\n")) ==
          "bad.xmpuzzle:10: <result> has no 'id' attribute");
    CHECK(refusal(burr_file(shapes,
                            "<problem>\n<result id=\"1\"/><shapes>\n<shape id=\"0\"/>"
                            "<shape id=\"0\"/></shapes></problem>\n")) ==
          "bad.xmpuzzle:11: problem 1 lists shape id 0 twice");
    CHECK(refusal(burr_file(shapes,
                            "<problem>\n<result id=\"1\"/><shapes>\n<shape id=\"0\" "
                            "min=\"3\" max=\"2\"/></shapes></problem>\n")) ==
          "bad.xmpuzzle:11: problem 1: shape id 0 has min 3 over max 2");
    CHECK(refusal(burr_file(shapes,
                            "<problem>\n<result id=\"1\"/><shapes>\n<shape id=\"0\" "
                            "min=\"1\"/></shapes></problem>\n")) ==
          "bad.xmpuzzle:11: problem 1: shape id 0 has 'min' without 'max'");
    CHECK(refusal(burr_file(shapes,
                            "<problem>\n<result id=\"1\"/><shapes>\n<shape id=\"0\" "
                            "count=\"65536\"/></shapes></problem>\n")) ==
          "bad.xmpuzzle:11: <shape> count=\"65536\" is over 65535");
  }
  SUBCASE("pieces and results that a tiling cannot take") {
    const std::string variable_piece =
        "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"D\">#+</voxel>\n";
    CHECK(refusal(burr_file(variable_piece + strip, dominoes_problem)) ==
          "bad.xmpuzzle:9: problem 'two': piece 'D' (shape id 0) has variable voxels ('+'); "
          "xcover's pieces are all fixed voxels");
    const std::string empty_piece = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">__</voxel>\n";
    CHECK(refusal(burr_file(empty_piece + strip, dominoes_problem)) ==
          "bad.xmpuzzle:9: problem 'two': piece 'S1' (shape id 0) has no voxels");
    const std::string empty_result = "<voxel x=\"0\" y=\"0\" z=\"0\" type=\"0\"></voxel>\n";
    CHECK(refusal(burr_file(domino + empty_result, dominoes_problem)) ==
          "bad.xmpuzzle:9: problem 'two': its result shape has no voxels");
    const std::string holes = "<voxel x=\"6\" y=\"1\" z=\"1\" type=\"0\">##++++</voxel>\n";
    CHECK(refusal(burr_file(domino + holes,
                            "<problem maxHoles=\"3\">\n<result id=\"1\"/></problem>\n")) ==
          "bad.xmpuzzle:9: problem 1 allows at most 3 holes (maxHoles) among 4 variable voxels; "
          "xcover does not follow that limit");
  }
  SUBCASE("colour constraints bite: a piece's colour off a result's colour") {
    // D's first voxel has colour 2, the strip's first colour 1: D may not
    // cover it with that end unless the pair (2, 1) is allowed (BurrTools
    // numbers a pair's colours from 0).
    const std::string shapes =
        "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"D\">#2#</voxel>\n"
        "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">#1###</voxel>\n";
    const std::string colours =
        "<colors><color red=\"0\" green=\"0\" blue=\"0\"/><color "
        "red=\"0\" green=\"0\" blue=\"0\"/></colors>\n";
    const auto tilings = [&](const std::string& head, const std::string& bitmap) {
      const std::string problem =
          "<problem name=\"two\"><shapes><shape id=\"0\" count=\"2\"/></shapes><result "
          "id=\"1\"/>" +
          bitmap + "</problem>\n";
      const std::vector<pf::Puzzle> puzzles =
          pf::parse_burrtools(burr_file(shapes, problem, head), "colours.xmpuzzle");
      REQUIRE(puzzles.size() == 1);
      return pf::count(pf::make_tiling(puzzles[0])).solutions;
    };
    // Without colours defined the digits mean nothing: one tiling.
    CHECK(tilings("", "") == 1);
    // Each domino now has two ends: the strip's first cell takes D's plain
    // end only, the other domino either way round.
    CHECK(tilings(colours, "") == 2);
    CHECK(tilings(colours, "<bitmap><pair piece=\"1\" result=\"0\"/></bitmap>") == 4);
    const std::vector<pf::Puzzle> read =
        pf::parse_burrtools(burr_file(shapes, dominoes_problem, colours), "colours.xmpuzzle");
    CHECK(read[0].board_colours == std::vector<int>{1, 0, 0, 0});
    CHECK(read[0].pieces[0].colours == std::vector<int>{2, 0});
    CHECK(read[0].colour_pairs.empty());
  }
}

TEST_CASE("BurrTools: read_burrtools names the file") {
  CHECK(error_of([] { (void)pf::read_burrtools("/nonexistent/puzzle.xmpuzzle"); }) ==
        "/nonexistent/puzzle.xmpuzzle:0: cannot open: No such file or directory");
  const std::string path = temp_file(burr_file(domino + strip, ""), ".xmpuzzle");
  CHECK(error_of([&] { (void)pf::read_burrtools(path); }) ==
        path + ":2: no problems: a BurrTools puzzle states its pieces and result in a <problem>");
  const std::string packed = temp_file(gzip(burr_file(domino, dominoes_problem)), ".xmpuzzle");
  CHECK(error_of([&] { (void)pf::read_burrtools(packed); }) ==
        packed + ":8: problem 'two': its result is shape id 1, and the file has shapes 0 to 0");
  // A ParseError, with its parts.
  try {
    (void)pf::read_burrtools(path);
    FAIL("no error");
  } catch (const xcover::ParseError& e) {
    CHECK(e.source() == path);
    CHECK(e.line() == 2);
  }
}

TEST_CASE("BurrTools: looks_like_burrtools") {
  CHECK(pf::looks_like_burrtools(bytes_of(burrtools_data("soma-gzip.xmpuzzle")).substr(0, 64)));
  CHECK(pf::looks_like_burrtools("\x1f\x8b"));
  const std::string plain = bytes_of(burrtools_data("soma.xmpuzzle"));
  CHECK(pf::looks_like_burrtools(plain));
  CHECK(pf::looks_like_burrtools(plain.substr(0, 256)));  // the comment and <puzzle ...>
  CHECK(pf::looks_like_burrtools("\xEF\xBB\xBF<puzzle version=\"2\">"));
  CHECK(pf::looks_like_burrtools("<!DOCTYPE puzzle [<!ENTITY x \"y\">]>\n<puzzle>"));
  CHECK(pf::looks_like_burrtools("  \n<puzzle/>"));
  CHECK_FALSE(pf::looks_like_burrtools(""));
  CHECK_FALSE(pf::looks_like_burrtools("\x1f"));
  CHECK_FALSE(pf::looks_like_burrtools("board\n####\n"));
  CHECK_FALSE(pf::looks_like_burrtools("<?xml version=\"1.0\"?>\n<svg/>"));
  CHECK_FALSE(pf::looks_like_burrtools("<puzzles version=\"2\">"));
  CHECK_FALSE(pf::looks_like_burrtools("<a><puzzle/></a>"));
  CHECK_FALSE(pf::looks_like_burrtools("<"));
}

TEST_CASE("BurrTools: hostile input is refused, never a crash") {
  const auto refused_or_read = [](const std::string& bytes) {
    try {
      (void)pf::parse_burrtools(bytes, "hostile");
    } catch (const xcover::ParseError& e) {
      CHECK(std::string(e.what()).rfind("hostile:", 0) == 0);
    }
    (void)pf::looks_like_burrtools(bytes);
  };
  const std::string plain = bytes_of(burrtools_data("ranges.xmpuzzle"));
  const std::string packed = bytes_of(burrtools_data("soma-gzip.xmpuzzle"));
  std::mt19937 rng(2024);
  const int rounds = sanitized ? 300 : 2000;
  for (int round = 0; round < rounds; ++round) {
    // A few bytes changed, of the plain file and of the gzip'd one.
    for (const std::string* original : {&plain, &packed}) {
      std::string bytes = *original;
      const int changes = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < changes; ++k)
        bytes[rng() % bytes.size()] = static_cast<char>(rng() & 0xff);
      refused_or_read(bytes);
      refused_or_read(bytes.substr(0, rng() % bytes.size()));
    }
    // Random bytes, behind gzip's magic or not.
    std::string noise(rng() % 200, '\0');
    for (char& ch : noise) ch = static_cast<char>(rng() & 0xff);
    refused_or_read(noise);
    refused_or_read("\x1f\x8b" + noise);
    refused_or_read(gzip(noise));
  }

  // Entities that grow a billion-fold are refused by expat's guard.
  std::string laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE puzzle [\n<!ENTITY l0 \"lol\">\n";
  for (int k = 1; k <= 9; ++k)
    laughs += "<!ENTITY l" + std::to_string(k) + " \"" + [&] {
      std::string ten;
      for (int j = 0; j < 10; ++j) ten += "&l" + std::to_string(k - 1) + ";";
      return ten;
    }() + "\">\n";
  laughs +=
      "]>\n<puzzle version=\"2\"><shapes><voxel x=\"1\" y=\"1\" z=\"1\" name=\"&l9;\">#"
      "</voxel></shapes></puzzle>\n";
  const std::string laughed = error_of([&] { (void)pf::parse_burrtools(laughs, "laughs"); });
  CHECK(laughed.rfind("laughs:14: ", 0) == 0);
  CHECK(laughed.find("amplification") != std::string::npos);
  // An external entity is never read: in text it is refused, in an attribute
  // XML forbids it.
  const std::string outside =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE puzzle [<!ENTITY x SYSTEM \"/etc/hostname\">]>\n"
      "<puzzle version=\"2\"><shapes><voxel x=\"1\" y=\"1\" z=\"1\">&x;</voxel></shapes></puzzle>";
  CHECK(error_of([&] { (void)pf::parse_burrtools(outside, "outside"); }) ==
        "outside:3: shape id 0: its <voxel> holds more than the voxels' text");
  // Nesting past the reader's depth limit.
  std::string deep = "<puzzle version=\"2\">";
  for (int k = 0; k < 100'000; ++k) deep += "<a>";
  CHECK(error_of([&] { (void)pf::parse_burrtools(deep, "deep"); }) ==
        "deep:1: elements nested more than 10000 deep, deeper than any BurrTools puzzle");
  // More elements than any puzzle: refused before the tree takes gigabytes.
  // (Solutions and other elements the reader does not ask for are not kept.)
  if (!sanitized) {
    std::string colours = "<puzzle version=\"2\"><solutions>";
    for (int k = 0; k < 1'100'000; ++k) colours += "<s/>";
    colours += "</solutions>\n<colors>";
    for (int k = 0; k < 1'100'000; ++k) colours += "<color/>";
    CHECK(error_of([&] { (void)pf::parse_burrtools(colours, "colours"); }) ==
          "colours:2: more than 1048576 elements of shapes and problems, more than any BurrTools "
          "puzzle has");
  }
  // A gzip bomb: 300 MB of blanks after "<puzzle>", packed in 300 kB,
  // refused once 256 MiB are unpacked, before expat sees them.
  if (!sanitized) {
    const std::string bomb = gzip("<puzzle>") + gzip(" ", std::size_t{300} << 20);
    CHECK(error_of([&] { (void)pf::parse_burrtools(bomb, "bomb"); }) ==
          "bomb:0: the gzip data unpacks to more than 256 MiB of XML, more than any BurrTools "
          "puzzle needs");
  }
  // One big shape as the result of many problems: the cells asked for in all
  // are bounded.
  std::string many;
  for (int k = 0; k < 40; ++k) many += "<problem><result id=\"0\"/></problem>\n";
  const std::string big =
      "<voxel x=\"1000\" y=\"1000\" z=\"1\">" + std::string(1'000'000, '#') + "</voxel>\n";
  CHECK(error_of([&] { (void)pf::parse_burrtools(burr_file(big, many), "many"); }) ==
        "many:24: the problems up to this one hold more than 16777216 cells in all");
}

TEST_CASE("BurrTools: the Soma cube solved from its file (240 distinct, 11,520 in all)") {
  const pf::Puzzle soma = pf::read_burrtools(burrtools_data("soma-gzip.xmpuzzle")).at(0);
  const pf::Tiling distinct = pf::make_tiling(soma, {.distinct = true});
  const xcover::CountResult counted = pf::count(distinct);
  CHECK(counted.complete());
  CHECK(counted.solutions == 240);
  const xcover::CountResult all = pf::count(pf::make_tiling(soma));
  CHECK(all.complete());
  CHECK(all.solutions == 11'520);
}

TEST_CASE("BurrTools: every grid, as burrTxt counts it") {
  // (burrTxt's distinct counts, in tests/data/polyform/README.md.) Prism
  // files hold y up the screen: the reader turns it to rows down, each
  // triangle keeping its direction, or the hexiamonds would not fit.
  struct Case {
    const char* file;
    pf::Lattice lattice;
    xcover::Count distinct, all;
  };
  using L = pf::Lattice;
  for (const Case& c : {Case{"hexiamonds-6x6-triangles.xmpuzzle", L::prism, 156, 624},
                        Case{"hexiamonds-4x9-triangles.xmpuzzle", L::prism, 74, 148},
                        Case{"bad-grid-triangles.xmpuzzle", L::prism, 1, 1},
                        Case{"spheres-pyramid-3.xmpuzzle", L::sphere, 5, 20},
                        Case{"rhombic-two-cubes.xmpuzzle", L::rhombic, 2, 16},
                        Case{"tetra-octa-four-cubes.xmpuzzle", L::tetra_octa, 1, 4}}) {
    CAPTURE(c.file);
    const std::vector<pf::Puzzle> puzzles = pf::read_burrtools(data_file("polyform/") + c.file);
    REQUIRE(puzzles.size() == 1);
    CHECK(puzzles[0].lattice == c.lattice);
    CHECK(pf::count(pf::make_tiling(puzzles[0], {.distinct = true})).solutions == c.distinct);
    CHECK(pf::count(pf::make_tiling(puzzles[0])).solutions == c.all);
  }
}

TEST_CASE("BurrTools: xcover polyform reads a file and names its faults") {
  const std::string soma = burrtools_data("soma-gzip.xmpuzzle");
  const auto counted = run_cli("polyform '" + soma + "' --count --distinct");
  CHECK(counted.exit_code == 0);
  CHECK(counted.out == "240\n");
  CHECK(counted.err == "");
  CHECK(run_cli("polyform --count --distinct -", bytes_of(burrtools_data("soma.xmpuzzle"))).out ==
        "240\n");

  // Two problems: the first unless --problem picks another; past the last,
  // a usage error.
  const std::string ranges = burrtools_data("ranges.xmpuzzle");
  const auto first = run_cli("polyform '" + ranges + "' --count");
  CHECK(first.exit_code == 0);
  CHECK(first.err.starts_with(
      "xcover: " + ranges +
      " has 2 problems; solving the first (--problem N for another, --problem all)\n"));
  // --problem all: each in turn, a line naming it before its count, as
  // `burrTxt -o all` runs them.
  const auto every = run_cli("polyform '" + ranges + "' --count --problem all");
  CHECK(every.exit_code == 0);
  CHECK(every.out == "problem 1 of 2: ranges\n0\nproblem 2 of 2\n12\n");
  CHECK(run_cli("polyform '" + ranges + "' '" + ranges + "' --problem all")
            .err.find("--problem all solves the problems of one BurrTools FILE; give one") !=
        std::string::npos);
  const auto second = run_cli("polyform '" + ranges + "' --count --problem 2");
  CHECK(second.exit_code == 0);
  CHECK(second.err == "");
  const auto past = run_cli("polyform '" + ranges + "' --count --problem 3");
  CHECK(past.exit_code == 2);
  CHECK(past.err.find("--problem 3, but " + ranges + " has 2 problems") != std::string::npos);
  const auto one = run_cli("polyform '" + soma + "' --problem 2");
  CHECK(one.exit_code == 2);
  CHECK(one.err.find("--problem 2, but " + soma + " has 1 problem\n") != std::string::npos);

  // A file spoiled on purpose (a problem's <shapes> never closed): its name,
  // the line and the reason.
  const std::string bad = burrtools_data("bad-xml.xmpuzzle");
  const auto refused = run_cli("polyform '" + bad + "' --count");
  CHECK(refused.exit_code == 1);
  CHECK(refused.out == "");
  CHECK(refused.err == bad +
                           ":27: XML error at column 7: mismatched tag (<shapes> of line 17 is "
                           "still open)\n");
}

}  // namespace test_polyform_burrtools
