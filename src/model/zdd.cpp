// SPDX-License-Identifier: MIT
// Zdd: see zdd.hpp. Its counts, its text, and the solutions read from it.
#include "xcover/zdd.hpp"

#include <algorithm>
#include <charconv>
#include <istream>
#include <limits>
#include <ostream>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"

namespace xcover {

Zdd::Zdd(std::vector<Node> nodes, std::uint64_t root) : nodes_(std::move(nodes)), root_(root) {
  for (std::size_t k = 0; k < nodes_.size(); ++k) {
    const Node& n = nodes_[k];
    const std::uint64_t id = k + 2;
    if (n.option < 0)
      throw Error("Zdd: node " + std::to_string(id) + " has a negative option (" +
                  std::to_string(n.option) + ")");
    if (n.lo >= id || n.hi >= id)
      throw Error("Zdd: node " + std::to_string(id) +
                  " has a child that is not below it (children come first)");
  }
  if (root_ >= nodes_.size() + 2)
    throw Error("Zdd: the root " + std::to_string(root_) + " is no node (there are " +
                std::to_string(nodes_.size() + 2) + ", with the terminals 0 and 1)");
  count_nodes();
}

void Zdd::count_nodes() {
  counts_.assign(nodes_.size() + 2, 0);
  counts_[kEmpty] = 1;
  for (std::size_t k = 0; k < nodes_.size(); ++k) {
    const Count lo = counts_[nodes_[k].lo], hi = counts_[nodes_[k].hi];
    const Count sum = lo + hi;
    if (sum < lo) overflow_ = true;
    counts_[k + 2] = sum;
  }
}

void Zdd::check_counted(const char* what) const {
  if (overflow_)
    throw CountOverflow(std::string("Zdd::") + what +
                        ": the diagram holds more than 2^128 - 1 solutions: no exact count");
}

Count Zdd::count() const {
  check_counted("count");
  return counts_[root_];
}

std::vector<int> Zdd::nth(Count index) const {
  check_counted("nth");
  if (index >= counts_[root_])
    throw Error("Zdd::nth: index " + to_string(index) + " is past the last solution (there are " +
                to_string(counts_[root_]) + ")");
  std::vector<int> solution;
  for (std::uint64_t node = root_; node > kEmpty;) {
    const Node& n = nodes_[node - 2];
    if (index < counts_[n.hi]) {
      solution.push_back(n.option);
      node = n.hi;
    } else {
      index -= counts_[n.hi];
      node = n.lo;
    }
  }
  std::sort(solution.begin(), solution.end());
  return solution;
}

namespace {

// SplitMix64: the same numbers for a seed on every machine.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

// A number below `n` (> 0), each as likely: random bits, drawn again while
// they fall past the last whole multiple of n.
Count uniform_below(SplitMix& random, Count n) {
  if (n.high_half() == 0) {
    const std::uint64_t m = n.low_half();
    const std::uint64_t whole = UINT64_MAX - UINT64_MAX % m;  // a multiple of m
    for (;;)
      if (const std::uint64_t r = random.next(); r < whole) return r % m;
  }
  const Count whole = Count::max() - Count::max() % n;
  for (;;) {
    const std::uint64_t high = random.next();  // (in this order on every compiler)
    const Count r = Count::from_halves(high, random.next());
    if (r < whole) return r % n;
  }
}

}  // namespace

std::vector<int> Zdd::sample(std::uint64_t seed) const {
  check_counted("sample");
  if (counts_[root_] == 0) throw Error("Zdd::sample: the diagram has no solution");
  SplitMix random{seed};
  return nth(uniform_below(random, counts_[root_]));
}

void Zdd::write(std::ostream& out, const std::string& title) const {
  write(out, ZddFormat::text, title);
}

void Zdd::write(std::ostream& out, ZddFormat format, const std::string& title) const {
  switch (format) {
    case ZddFormat::text:
      write_text(out, title);
      return;
    case ZddFormat::binary:
      write_binary(out);
      return;
  }
}

void Zdd::write_text(std::ostream& out, const std::string& title) const {
  out << "# xcover ZDD" << (title.empty() ? "" : " of " + title) << ": " << nodes_.size()
      << " nodes, ";
  if (overflow_)
    out << "more than 2^128 - 1";
  else
    out << counts_[root_];
  out << " solutions\n"
         "# one node a line, children first: ID OPTION LO HI (OPTION from 1; B: no solution,\n"
         "# T: the empty solution); the root is the last; '.' ends the diagram\n";
  auto name = [](std::uint64_t node) -> std::string {
    if (node == kNone) return "B";
    if (node == kEmpty) return "T";
    return std::to_string(node);
  };
  if (root_ <= kEmpty) {
    out << name(root_) << "\n.\n";
    return;
  }
  // Lines into one buffer, numbers by to_chars, written out every 64 KiB
  // or so (the diagram's text runs to hundreds of MB: a string and a
  // stream insertion a line took seconds).
  constexpr std::size_t kChunk = 1 << 16, kLine = 4 * 20 + 4;
  std::vector<char> buffer(kChunk + kLine);
  char* at = buffer.data();
  auto put = [&at](std::uint64_t value) { at = std::to_chars(at, at + 20, value).ptr; };
  auto put_child = [&](std::uint64_t node) {
    if (node <= kEmpty)
      *at++ = node == kNone ? 'B' : 'T';
    else
      put(node);
  };
  for (std::uint64_t id = 2; id <= root_; ++id) {
    const Node& n = nodes_[id - 2];
    put(id);
    *at++ = ' ';
    put(static_cast<std::uint64_t>(n.option) + 1);
    *at++ = ' ';
    put_child(n.lo);
    *at++ = ' ';
    put_child(n.hi);
    *at++ = '\n';
    if (static_cast<std::size_t>(at - buffer.data()) >= kChunk) {
      out.write(buffer.data(), at - buffer.data());
      at = buffer.data();
    }
  }
  out.write(buffer.data(), at - buffer.data());
  out << ".\n";
}

namespace {

bool parse_number(std::string_view word, std::uint64_t& value) {
  if (word.empty()) return false;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  return error == std::errc() && end == word.data() + word.size();
}

// The line's first words, up to a '#': at most `most` (and how many there
// were, which may be more).
std::size_t words_of(std::string_view line, std::string_view* words, std::size_t most) {
  if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
    line = line.substr(0, hash);
  std::size_t count = 0;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) ++at;
    std::size_t end = at;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
    if (end > at) {
      if (count < most) words[count] = line.substr(at, end - at);
      ++count;
    }
    at = end;
  }
  return count;
}

}  // namespace

