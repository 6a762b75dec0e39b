// Algorithm C (exact cover with colours) on dancing links, after Knuth's DLX1
// and DLX2: flat arrays of 32-bit integers, no allocation and no recursion
// during the search. The comments explain the layout; Knuth's programs
// explain the algorithm at length.
#include "xcover/solver.hpp"

#include <algorithm>
#include <climits>
#include <random>
#include <string>

namespace xcover {

const char* to_string(Status status) {
  switch (status) {
    case Status::exhausted: return "exhausted";
    case Status::stopped: return "stopped";
    case Status::solution_limit: return "solution limit";
    case Status::node_limit: return "node limit";
    case Status::time_limit: return "time limit";
    case Status::cancelled: return "cancelled";
  }
  return "unknown";
}

namespace {

// Node layout (Knuth's): nodes 1..N are the item headers, whose `top` holds
// the length of the item's list. Then come the options, each followed by a
// spacer. A spacer's `top` is -(index of the option before it + 1) (0 for the
// first spacer), its `up` the first node of the option before it and its
// `down` the last node of the option after it, so that walking an option
// cyclically jumps over spacers. `color` is 0 (none), a colour id, or -1 for a
// node whose colour already agrees with its purified item.
struct Node {
  std::int32_t up;
  std::int32_t down;
  std::int32_t top;
  std::int32_t color;
};

// Items form doubly linked lists: the active primary items hang from root 0,
// the secondary items from root N+1.
struct ItemLink {
  std::int32_t prev;
  std::int32_t next;
};

using Clock = std::chrono::steady_clock;

}  // namespace

struct Solver::Impl {
  const Problem* problem;
  std::int32_t item_count;       // N
  std::int32_t primary_count;    // P: items 1..P are primary
  std::vector<ItemLink> items;   // 0 = primary root, 1..N, N+1 = secondary root
  std::vector<Node> nodes;
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

  // Assumptions: forced options (their first primary node) and whether they
  // conflicted.
  std::vector<std::int32_t> assumed_nodes;
  std::vector<int> assumed_options;
  bool infeasible = false;

  Statistics stats;
  std::uint64_t updates = 0;

  explicit Impl(const Problem& p);

  // --- the dancing-links primitives -------------------------------------
  void hide(std::int32_t p) {
    for (std::int32_t q = p + 1; q != p;) {
      const std::int32_t x = nodes[q].top;
      if (x <= 0) {
        q = nodes[q].up;
        continue;
      }
      if (nodes[q].color >= 0) {
        const std::int32_t u = nodes[q].up, d = nodes[q].down;
        nodes[u].down = d;
        nodes[d].up = u;
        --nodes[x].top;
        ++updates;
      }
      ++q;
    }
  }

  void unhide(std::int32_t p) {
    for (std::int32_t q = p - 1; q != p;) {
      const std::int32_t x = nodes[q].top;
      if (x <= 0) {
        q = nodes[q].down;
        continue;
      }
      if (nodes[q].color >= 0) {
        const std::int32_t u = nodes[q].up, d = nodes[q].down;
        nodes[u].down = q;
        nodes[d].up = q;
        ++nodes[x].top;
      }
      --q;
    }
  }

  void cover(std::int32_t i) {
    const std::int32_t l = items[i].prev, r = items[i].next;
    items[l].next = r;
    items[r].prev = l;
    ++updates;
    for (std::int32_t p = nodes[i].down; p != i; p = nodes[p].down) hide(p);
  }

  void uncover(std::int32_t i) {
    for (std::int32_t p = nodes[i].up; p != i; p = nodes[p].up) unhide(p);
    const std::int32_t l = items[i].prev, r = items[i].next;
    items[l].next = i;
    items[r].prev = i;
  }

  // Keeps the options that agree with p's colour on p's item, hides the rest.
  void purify(std::int32_t p) {
    const std::int32_t c = nodes[p].color, i = nodes[p].top;
    for (std::int32_t q = nodes[i].down; q != i; q = nodes[q].down) {
      if (nodes[q].color == c) {
        if (q != p) nodes[q].color = -1;
      } else {
        hide(q);
      }
    }
  }

  void unpurify(std::int32_t p) {
    const std::int32_t c = nodes[p].color, i = nodes[p].top;
    for (std::int32_t q = nodes[i].up; q != i; q = nodes[q].up) {
      if (nodes[q].color < 0) {
        nodes[q].color = c;
      } else if (q != p) {
        unhide(q);
      }
    }
  }

