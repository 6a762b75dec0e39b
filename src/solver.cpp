// Algorithm C (exact cover with colours) on dancing links, after Knuth's DLX1
// and DLX2: flat arrays of 32-bit integers, no allocation and no recursion
// during the search. The comments explain the layout; Knuth's programs
// explain the algorithm at length.
#include "xcover/solver.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <random>
#include <string>

namespace xcover {

const char* to_string(Status status) {
  switch (status) {
    case Status::exhausted:
      return "exhausted";
    case Status::stopped:
      return "stopped";
    case Status::solution_limit:
      return "solution limit";
    case Status::node_limit:
      return "node limit";
    case Status::time_limit:
      return "time limit";
    case Status::cancelled:
      return "cancelled";
    case Status::yielded:
      return "yielded";
  }
  return "unknown";
}

namespace {

// Node layout (Knuth's): nodes 1..N head the items' lists. Then come the
// options, each followed by a spacer node. An option node's `top` is its item;
// a spacer's `top` is -(index of the option before it + 1) (0 for the first
// spacer), its `up` the first node of the option before it and its `down` the
// last node of the option after it. `aux` is the node's colour (0 = none, -1
// = already agrees with its purified item) when the problem has colours, and
// otherwise the index of the option's first node, which lets hide() run one
// loop of fixed length over the option instead of jumping over spacers.
struct Node {
  std::int32_t up;
  std::int32_t down;
  std::int32_t top;
  std::int32_t aux;
};

// Lengths of item lists live in their own small array, indexed by item, so
// that choosing an item is a scan of contiguous memory. A covered item has
// a high bit added to its length, which keeps it from being chosen without
// any list of active items to maintain. Problems with fewer than 2^16 primary
// items and lists shorter than 2^15 (Sudoku, queens, tilings, ...) use bit 15
// and pack (length, item) in 32 bits, so the scan reads half as much.
constexpr std::uint32_t kCoveredWide = 0x80000000u;
constexpr std::uint32_t kCoveredNarrow = 0x8000u;

using Clock = std::chrono::steady_clock;

// The first item in 1..count of smallest length: the minimum of (length,
// item) pairs packed in one integer, a reduction the compiler vectorises. It
// goes by blocks and stops at a length of zero, which nothing beats.
template <typename Key, int kShift>
std::int32_t first_shortest(const std::uint32_t* len, std::int32_t count) {
  constexpr std::int32_t block = 64;
  Key best = static_cast<Key>(-1);
  for (std::int32_t start = 1; start <= count; start += block) {
    const std::int32_t end = std::min(count, start + block - 1);
    for (std::int32_t k = start; k <= end; ++k)
      best = std::min(best, static_cast<Key>(static_cast<Key>(len[k]) << kShift |
                                             static_cast<std::uint32_t>(k)));
    if ((best >> kShift) == 0) break;
  }
  return static_cast<std::int32_t>(best & ((Key{1} << kShift) - 1));
}

std::int32_t first_shortest(const std::uint32_t* len, std::int32_t count, bool narrow) {
  return narrow ? first_shortest<std::uint32_t, 16>(len, count)
                : first_shortest<std::uint64_t, 32>(len, count);
}

}  // namespace

struct Solver::Impl {
  const Problem* problem;
  std::int32_t item_count;     // N: items are 1..N
  std::int32_t primary_count;  // P: items 1..P are primary
  bool colored;                // does any option give an item a colour?
  std::vector<Node> nodes;
  std::vector<std::uint32_t> len;  // by item; + covered_mark while covered
  bool narrow = false;             // see kCoveredNarrow
  std::uint32_t covered_mark = kCoveredWide;
  std::int32_t active = 0;         // primary items not yet covered
  // For each problem option, its first node of a primary item (-1 for an
  // option without one, which is left out of the structure).
  std::vector<std::int32_t> first_primary_node;

