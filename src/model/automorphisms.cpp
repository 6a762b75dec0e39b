// SPDX-License-Identifier: MIT
// Symmetries of a problem by individualisation and refinement, the method of
// graph-isomorphism programs (McKay's nauty) cut down to what a count needs:
// the problem is a graph of items and options, each option joined to its
// items (the edge labelled with the entry's colour). Colour refinement gives
// vertices that no symmetry can exchange different colours; to find a
// symmetry that maps option a to option b, a is set apart in one copy and b
// in another, both are refined, and while a class of several vertices is
// left, one vertex of it is set apart in the first copy and each of the
// class's vertices in turn in the second. When every vertex stands alone,
// the two copies' colours pair the vertices: the pairing is a symmetry when
// it maps every option onto an option, which is checked.
#include "model/automorphisms.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

namespace xcover::detail {
namespace {

// A 64-bit mixer (SplitMix64's finaliser): sums of mixed values hash
// multisets.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Items are vertices 0..items-1, options items..items+options-1.
class Graph {
 public:
  explicit Graph(const Problem& problem)
      : items_(problem.item_count()), vertices_(items_ + problem.option_count()) {
    std::vector<std::uint32_t> degree(static_cast<std::size_t>(vertices_) + 1, 0);
    for (int o = 0; o < problem.option_count(); ++o)
      for (const OptionEntry& e : problem.option(o)) {
        ++degree[static_cast<std::size_t>(e.item)];
        ++degree[static_cast<std::size_t>(items_ + o)];
      }
    begin_.assign(static_cast<std::size_t>(vertices_) + 1, 0);
    for (int v = 0; v < vertices_; ++v) begin_[v + 1] = begin_[v] + degree[v];
    edges_.resize(begin_.back());
    std::vector<std::uint32_t> at(begin_.begin(), begin_.end() - 1);
    for (int o = 0; o < problem.option_count(); ++o)
      for (const OptionEntry& e : problem.option(o)) {
        const auto colour = static_cast<std::uint32_t>(e.color);
        edges_[at[e.item]++] = {static_cast<std::uint32_t>(items_ + o), colour};
        edges_[at[items_ + o]++] = {static_cast<std::uint32_t>(e.item), colour};
      }
    // Each option's entries by item, for checking a pairing.
    for (int o = 0; o < problem.option_count(); ++o) {
      Edge* first = edges_.data() + begin_[items_ + o];
      std::sort(first, edges_.data() + begin_[items_ + o + 1],
                [](const Edge& a, const Edge& b) { return a.to < b.to; });
    }
  }

  struct Edge {
    std::uint32_t to;      // the vertex at the other end
    std::uint32_t colour;  // the entry's colour (0: none)
  };
  int items() const { return items_; }
  int vertices() const { return vertices_; }
  const Edge* begin(int v) const { return edges_.data() + begin_[v]; }
  const Edge* end(int v) const { return edges_.data() + begin_[v + 1]; }
  std::size_t edge_count() const { return edges_.size(); }

 private:
  int items_, vertices_;
  std::vector<std::uint32_t> begin_;
  std::vector<Edge> edges_;
};

// A colouring of the vertices, numbered canonically: two colourings that a
// symmetry maps onto each other refine to the same numbers.
struct Colouring {
  std::vector<std::uint32_t> colour;
  std::uint32_t count = 0;
};

class Finder {
 public:
  Finder(const Problem& problem, std::uint64_t work, const std::function<bool()>& stop)
      : graph_(problem), work_(work), stop_(stop) {
    base_.colour.resize(static_cast<std::size_t>(graph_.vertices()));
    for (int v = 0; v < graph_.vertices(); ++v)
      base_.colour[v] = v >= graph_.items() ? 2 : problem.is_primary(v) ? 0 : 1;
    base_.count = 3;
    renumber(base_);
    refine(base_);
  }

  bool out_of_work() const { return spent_ > work_ || stopped_; }
  const Graph& graph() const { return graph_; }
  // The colouring with nothing set apart: a symmetry keeps its colours.
  const Colouring& base() const { return base_; }

  // The base colouring with `item` set apart and refined.
  Colouring with_item(int item) {
    Colouring c = base_;
    set_apart(c, item);
    refine(c);
    return c;
  }

