// SPDX-License-Identifier: MIT
// Zdd: every solution of a problem at once, as a zero-suppressed decision
// diagram (Minato's ZDD), made by Solver::zdd (a memoised search, as Knuth's
// DLX6 makes one) or read from its text. From it, without searching again:
// the number of solutions, a uniformly random one, and the k-th in order.
//
//   xcover::Solver solver(problem);
//   xcover::ZddResult made = solver.zdd();
//   if (made.complete()) {
//     std::cout << made.zdd.count() << " solutions\n";
//     std::vector<int> one = made.zdd.sample(42);  // option indices
//   }
//
// A node is an option and two children, LO and HI: the solutions it stands
// for are those of LO (without the option) and those of HI with the option
// added. Node 0 stands for no solution, node 1 for one solution (the empty
// set of options), node k >= 2 for nodes()[k - 2]. A node's children have
// smaller numbers than the node; the root is the last node (or 0 or 1).
//
// Solver::zdd makes the diagram reduced: no node has 0 as HI, no two nodes
// are alike, and along every path the options are disjoint (a solution).
// With ZddOrder::first it is ordered too: along every path the options come
// in one order (by their first primary item, then by their index), and for
// that order it is the family's unique ZDD. With ZddOrder::fewest (the
// default, as fast as the count) paths may take options in other orders.
//
// The text (write, read; docs/formats.md): one node a line, children first,
// "ID OPTION LO HI" with OPTION counted from 1 and the terminals written B
// (0) and T (1), the root last, then a line "."; lines from '#' on are
// comments. This is the format Graphillion and SAPPOROBDD read ("ID LEVEL
// LO HI"), with the option as the level: for an ordered diagram
// (ZddOrder::first) whose options are listed by their first primary item,
// as generators usually write them, the option numbers are the diagram's
// order. The binary form (ZddFormat::binary) holds the same nodes in a few
// bytes each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "xcover/count.hpp"
#include "xcover/dlx_format.hpp"  // ParseError
#include "xcover/export.hpp"
#include "xcover/status.hpp"

namespace xcover {

// How Solver::zdd branches, and so in what order a diagram's options come.
enum class ZddOrder {
  // On the item with the fewest options left, as the memoised count does:
  // as fast as the count. Paths take their options in no one order.
  fewest,
  // On the first primary item left: along every path the options come by
  // their first primary item, then by index (an ordered diagram, the one
  // Graphillion and SAPPOROBDD expect).
  first,
};

// The forms a diagram is written in: the text (one node a line, as
// Graphillion reads it), or the binary form, several times smaller
// (docs/formats.md). Zdd::read tells them apart by their first byte.
enum class ZddFormat { text, binary };

// A decision diagram of solutions: its nodes and root, and what they hold.
class XCOVER_API Zdd {
 public:
  // The first bytes of the binary form; then a version byte.
  static constexpr char kBinaryMagic[4] = {'\x89', 'Z', 'D', 'D'};

  // A node: solutions of `lo`, and solutions of `hi` with `option` added.
  struct Node {
    int option = 0;        // an option index, from 0
    std::uint64_t lo = 0;  // a node number below this one's
    std::uint64_t hi = 0;  // likewise
  };
  // The node numbers of the terminals.
  static constexpr std::uint64_t kNone = 0;   // no solution
  static constexpr std::uint64_t kEmpty = 1;  // one: no option

  // The diagram with no solution.
  Zdd() = default;
  // The diagram of `nodes` (node k >= 2 is nodes[k - 2]) with root `root`.
  // Error when a child or the root names a node not below it, or an
  // option is negative.
  Zdd(std::vector<Node> nodes, std::uint64_t root);

  // Reads the text or the binary form (whichever the first byte says);
  // `source` names it in errors: ParseError "SOURCE:LINE: what is wrong",
  // in the binary form "SOURCE:OFFSET: (byte offset) binary ZDD: what is
  // wrong", OFFSET counted in bytes from 0.
  static Zdd read(std::istream& in, const std::string& source);
  // Writes the text, after a comment naming `title` (if not empty), the
  // number of nodes and of solutions.
  void write(std::ostream& out, const std::string& title = "") const;
  // Writes the diagram in `format` (the binary form has no title).
  void write(std::ostream& out, ZddFormat format, const std::string& title = "") const;

  // The nodes: node k >= 2 is nodes()[k - 2].
  const std::vector<Node>& nodes() const { return nodes_; }
  // The root's number (kNone, kEmpty, or a node).
  std::uint64_t root() const { return root_; }
  // Nodes other than the terminals.
  std::size_t node_count() const { return nodes_.size(); }

  // The number of solutions: exact, CountOverflow past 2^128 - 1.
  Count count() const;
  // A solution drawn uniformly at random, as sorted option indices: the
  // same for a seed on every machine. Error when there is no solution.
  std::vector<int> sample(std::uint64_t seed) const;
  // The solution of index `index` (from 0) in the diagram's order, as sorted
  // option indices: at each node the solutions with its option come before
  // those without (the order in which a search branching on the options in
  // the diagram's order finds them). Error when index >= count().
  std::vector<int> nth(Count index) const;

 private:
  static Zdd read_text(std::istream& in, const std::string& source);
  static Zdd read_binary(std::istream& in, const std::string& source);
  void write_text(std::ostream& out, const std::string& title) const;
  void write_binary(std::ostream& out) const;
  // The solutions under each node (overflow_ when one passes 2^128 - 1).
  void count_nodes();
  // CountOverflow when a count passed 2^128 - 1.
  void check_counted(const char* what) const;

  std::vector<Node> nodes_;
  std::uint64_t root_ = kNone;
  std::vector<Count> counts_{0, 1};  // by node number
  bool overflow_ = false;
};

// What Solver::zdd made, and why it ended: a diagram only when the search
// was complete (status exhausted); else it is empty.
struct ZddResult {
  Zdd zdd;                            // the diagram (empty unless complete())
  Status status = Status::exhausted;  // why the search ended
  // The search ran to its end: the diagram holds every solution.
  bool complete() const { return status == Status::exhausted; }
};

}  // namespace xcover