  // Search state, one slot a level; the depth is at most the number of
  // primary items.
  std::vector<std::int32_t> choice;       // node chosen at each level
  std::vector<std::int32_t> branch_item;  // item branched on at each level
  std::vector<std::int32_t> branch_rank;  // 0-based position of the choice
  std::vector<std::int32_t> branch_size;  // options available when branching
  std::vector<int> solution;              // problem option indices
  std::vector<char> given_away;           // untried options handed to on_split

  // Assumptions: forced options (their first primary node) and whether they
  // conflicted.
  std::vector<std::int32_t> assumed_nodes;
  std::vector<int> assumed_options;
  std::vector<char> is_assumed;  // by problem option
  bool infeasible = false;

  Statistics stats;
  std::uint64_t updates = 0;
  int deepest = 0;  // deepest level the last search entered

  explicit Impl(const Problem& p);

  // --- the dancing-links primitives -------------------------------------
  // Each comes in two flavours: C = true handles colours as Algorithm C
  // does; C = false is the plain Algorithm X of DLX1, with tighter loops.

  // Removes the option of node p from every list but p's own.
  template <bool C>
  void hide(std::int32_t p) {
    Node* nd = nodes.data();
    std::uint32_t* ln = len.data();
    if constexpr (!C) {
      const std::int32_t begin = nd[p].aux;
      std::int32_t q = begin;
      // p's own node is walked too, without a branch: its stores write back
      // what is there, and its item's length goes down here and up in
      // unhide, so nothing changes.
      for (; nd[q].top > 0; ++q) {
        const bool own = q == p;
        const std::int32_t u = nd[q].up, d = nd[q].down, x = nd[q].top;
        nd[u].down = own ? q : d;
        nd[d].up = own ? q : u;
        --ln[x];
      }
      updates += static_cast<std::uint64_t>(q - begin - 1);
    } else {
      for (std::int32_t q = p + 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].up;
          continue;
        }
        if (nd[q].aux >= 0) {
          const std::int32_t u = nd[q].up, d = nd[q].down;
          nd[u].down = d;
          nd[d].up = u;
          --ln[x];
          ++updates;
        }
        ++q;
      }
    }
  }

  template <bool C>
  void unhide(std::int32_t p) {
    Node* nd = nodes.data();
    std::uint32_t* ln = len.data();
    if constexpr (!C) {
      // The option's nodes lie in different lists, so their order does not
      // matter here.
      // (p is linked in its own list, so relinking it changes nothing.)
      for (std::int32_t q = nd[p].aux; nd[q].top > 0; ++q) {
        const std::int32_t u = nd[q].up, d = nd[q].down, x = nd[q].top;
        nd[u].down = q;
        nd[d].up = q;
        ++ln[x];
      }
    } else {
      for (std::int32_t q = p - 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].down;
          continue;
        }
        if (nd[q].aux >= 0) {
          const std::int32_t u = nd[q].up, d = nd[q].down;
          nd[u].down = q;
          nd[d].up = q;
          ++ln[x];
        }
        --q;
      }
    }
  }

  template <bool C>
  void cover(std::int32_t i) {
    len[i] += covered_mark;
    active -= i <= primary_count;
    ++updates;
    const Node* nd = nodes.data();
    for (std::int32_t p = nd[i].down; p != i; p = nd[p].down) hide<C>(p);
  }

  template <bool C>
  void uncover(std::int32_t i) {
    const Node* nd = nodes.data();
    for (std::int32_t p = nd[i].up; p != i; p = nd[p].up) unhide<C>(p);
    len[i] -= covered_mark;
    active += i <= primary_count;
  }

  // Keeps the options that agree with p's colour on p's item, hides the rest.
  void purify(std::int32_t p) {
    const std::int32_t c = nodes[p].aux, i = nodes[p].top;
    for (std::int32_t q = nodes[i].down; q != i; q = nodes[q].down) {
      if (nodes[q].aux == c) {
        if (q != p) nodes[q].aux = -1;
      } else {
        hide<true>(q);
      }
    }
  }

  void unpurify(std::int32_t p) {
    const std::int32_t c = nodes[p].aux, i = nodes[p].top;
    for (std::int32_t q = nodes[i].up; q != i; q = nodes[q].up) {
      if (nodes[q].aux < 0) {
        nodes[q].aux = c;
      } else if (q != p) {
        unhide<true>(q);
      }
    }
  }

  // Commits the items of p's option other than p's own item, in order.
  template <bool C>
  void commit_others(std::int32_t p) {
    const Node* nd = nodes.data();
    if constexpr (!C) {
      // Cyclically from p + 1, as DLX1 does; the spacer before the option
      // knows its last node.
      const std::int32_t begin = nd[p].aux, end = nd[begin - 1].down;
      for (std::int32_t q = p == end ? begin : p + 1; q != p; q = q == end ? begin : q + 1)
        cover<false>(nd[q].top);
    } else {
      for (std::int32_t q = p + 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].up;
          continue;
        }
        const std::int32_t c = nd[q].aux;
        if (c == 0) {
          cover<true>(x);
        } else if (c > 0) {
          purify(q);
        }
        ++q;
      }
    }
  }

  // Undoes commit_others, in the opposite order.
  template <bool C>
  void uncommit_others(std::int32_t p) {
    const Node* nd = nodes.data();
    if constexpr (!C) {
      const std::int32_t begin = nd[p].aux, end = nd[begin - 1].down;
      for (std::int32_t q = p == begin ? end : p - 1; q != p; q = q == begin ? end : q - 1)
        uncover<false>(nd[q].top);
    } else {
      for (std::int32_t q = p - 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].down;
          continue;
        }
        const std::int32_t c = nd[q].aux;
        if (c == 0) {
          uncover<true>(x);
        } else if (c > 0) {
          unpurify(q);
        }
        --q;
      }
    }
  }

  // Forces the option of p (p a primary node): covers p's item, then the
  // rest. And back.
  void commit_option(std::int32_t p) {
    if (colored) {
      cover<true>(nodes[p].top);
      commit_others<true>(p);
    } else {
      cover<false>(nodes[p].top);
      commit_others<false>(p);
    }
  }
  void uncommit_option(std::int32_t p) {
    if (colored) {
      uncommit_others<true>(p);
      uncover<true>(nodes[p].top);
    } else {
      uncommit_others<false>(p);
      uncover<false>(nodes[p].top);
    }
  }

  int option_of(std::int32_t node) const {
    while (nodes[node].top > 0) ++node;
    return -nodes[node].top - 1;
  }

  bool linked(std::int32_t q) const { return nodes[nodes[q].up].down == q; }

  // --- assumptions --------------------------------------------------------
  bool assume(int option);
  void clear_assumptions();

  // --- search -------------------------------------------------------------
  template <bool C>
  Status search(const Visitor& visit, const SearchOptions& options);
  template <bool C>
  void unwind(int top_level);
  using SplitSink = std::function<void(std::span<const int>, double)>;
  bool give_away_siblings(int level, const SplitSink& sink);
  void give_away_path(int level, const SplitSink& sink);
  Branching branching();
  double fraction_done(int level) const;
};