  // A symmetry that maps option a to option b, both options of `item`
  // (which it maps to itself), as the image of each vertex; empty when none
  // was found within the work.
  std::vector<std::uint32_t> find(const Colouring& fixed, int a, int b) {
    Colouring left = fixed, right = fixed;
    set_apart(left, graph_.items() + a);
    set_apart(right, graph_.items() + b);
    std::vector<std::uint32_t> image;
    extend(left, right, 0, image);
    return image;
  }

 private:
  // Deep searches are given up: the class is then left split.
  static constexpr int kDeepest = 64;

  // Gives the vertex a colour of its own.
  static void set_apart(Colouring& c, int v) { c.colour[v] = c.count++; }

  // Numbers the colours 0.. by their order, so that equal colourings get
  // equal numbers however they were made.
  static void renumber(Colouring& c) {
    std::vector<std::uint32_t> used(c.colour);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    for (std::uint32_t& x : c.colour)
      x = static_cast<std::uint32_t>(std::lower_bound(used.begin(), used.end(), x) - used.begin());
    c.count = static_cast<std::uint32_t>(used.size());
  }

  // Splits each class by its vertices' neighbours' colours (with the
  // edges' labels), until no class splits. A vertex's new colour is its
  // rank among the (old colour, neighbourhood hash) pairs, so classes only
  // split, and in the same way in any copy a symmetry maps onto this one.
  // (Two neighbourhoods with equal hashes stay together: the classes are
  // then coarser, which costs work, never correctness.)
  void refine(Colouring& c) {
    if (stop_ && !stopped_) stopped_ = stop_();
    const int n = graph_.vertices();
    std::vector<std::pair<std::uint64_t, std::uint32_t>> key(static_cast<std::size_t>(n));
    std::vector<std::uint32_t> order(static_cast<std::size_t>(n));
    // (A pass: the hashes over the edges, then the sort of the vertices.)
    const std::uint64_t pass =
        static_cast<std::uint64_t>(n) * (1 + std::bit_width(static_cast<std::uint32_t>(n))) +
        graph_.edge_count();
    for (;;) {
      spent_ += pass;
      for (int v = 0; v < n; ++v) {
        std::uint64_t sum = 0;
        for (const Graph::Edge* e = graph_.begin(v); e != graph_.end(v); ++e)
          sum += mix(std::uint64_t{c.colour[e->to]} << 32 | e->colour);
        key[v] = {std::uint64_t{c.colour[v]}, mix(sum)};
      }
      std::iota(order.begin(), order.end(), 0u);
      std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
      });
      std::uint32_t count = 0;
      for (int k = 0; k < n; ++k) {
        if (k > 0 && key[order[k]] != key[order[k - 1]]) ++count;
        c.colour[order[k]] = count;
      }
      ++count;
      const bool stable = count == c.count;
      c.count = count;
      if (stable || out_of_work()) return;
    }
  }

  // The vertices of each colour, in vertex order: `first` per colour, then
  // the vertices.
  static void classes(const Colouring& c, std::vector<std::uint32_t>& first,
                      std::vector<std::uint32_t>& members) {
    first.assign(c.count + 1, 0);
    for (std::uint32_t x : c.colour) ++first[x + 1];
    std::partial_sum(first.begin(), first.end(), first.begin());
    members.resize(c.colour.size());
    std::vector<std::uint32_t> at(first.begin(), first.end() - 1);
    for (std::uint32_t v = 0; v < c.colour.size(); ++v) members[at[c.colour[v]]++] = v;
  }