  // Commits the items of p's option other than p's own item, in order.
  void commit_others(std::int32_t p) {
    for (std::int32_t q = p + 1; q != p;) {
      const std::int32_t x = nodes[q].top;
      if (x <= 0) {
        q = nodes[q].up;
        continue;
      }
      const std::int32_t c = nodes[q].color;
      if (c == 0) {
        cover(x);
      } else if (c > 0) {
        purify(q);
      }
      ++q;
    }
  }

  void uncommit_others(std::int32_t p) {
    for (std::int32_t q = p - 1; q != p;) {
      const std::int32_t x = nodes[q].top;
      if (x <= 0) {
        q = nodes[q].down;
        continue;
      }
      const std::int32_t c = nodes[q].color;
      if (c == 0) {
        uncover(x);
      } else if (c > 0) {
        unpurify(q);
      }
      --q;
    }
  }

  int option_of(std::int32_t node) const {
    while (nodes[node].top > 0) ++node;
    return -nodes[node].top - 1;
  }

  bool active_primary(std::int32_t i) const { return items[items[i].prev].next == i; }
  bool linked(std::int32_t q) const { return nodes[nodes[q].up].down == q; }

  // --- assumptions --------------------------------------------------------
  bool assume(int option);
  void clear_assumptions();

  // --- search -------------------------------------------------------------
  Status search(const Visitor& visit, const SearchOptions& options);
  void unwind(int top_level);
  double fraction_done(int level) const;
};

Solver::Impl::Impl(const Problem& p)
    : problem(&p), item_count(p.item_count()), primary_count(p.primary_count()) {
  const std::int32_t n = item_count;
  std::int64_t total = n + 2;
  for (int k = 0; k < p.option_count(); ++k) {
    if (p.has_primary(k)) total += static_cast<std::int64_t>(p.option(k).size()) + 1;
  }
  if (total >= INT32_MAX) throw ProblemError("problem too large: more than 2^31 nodes");

  items.resize(n + 2);
  const std::int32_t primaries = p.primary_count();
  const std::int32_t second_root = n + 1;
  // Primary items 1..P in a cycle through 0; secondary items P+1..N in a
  // cycle through N+1.
  for (std::int32_t i = 0; i <= primaries; ++i) {
    items[i].prev = i == 0 ? primaries : i - 1;
    items[i].next = i == primaries ? 0 : i + 1;
  }
  for (std::int32_t i = primaries + 1; i <= n; ++i) {
    items[i].prev = i == primaries + 1 ? second_root : i - 1;
    items[i].next = i == n ? second_root : i + 1;
  }
  items[second_root].prev = n > primaries ? n : second_root;
  items[second_root].next = n > primaries ? primaries + 1 : second_root;

  nodes.reserve(static_cast<std::size_t>(total));
  nodes.resize(n + 1);
  for (std::int32_t i = 1; i <= n; ++i) nodes[i] = Node{i, i, 0, 0};
  nodes[0] = Node{0, 0, 0, 0};
  // The first spacer.
  std::int32_t spacer = static_cast<std::int32_t>(nodes.size());
  nodes.push_back(Node{0, 0, 0, 0});
  first_primary_node.assign(p.option_count(), -1);
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    const auto entries = p.option(k);
    const std::int32_t first = static_cast<std::int32_t>(nodes.size());
    for (const OptionEntry& e : entries) {
      const std::int32_t x = e.item + 1;
      const std::int32_t q = static_cast<std::int32_t>(nodes.size());
      if (first_primary_node[k] < 0 && x <= primary_count) first_primary_node[k] = q;
      const std::int32_t last = nodes[x].up;
      nodes.push_back(Node{last, x, x, e.color});
      nodes[last].down = q;
      nodes[x].up = q;
      ++nodes[x].top;
    }
    const std::int32_t last = static_cast<std::int32_t>(nodes.size()) - 1;
    nodes[spacer].down = last;
    spacer = static_cast<std::int32_t>(nodes.size());
    nodes.push_back(Node{first, 0, -(k + 1), 0});
  }

  const std::size_t depth = static_cast<std::size_t>(primaries) + 2;
  choice.resize(depth);
  branch_item.resize(depth);
  branch_rank.resize(depth);
  branch_size.resize(depth);
  solution.reserve(depth);
  stats.level_nodes.assign(depth + 1, 0);
}

bool Solver::Impl::assume(int option) {
  if (option < 0 || option >= problem->option_count())
    throw std::out_of_range("option index " + std::to_string(option) + " out of range");
  // Forcing an option twice is the same as forcing it once.
  if (std::find(assumed_options.begin(), assumed_options.end(), option) != assumed_options.end())
    return !infeasible;
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
      if (!linked(q) || (x <= primary_count && !active_primary(x))) {
        infeasible = true;
        return false;
      }
      ++q;
    }
    if (q == first) break;
  }
  cover(nodes[first].top);
  commit_others(first);
  assumed_nodes.push_back(first);
  return true;
}