Solver::Impl::Impl(const Problem& p)
    : problem(&p), item_count(p.item_count()), primary_count(p.primary_count()) {
  const std::int32_t n = item_count;
  std::int64_t total = n + 2;
  colored = false;
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    total += static_cast<std::int64_t>(p.option(k).size()) + 1;
    for (const OptionEntry& e : p.option(k)) colored = colored || e.color != 0;
  }
  if (total >= INT32_MAX) throw ProblemError("problem too large: more than 2^31 nodes");

  len.assign(n + 1, 0);
  active = primary_count;
  nodes.reserve(static_cast<std::size_t>(total));
  nodes.resize(n + 1);
  for (std::int32_t i = 1; i <= n; ++i) nodes[i] = Node{i, i, 0, 0};
  nodes[0] = Node{0, 0, 0, 0};
  // The first spacer.
  std::int32_t spacer = static_cast<std::int32_t>(nodes.size());
  nodes.push_back(Node{0, 0, 0, 0});
  first_primary_node.assign(p.option_count(), -1);
  is_assumed.assign(p.option_count(), 0);
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    const auto entries = p.option(k);
    const std::int32_t first = static_cast<std::int32_t>(nodes.size());
    for (const OptionEntry& e : entries) {
      const std::int32_t x = e.item + 1;
      const std::int32_t q = static_cast<std::int32_t>(nodes.size());
      if (first_primary_node[k] < 0 && x <= primary_count) first_primary_node[k] = q;
      const std::int32_t last = nodes[x].up;
      nodes.push_back(Node{last, x, x, colored ? e.color : first});
      nodes[last].down = q;
      nodes[x].up = q;
      ++len[x];
    }
    const std::int32_t last = static_cast<std::int32_t>(nodes.size()) - 1;
    nodes[spacer].down = last;
    spacer = static_cast<std::int32_t>(nodes.size());
    nodes.push_back(Node{first, 0, -(k + 1), 0});
  }

  std::uint32_t longest = 0;
  for (std::int32_t i = 1; i <= primary_count; ++i) longest = std::max(longest, len[i]);
  narrow = primary_count < 0x10000 && longest < kCoveredNarrow;
  covered_mark = narrow ? kCoveredNarrow : kCoveredWide;

  const std::size_t depth = static_cast<std::size_t>(primary_count) + 2;
  choice.resize(depth);
  branch_item.resize(depth);
  branch_rank.resize(depth);
  branch_size.resize(depth);
  given_away.resize(depth);
  solution.reserve(depth);
  stats.level_nodes.assign(depth + 1, 0);
}