  // Refines both sides, then sets apart a vertex of the first class of
  // several (the smallest) on the left and each of its partners in turn on
  // the right, until the classes are single and pair the vertices into a
  // symmetry (written to `image`), or no pairing is one.
  bool extend(Colouring& left, Colouring& right, int depth, std::vector<std::uint32_t>& image) {
    refine(left);
    refine(right);
    if (out_of_work() || left.count != right.count) return false;
    // (Copying and sorting the classes: a few passes over the vertices.)
    spent_ += 4 * left.colour.size();
    std::vector<std::uint32_t> left_first, left_members, right_first, right_members;
    classes(left, left_first, left_members);
    classes(right, right_first, right_members);
    if (left_first != right_first) return false;
    if (left.count == static_cast<std::uint32_t>(graph_.vertices())) {
      image.resize(left.colour.size());
      for (std::uint32_t v = 0; v < left.colour.size(); ++v)
        image[v] = right_members[right_first[left.colour[v]]];
      if (is_symmetry(image)) return true;
      image.clear();
      return false;
    }
    if (depth == kDeepest) return false;
    std::uint32_t best = 0, best_size = 0;
    for (std::uint32_t k = 0; k < left.count; ++k) {
      const std::uint32_t size = left_first[k + 1] - left_first[k];
      if (size > 1 && (best_size == 0 || size < best_size)) {
        best = k;
        best_size = size;
      }
    }
    const std::uint32_t v = left_members[left_first[best]];
    for (std::uint32_t at = right_first[best]; at < right_first[best + 1]; ++at) {
      Colouring l = left, r = right;
      set_apart(l, static_cast<int>(v));
      set_apart(r, static_cast<int>(right_members[at]));
      if (extend(l, r, depth + 1, image)) return true;
      if (out_of_work()) return false;
    }
    return false;
  }

  // Whether the pairing maps every option's entries onto the entries of the
  // option it pairs it with (items of the same kind, colours kept: the
  // first colouring kept kinds apart).
  bool is_symmetry(const std::vector<std::uint32_t>& image) {
    std::vector<Graph::Edge> mapped;
    for (int v = graph_.items(); v < graph_.vertices(); ++v) {
      const std::uint32_t w = image[v];
      if (w < static_cast<std::uint32_t>(graph_.items())) return false;
      mapped.assign(graph_.begin(v), graph_.end(v));
      spent_ += mapped.size();
      if (mapped.size() != static_cast<std::size_t>(graph_.end(w) - graph_.begin(w))) return false;
      for (Graph::Edge& e : mapped) e.to = image[e.to];
      std::sort(mapped.begin(), mapped.end(),
                [](const Graph::Edge& a, const Graph::Edge& b) { return a.to < b.to; });
      const Graph::Edge* theirs = graph_.begin(w);
      for (const Graph::Edge& e : mapped) {
        if (e.to != theirs->to || e.colour != theirs->colour) return false;
        ++theirs;
      }
    }
    return true;
  }

  Graph graph_;
  Colouring base_;
  std::uint64_t work_, spent_ = 0;
  const std::function<bool()>& stop_;
  bool stopped_ = false;
};