Zdd Zdd::read(std::istream& in, const std::string& source) {
  if (in.peek() == static_cast<unsigned char>(kBinaryMagic[0])) return read_binary(in, source);
  return read_text(in, source);
}

Zdd Zdd::read_text(std::istream& in, const std::string& source) {
  std::vector<Node> nodes;
  // The file's IDs as node numbers: the same while they are 2, 3, 4, ... in
  // order (as write() writes them), else looked up.
  bool dense = true;
  std::unordered_map<std::uint64_t, std::uint64_t> number;
  std::uint64_t root = kNone;
  bool any = false, ended = false;
  std::string line;
  std::size_t at = 0;
  auto child = [&](std::string_view word, const char* which) -> std::uint64_t {
    if (word == "B") return kNone;
    if (word == "T") return kEmpty;
    std::uint64_t id = 0;
    if (!parse_number(word, id))
      throw ParseError(source, at,
                       std::string(which) + " is '" + std::string(word) +
                           "': a node's ID, B (no solution) or T (the empty solution)");
    if (dense) {
      if (id >= 2 && id < nodes.size() + 2) return id;
    } else if (const auto found = number.find(id); found != number.end()) {
      return found->second;
    }
    throw ParseError(source, at,
                     std::string(which) + " " + std::string(word) +
                         " names no node above it (children come before their parents)");
  };
  while (std::getline(in, line)) {
    ++at;
    std::string_view w[4];
    const std::size_t words = words_of(line, w, 4);
    if (words == 0) continue;
    if (ended) throw ParseError(source, at, "a line after the '.' that ends the diagram");
    if (words == 1 && w[0] == ".") {
      if (!any) throw ParseError(source, at, "the diagram is empty: no node before the '.'");
      ended = true;
      continue;
    }
    if (words == 1 && (w[0] == "B" || w[0] == "T")) {
      if (any) throw ParseError(source, at, "a terminal alone on a line after the nodes");
      root = w[0] == "B" ? kNone : kEmpty;
      any = true;
      continue;
    }
    if (words != 4)
      throw ParseError(
          source, at,
          "a node is 'ID OPTION LO HI', 4 words; this line has " + std::to_string(words));
    if (any && nodes.empty())
      throw ParseError(source, at, "a node after a terminal that stands for the whole diagram");
    std::uint64_t id = 0, option = 0;
    if (!parse_number(w[0], id))
      throw ParseError(source, at, "the ID '" + std::string(w[0]) + "' is not a number");
    if (!parse_number(w[1], option) || option == 0 ||
        option > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
      throw ParseError(source, at,
                       "the option '" + std::string(w[1]) + "' is not a number from 1 to " +
                           std::to_string(std::numeric_limits<int>::max()));
    const std::uint64_t lo = child(w[2], "LO"), hi = child(w[3], "HI");
    const std::uint64_t node = nodes.size() + 2;
    if (dense && id != node) {
      // (IDs of another program: from here on, each is looked up.)
      dense = false;
      for (std::uint64_t k = 2; k < node; ++k) number.emplace(k, k);
    }
    if (!dense && !number.emplace(id, node).second)
      throw ParseError(source, at, "node " + std::string(w[0]) + " is defined twice");
    nodes.push_back(Node{static_cast<int>(option - 1), lo, hi});
    root = node;
    any = true;
  }
  if (in.bad()) throw ParseError(source, at, "the input could not be read");
  if (!ended)
    throw ParseError(source, at + (at == 0 ? 1 : 0),
                     any ? "the diagram ends without its '.' line (is the file cut short?)"
                         : "empty input: no diagram");
  return Zdd(std::move(nodes), root);
}

// The binary form (docs/formats.md): the magic bytes, a version byte, then
// unsigned LEB128 numbers: the node count, the root, and each node's option
// (zigzag, as the change from the node before's) and children (a terminal as
// itself, else as 1 + how far below the node it is: a chain's LO, the node
// just made before it, takes one byte).
namespace {

constexpr unsigned char kBinaryVersion = 1;

void put_number(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out += static_cast<char>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  out += static_cast<char>(value);
}

std::uint64_t child_code(std::uint64_t id, std::uint64_t child) {
  return child <= Zdd::kEmpty ? child : id - child + 1;
}

// Reads the binary form from a stream, each error naming the byte it is at.
class BinaryReader {
 public:
  BinaryReader(std::istream& in, const std::string& source) : in_(in), source_(source) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw ParseError(source_, at_, "(byte offset) binary ZDD: " + what);
  }
  unsigned char byte(const char* what) {
    const int c = in_.get();
    if (c == std::char_traits<char>::eof()) {
      if (in_.bad()) fail("the input could not be read");
      fail(std::string("the file ends inside ") + what + " (is it cut short?)");
    }
    ++at_;
    return static_cast<unsigned char>(c);
  }
  std::uint64_t number(const char* what) {
    std::uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
      const unsigned char b = byte(what);
      if (shift == 63 && b > 1) fail(std::string(what) + " does not fit in 64 bits");
      value |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return value;
    }
  }
  bool at_end() { return in_.peek() == std::char_traits<char>::eof(); }
  std::uint64_t offset() const { return at_; }

 private:
  std::istream& in_;
  const std::string& source_;
  std::uint64_t at_ = 0;
};

}  // namespace