bool Solver::Impl::assume(int option) {
  if (option < 0 || option >= problem->option_count())
    throw std::out_of_range("option index " + std::to_string(option) + " out of range");
  // Forcing an option twice is the same as forcing it once.
  if (is_assumed[option]) return !infeasible;
  is_assumed[option] = 1;
  assumed_options.push_back(option);
  if (infeasible) return false;
  const std::int32_t first = first_primary_node[option];
  if (first < 0) {
    infeasible = true;
    return false;
  }
  // Feasible when no node of the option has been hidden and its primary
  // items are all still uncovered.
  for (std::int32_t q = first;;) {
    const std::int32_t x = nodes[q].top;
    if (x <= 0) {
      q = nodes[q].up;
    } else {
      if (!linked(q) || (x <= primary_count && len[x] >= covered_mark)) {
        infeasible = true;
        return false;
      }
      ++q;
    }
    if (q == first) break;
  }
  commit_option(first);
  assumed_nodes.push_back(first);
  return true;
}

void Solver::Impl::clear_assumptions() {
  while (!assumed_nodes.empty()) {
    const std::int32_t p = assumed_nodes.back();
    assumed_nodes.pop_back();
    uncommit_option(p);
  }
  for (int option : assumed_options) is_assumed[option] = 0;
  assumed_options.clear();
  infeasible = false;
}

template <bool C>
void Solver::Impl::unwind(int top_level) {
  for (int level = top_level; level >= 0; --level) {
    uncommit_others<C>(choice[level]);
    uncover<C>(branch_item[level]);
  }
}

// Hands each untried option at `level` to `sink` as a subproblem (the forced
// options leading to it), and marks the level so the search skips them.
bool Solver::Impl::give_away_siblings(int level, const SplitSink& sink) {
  if (given_away[level]) return false;
  const std::int32_t header = branch_item[level];
  std::int32_t sibling = nodes[choice[level]].down;
  if (sibling == header) return false;
  std::vector<int> forced(assumed_options);
  double share = 1;
  for (int l = 0; l < level; ++l) {
    forced.push_back(option_of(choice[l]));
    share /= branch_size[l];
  }
  share /= branch_size[level];
  forced.push_back(0);
  for (; sibling != header; sibling = nodes[sibling].down) {
    forced.back() = option_of(sibling);
    sink(forced, share);
  }
  given_away[level] = true;
  return true;
}