void Solver::Impl::clear_assumptions() {
  while (!assumed_nodes.empty()) {
    const std::int32_t p = assumed_nodes.back();
    assumed_nodes.pop_back();
    uncommit_others(p);
    uncover(nodes[p].top);
  }
  assumed_options.clear();
  infeasible = false;
}

void Solver::Impl::unwind(int top_level) {
  for (int level = top_level; level >= 0; --level) {
    uncommit_others(choice[level]);
    uncover(branch_item[level]);
  }
}

double Solver::Impl::fraction_done(int level) const {
  double fraction = 0, scale = 1;
  for (int l = 0; l < level; ++l) {
    scale /= branch_size[l];
    fraction += branch_rank[l] * scale;
  }
  return fraction + scale / 2;
}

Status Solver::Impl::search(const Visitor& visit, const SearchOptions& options) {
  const Clock::time_point start = Clock::now();
  std::fill(stats.level_nodes.begin(), stats.level_nodes.end(), 0);
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

  if (items[0].next == 0) {
    // Every primary item is covered already: the assumptions are the one
    // solution.
    stats.level_nodes[0] = 1;
    if (!report()) return finish(Status::stopped);
    if (options.solution_limit && stats.solutions >= options.solution_limit)
      return finish(Status::solution_limit);
    return finish(status);
  }

  std::mt19937_64 rng(options.random_seed);
  const bool randomize = options.random_seed != 0;
  // Clock, cancellation and progress are looked at every 1024 nodes, and
  // exactly when a progress report by node count is due.
  constexpr std::uint64_t check_every = 1024;
  std::uint64_t next_progress_nodes =
      options.on_progress && options.progress_nodes ? options.progress_nodes : UINT64_MAX;
  std::uint64_t next_check = std::min(check_every, next_progress_nodes);
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
    unwind(level - 1);
    return finish(status);
  }
  ++stats.nodes;
  ++stats.level_nodes[level];
  if (stats.nodes >= next_check) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      unwind(level - 1);
      return finish(Status::cancelled);
    }
    double seconds = 0;
    if (timed) {
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (options.time_limit > 0 && seconds >= options.time_limit) {
        unwind(level - 1);
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
      if (due) progress(level, timed ? seconds
                                     : std::chrono::duration<double>(Clock::now() - start).count());
    }
    next_check = std::min(stats.nodes + check_every, next_progress_nodes);
  }
  {
    // Branch on the first active primary item of minimum length.
    std::int32_t t = INT32_MAX;
    std::uint64_t ties = 0;
    for (std::int32_t k = items[0].next; k != 0; k = items[k].next) {
      const std::int32_t len = nodes[k].top;
      if (len < t) {
        best = k;
        t = len;
        ties = 1;
        if (t == 0) break;
      } else if (randomize && len == t) {
        ++ties;
        if (rng() % ties == 0) best = k;
      }
    }
    cover(best);
    branch_item[level] = best;
    branch_size[level] = t;
    branch_rank[level] = 0;
    choice[level] = nodes[best].down;
  }

advance:
  cur = choice[level];
  if (cur == best) goto backup;
  commit_others(cur);
  if (items[0].next == 0) {
    solution.resize(base);
    for (int l = 0; l <= level; ++l) solution.push_back(option_of(choice[l]));
    ++stats.level_nodes[level + 1];
    if (!report()) {
      unwind(level);
      return finish(Status::stopped);
    }
    if (options.solution_limit && stats.solutions >= options.solution_limit) {
      unwind(level);
      return finish(Status::solution_limit);
    }
    goto recover;
  }
  ++level;
  goto forward;

backup:
  uncover(best);
  if (level == 0) return finish(status);
  --level;
  cur = choice[level];
  best = branch_item[level];

recover:
  uncommit_others(cur);
  choice[level] = nodes[cur].down;
  ++branch_rank[level];
  goto advance;
}

Solver::Solver(const Problem& problem) : impl_(std::make_unique<Impl>(problem)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Status Solver::search(const Visitor& visit, const SearchOptions& options) {
  return impl_->search(visit, options);
}

std::uint64_t Solver::count(const SearchOptions& options) {
  impl_->search(Visitor(), options);
  return impl_->stats.solutions;
}

bool Solver::assume(int option) { return impl_->assume(option); }
void Solver::clear_assumptions() { impl_->clear_assumptions(); }
std::span<const int> Solver::assumptions() const { return impl_->assumed_options; }
const Statistics& Solver::statistics() const { return impl_->stats; }
const Problem& Solver::problem() const { return *impl_->problem; }

}  // namespace xcover