void Zdd::write_binary(std::ostream& out) const {
  std::string bytes(kBinaryMagic, sizeof kBinaryMagic);
  bytes += static_cast<char>(kBinaryVersion);
  put_number(bytes, nodes_.size());
  put_number(bytes, root_);
  std::int64_t option = 0;
  for (std::uint64_t id = 2; id < nodes_.size() + 2; ++id) {
    const Node& n = nodes_[id - 2];
    const std::int64_t change = n.option - option;
    option = n.option;
    put_number(bytes, change < 0 ? 2 * static_cast<std::uint64_t>(-change) - 1
                                 : 2 * static_cast<std::uint64_t>(change));
    put_number(bytes, child_code(id, n.lo));
    put_number(bytes, child_code(id, n.hi));
    if (bytes.size() >= (1 << 16)) {
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      bytes.clear();
    }
  }
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

Zdd Zdd::read_binary(std::istream& in, const std::string& source) {
  BinaryReader reader(in, source);
  for (const char magic : kBinaryMagic)
    if (reader.byte("the magic bytes") != static_cast<unsigned char>(magic))
      reader.fail("the magic bytes are not those of a ZDD xcover wrote");
  if (const unsigned char version = reader.byte("the version"); version != kBinaryVersion)
    reader.fail("version " + std::to_string(version) + " is not one this xcover reads (" +
                std::to_string(kBinaryVersion) + ")");
  const std::uint64_t count = reader.number("the number of nodes");
  if (count > UINT64_MAX / 4)
    reader.fail(std::to_string(count) + " nodes: more than a diagram can hold");
  const std::uint64_t root = reader.number("the root");
  if (count > 0 && root != count + 1)
    reader.fail("the root is " + std::to_string(root) + ", not the last node (" +
                std::to_string(count + 1) + ")");
  if (count == 0 && root > kEmpty)
    reader.fail("the root is " + std::to_string(root) + " in a diagram without nodes");
  // (The count is not trusted for memory: nodes are taken as they come.)
  std::vector<Node> nodes;
  nodes.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(count, 1 << 20)));
  std::int64_t option = 0;
  for (std::uint64_t id = 2; id < count + 2; ++id) {
    const std::uint64_t change = reader.number("a node's option");
    // (A change past 2^33 could only leave the options' range.)
    if (change <= (std::uint64_t{1} << 33))
      option += change & 1 ? -static_cast<std::int64_t>((change + 1) / 2)
                           : static_cast<std::int64_t>(change / 2);
    if (change > (std::uint64_t{1} << 33) || option < 0 || option > std::numeric_limits<int>::max())
      reader.fail("node " + std::to_string(id) + "'s option is not from 0 to " +
                  std::to_string(std::numeric_limits<int>::max()));
    auto child = [&](const char* which) {
      const std::uint64_t code = reader.number(which);
      if (code <= kEmpty) return code;
      if (code > id - 1)
        reader.fail("node " + std::to_string(id) + "'s " + which +
                    " names no node below it (children come before their parents)");
      return id - code + 1;
    };
    const std::uint64_t lo = child("LO"), hi = child("HI");
    nodes.push_back(Node{static_cast<int>(option), lo, hi});
  }
  if (!reader.at_end()) reader.fail("bytes after the last node");
  return Zdd(std::move(nodes), root);
}

}  // namespace xcover