// Hands the node at `level` (its choices so far) to `sink`.
void Solver::Impl::give_away_path(int level, const SplitSink& sink) {
  std::vector<int> forced(assumed_options);
  double share = 1;
  for (int l = 0; l < level; ++l) {
    forced.push_back(option_of(choice[l]));
    share /= branch_size[l];
  }
  sink(forced, share);
}

Branching Solver::Impl::branching() {
  Branching result;
  if (infeasible) return result;
  if (active == 0) {
    result.solved = true;
    return result;
  }
  const std::int32_t best = first_shortest(len.data(), primary_count, narrow);
  for (std::int32_t p = nodes[best].down; p != best; p = nodes[p].down)
    result.options.push_back(option_of(p));
  return result;
}

double Solver::Impl::fraction_done(int level) const {
  double fraction = 0, scale = 1;
  for (int l = 0; l < level; ++l) {
    scale /= branch_size[l];
    fraction += branch_rank[l] * scale;
  }
  return fraction + scale / 2;
}

template <bool C>
Status Solver::Impl::search(const Visitor& visit, const SearchOptions& options) {
  const Clock::time_point start = Clock::now();
  // Only the levels the last search reached need clearing.
  std::fill_n(stats.level_nodes.begin(), deepest + 2, 0);
  deepest = 0;
  stats.nodes = stats.updates = stats.solutions = 0;
  stats.seconds = 0;
  updates = 0;

  Status status = Status::exhausted;
  auto finish = [&](Status s) {
    stats.updates = updates;
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return s;
  };
  if (infeasible) return finish(status);

  solution.assign(assumed_options.begin(), assumed_options.end());
  const std::size_t base = solution.size();
  auto report = [&]() -> bool {
    stats.nodes += 1;
    stats.solutions += 1;
    if (!visit) return true;
    return visit(Solution{std::span<const int>(solution), problem});
  };

  if (active == 0) {
    // Every primary item is covered already: the assumptions are the one
    // solution.
    stats.level_nodes[0] = 1;
    if (!report()) return finish(Status::stopped);
    if (options.solution_limit && stats.solutions >= options.solution_limit)
      return finish(Status::solution_limit);
    return finish(status);
  }

  const bool randomize = options.random_seed != 0;
  std::optional<std::mt19937_64> rng;
  if (randomize) rng.emplace(options.random_seed);
  // Clock, cancellation and progress are looked at every 1024 nodes, and
  // exactly when a progress report by node count is due.
  constexpr std::uint64_t check_every = 1024;
  std::uint64_t next_progress_nodes =
      options.on_progress && options.progress_nodes ? options.progress_nodes : UINT64_MAX;
  // The first node looks too, so that a cancellation before the search
  // is seen at once.
  std::uint64_t next_check = 1;
  double next_progress_seconds = options.progress_seconds;
  const bool timed = options.time_limit > 0 || options.progress_seconds > 0;

  auto progress = [&](int level, double seconds) {
    Progress p;
    p.nodes = stats.nodes;
    p.updates = updates;
    p.solutions = stats.solutions;
    p.seconds = seconds;
    p.level = level;
    p.fraction_done = fraction_done(level);
    options.on_progress(p);
  };

  int level = 0;
  std::int32_t best = 0, cur = 0;

forward:
  if (options.node_limit && stats.nodes >= options.node_limit) {
    status = Status::node_limit;
    unwind<C>(level - 1);
    return finish(status);
  }
  ++stats.nodes;
  ++stats.level_nodes[level];
  deepest = std::max(deepest, level);
  if (stats.nodes >= next_check) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      unwind<C>(level - 1);
      return finish(Status::cancelled);
    }
    if (options.on_split) {
      if (options.yield_request && options.yield_request->load(std::memory_order_relaxed)) {
        // Hand over everything not yet done: the untried options at every
        // level, and the subtree of this node, which is not entered yet.
        for (int l = 0; l < level; ++l) give_away_siblings(l, options.on_split);
        give_away_path(level, options.on_split);
        unwind<C>(level - 1);
        return finish(Status::yielded);
      }
      if (options.share_request && options.share_request->exchange(false)) {
        // Share the untried options of the shallowest level that has some:
        // the biggest piece of work to give.
        for (int l = 0; l < level; ++l) {
          if (give_away_siblings(l, options.on_split)) break;
        }
      }
    }
    double seconds = 0;
    if (timed) {
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (options.time_limit > 0 && seconds >= options.time_limit) {
        unwind<C>(level - 1);
        return finish(Status::time_limit);
      }
    }
    if (options.on_progress) {
      bool due = false;
      if (stats.nodes >= next_progress_nodes) {
        next_progress_nodes += options.progress_nodes;
        due = true;
      }
      if (options.progress_seconds > 0 && seconds >= next_progress_seconds) {
        next_progress_seconds = seconds + options.progress_seconds;
        due = true;
      }
      if (due)
        progress(level,
                 timed ? seconds : std::chrono::duration<double>(Clock::now() - start).count());
    }
    next_check = std::min(stats.nodes + check_every, next_progress_nodes);
  }
  {
    // Branch on the first active primary item of minimum length.
    const std::uint32_t* ln = len.data();
    if (!randomize) {
      best = first_shortest(ln, primary_count, narrow);
    } else {
      std::uint32_t t = UINT32_MAX;
      std::uint64_t ties = 0;
      for (std::int32_t k = 1; k <= primary_count; ++k) {
        if (ln[k] < t) {
          best = k;
          t = ln[k];
          ties = 1;
        } else if (ln[k] == t && (*rng)() % ++ties == 0) {
          best = k;
        }
      }
    }
    const std::int32_t t = static_cast<std::int32_t>(ln[best]);
    cover<C>(best);
    branch_item[level] = best;
    given_away[level] = false;
    branch_size[level] = t;
    branch_rank[level] = 0;
    choice[level] = nodes[best].down;
  }