// The union-find of an item's options (by their place in its list).
struct Classes {
  explicit Classes(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  // Joins the classes, the smaller place the root (the class's first option).
  void join(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
  std::vector<std::uint32_t> parent;
};

}  // namespace

namespace {

// The work of one pass of refinement over the problem.
// (As Finder::refine counts it.)
std::uint64_t pass_work(const Problem& problem) {
  const auto n = static_cast<std::uint64_t>(problem.item_count()) +
                 static_cast<std::uint64_t>(problem.option_count());
  return n * (1 + std::bit_width(n)) + 2 * problem.entry_count();
}

// The work every look gets: a few milliseconds' (a unit takes about 3 ns;
// 13-queens and Langford pairs want a twentieth of it, the pentominoes on
// 6x10 most of it, Steiner triple systems on 13 points twice as much).
constexpr std::uint64_t kLeastWork = std::uint64_t{1} << 21;

}  // namespace

std::uint64_t symmetry_work(const Problem& problem, double spent) {
  return std::min(symmetry_work_wanted(problem),
                  kLeastWork + static_cast<std::uint64_t>(spent * 5e7));
}

std::uint64_t symmetry_work_wanted(const Problem& problem) {
  return 1024 * pass_work(problem) + kLeastWork;
}

ItemClasses symmetric_item(const Problem& problem, std::uint64_t work,
                           const std::function<bool()>& stop) {
  ItemClasses best;
  if (problem.has_multiplicities() || problem.has_costs() || problem.primary_count() == 0)
    return best;
  std::vector<std::vector<int>> of_item(static_cast<std::size_t>(problem.primary_count()));
  for (int o = 0; o < problem.option_count(); ++o)
    for (const OptionEntry& e : problem.option(o))
      if (problem.is_primary(e.item)) of_item[e.item].push_back(o);
  std::vector<int> candidates(static_cast<std::size_t>(problem.primary_count()));
  std::iota(candidates.begin(), candidates.end(), 0);
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](int a, int b) { return of_item[a].size() < of_item[b].size(); });
  const std::size_t shortest = of_item[candidates.front()].size();
  // (Work for fewer than a few passes finds nothing: the first refinement
  // alone takes several.)
  if (shortest < 2) return best;
  if (work < 8 * pass_work(problem)) {
    best.out_of_work = best.starved = true;
    return best;
  }

  Finder finder(problem, work, stop);
  // The classes to beat: the plain search branches on the first shortest
  // item, whose options are its classes.
  std::size_t best_classes = shortest;
  // Items of one colour are (as far as refinement tells) mapped onto each
  // other by symmetries, so their options fall into as many classes: the
  // first of each colour stands for the others.
  std::vector<std::uint32_t> tried_colours;
  int weighed = 0;  // the candidates looked at to the end
  for (const int item : candidates) {
    const std::vector<int>& options = of_item[item];
    if (options.size() > 4 * shortest) break;
    if (finder.out_of_work()) {
      best.out_of_work = true;
      best.starved = weighed == 0;
      break;
    }
    const std::uint32_t item_colour = finder.base().colour[item];
    if (std::find(tried_colours.begin(), tried_colours.end(), item_colour) != tried_colours.end())
      continue;
    tried_colours.push_back(item_colour);
    // Options of different colours are in different classes: the colours
    // bound the classes from below, first those of the base colouring (no
    // work), then those with the item set apart.
    std::vector<std::uint32_t> colours;
    auto distinct_colours = [&](const Colouring& c) {
      colours.clear();
      for (const int o : options) colours.push_back(c.colour[finder.graph().items() + o]);
      std::vector<std::uint32_t> distinct = colours;
      std::sort(distinct.begin(), distinct.end());
      return static_cast<std::size_t>(std::unique(distinct.begin(), distinct.end()) -
                                      distinct.begin());
    };
    // A split pays only when it leaves at most two thirds of the item's
    // options to count: each class's count starts again from the root.
    auto hopeless = [&](std::size_t classes) {
      return classes >= best_classes || 3 * classes > 2 * options.size();
    };
    ++weighed;
    if (hopeless(distinct_colours(finder.base()))) continue;
    const Colouring fixed = finder.with_item(item);
    if (hopeless(distinct_colours(fixed))) continue;

    Classes classes(options.size());
    int symmetries = 0;
    for (std::size_t a = 0; a < options.size(); ++a) {
      for (std::size_t b = a + 1; b < options.size(); ++b) {
        if (colours[b] != colours[a] || classes.find(static_cast<std::uint32_t>(b)) ==
                                            classes.find(static_cast<std::uint32_t>(a)))
          continue;
        const std::vector<std::uint32_t> image = finder.find(fixed, options[a], options[b]);
        if (finder.out_of_work()) {
          best.out_of_work = true;
          break;
        }
        if (image.empty()) continue;
        ++symmetries;
        // The symmetry maps the item to itself, so its options among
        // themselves.
        for (std::size_t k = 0; k < options.size(); ++k) {
          const int to =
              static_cast<int>(image[finder.graph().items() + options[k]]) - finder.graph().items();
          const auto at = std::lower_bound(options.begin(), options.end(), to);
          classes.join(static_cast<std::uint32_t>(k),
                       static_cast<std::uint32_t>(at - options.begin()));
        }
      }
      if (finder.out_of_work()) break;
    }
    ItemClasses found;
    found.item = item;
    found.options = static_cast<int>(options.size());
    found.symmetries = symmetries;
    // (A class's root is its first option.)
    std::vector<int> class_at(options.size(), -1);
    for (std::size_t k = 0; k < options.size(); ++k) {
      const std::uint32_t root = classes.find(static_cast<std::uint32_t>(k));
      if (root == k) {
        class_at[k] = static_cast<int>(found.members.size());
        found.members.emplace_back();
      }
      found.members[static_cast<std::size_t>(class_at[root])].push_back(options[k]);
    }
    if (!hopeless(found.members.size())) {
      best_classes = found.members.size();
      found.out_of_work = best.out_of_work;
      best = std::move(found);
    }
  }
  return best;
}

}  // namespace xcover::detail