advance:
  cur = choice[level];
  if (cur == best) goto backup;
  commit_others<C>(cur);
  if (active == 0) {
    if (visit) {  // counting needs no decoding
      solution.resize(base);
      for (int l = 0; l <= level; ++l) solution.push_back(option_of(choice[l]));
    }
    ++stats.level_nodes[level + 1];
    bool go_on;
    try {
      go_on = report();
    } catch (...) {
      unwind<C>(level);  // a throwing visitor leaves the structure whole
      finish(Status::stopped);
      throw;
    }
    if (!go_on) {
      unwind<C>(level);
      return finish(Status::stopped);
    }
    if (options.solution_limit && stats.solutions >= options.solution_limit) {
      unwind<C>(level);
      return finish(Status::solution_limit);
    }
    goto recover;
  }
  ++level;
  goto forward;

backup:
  uncover<C>(best);
  if (level == 0) return finish(status);
  --level;
  cur = choice[level];
  best = branch_item[level];

recover:
  uncommit_others<C>(cur);
  if (given_away[level]) goto backup;
  choice[level] = nodes[cur].down;
  ++branch_rank[level];
  goto advance;
}

Solver::Solver(const Problem& problem) : impl_(std::make_unique<Impl>(problem)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Status Solver::search(const Visitor& visit, const SearchOptions& options) {
  return impl_->colored ? impl_->search<true>(visit, options)
                        : impl_->search<false>(visit, options);
}

std::uint64_t Solver::count(const SearchOptions& options) {
  search(Visitor(), options);
  return impl_->stats.solutions;
}

Branching Solver::branching() { return impl_->branching(); }

bool Solver::assume(int option) { return impl_->assume(option); }
void Solver::clear_assumptions() { impl_->clear_assumptions(); }
std::span<const int> Solver::assumptions() const { return impl_->assumed_options; }
const Statistics& Solver::statistics() const { return impl_->stats; }
const Problem& Solver::problem() const { return *impl_->problem; }

}  // namespace xcover
