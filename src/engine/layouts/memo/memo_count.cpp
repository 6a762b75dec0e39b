// SPDX-License-Identifier: MIT
// Memoised counting: see memo_count.hpp.
#include "engine/layouts/memo/memo_count.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <string>

#include "engine/layouts/memo/memo_table.hpp"
#include "engine/layouts/memo/zdd_nodes.hpp"
#include "engine/look_pacing.hpp"
#include "support/thread_team.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

using Clock = std::chrono::steady_clock;

// SplitMix64's finaliser: a well-mixed 64-bit value of its argument.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

}  // namespace

// The links (Knuth's layout, as in links/links.hpp): nodes 1..N head the
// items' lists (item k is node k + 1); then the options, each followed by a
// spacer. A spacer's `top` is -(the option before it + 1), its `up` the first
// node of the option before it, its `down` the last node of the option after
// it. `color` is a node's colour: 0 none, -1 agreeing with its item's colour
// already. Primary items not yet covered are in a doubly linked list from
// the root (node 0).
//
// Beside the links, the key of the sub-problem they hold: a bit per item
// (covered or not), then for colour problems each secondary item's colour
// (16 bits each, 32 with more than 65,535 colours), and its hash (Zobrist's:
// the exclusive or of a random word per covered item, and per colour given).
struct MemoCounter::Links {
  explicit Links(const Problem& problem);

  // What a level of the search holds.
  struct Frame {
    std::int32_t item;     // the item branched on
    std::int32_t node;     // the option being tried: a node in its list
    std::uint64_t hash;    // the sub-problem's key's hash (its key: keys)
    Count total;           // solutions of the options tried before `node`
    std::uint64_t work;    // nodes a plain search would have taken so far
    std::int32_t choices;  // options of `item` when the level opened
    std::int32_t tried;    // options tried before `node`
    std::int32_t first;    // the option tried first
    std::size_t made;      // the diagram's stack when the level opened
    // A level whose sub-problem fell into parts no option spans: each part
    // is counted on its own (the levels above it), and the counts multiply.
    bool product;
    // Normal: its item is covered. Product: the links hold its current part.
    bool active;
    std::int32_t part, parts;  // the part being counted, of how many
    std::size_t items_at;      // its parts' items in part_items, from here
    std::size_t ends_at;       // and where each ends, in part_ends
  };

  void cover(int i);
  void uncover(int i);
  void hide(int p);
  void unhide(int p);
  void purify(int p);
  void unpurify(int p);
  void commit_rest(int x);    // the nodes of x's option after x, as a choice in x's list
  void uncommit_rest(int x);  // and back
  // Forces option `k` at the root; false (and nothing changed) when it
  // conflicts with what is covered.
  bool assume(int k);
  void unassume();
  // The item to branch on: the first of fewest options.
  int choose() const;
  // For an ordered diagram: the first primary item left, unless one has no
  // option (then that one: the sub-problem is dead, whatever the order).
  int choose_first() const;
  // Splits the sub-problem into parts that no option spans: the uncovered
  // items each part holds go onto part_items, where each ends onto
  // part_ends; the number of parts (when 1, nothing is kept).
  int split();
  // The links then hold part `t` of the parts from items_at/ends_at alone
  // (the other parts' primary items out of the list of items, all their
  // items marked covered in the key), and back.
  void restrict_to(std::size_t items_at, std::size_t ends_at, int parts, int t);
  void unrestrict(std::size_t items_at, std::size_t ends_at, int parts, int t);
  // The option (its index) that node x is in.
  int option_of(int x) const {
    while (top[x] > 0) ++x;
    return -top[x] - 1;
  }
  // The key of the sub-problem that committing x (in the list of the item
  // just covered) leaves, into `out`, and its hash; whether it is solved
  // (no primary item left). Changes nothing.
  bool child_key(int x, std::uint64_t* out, std::uint64_t& child_hash) const;
  std::size_t bytes() const {
    return 4 * (top.size() * 4 + len.size() + llink.size() + rlink.size() + first.size()) +
           8 * (zobrist.size() + key.size() + frame_keys.size()) + sizeof(Frame) * frames.size();
  }

  void flip(int item) {
    const int bit = item - 1;
    key[static_cast<std::size_t>(bit) >> 6] ^= std::uint64_t{1} << (bit & 63);
    hash ^= zobrist[static_cast<std::size_t>(item)];
  }
  bool covered(int item) const {
    const int bit = item - 1;
    return (key[static_cast<std::size_t>(bit) >> 6] >> (bit & 63)) & 1;
  }
  // Item `item`'s colour in `words` (a key).
  void set_color(std::uint64_t* words, int item, std::uint32_t c) const;
  std::uint32_t color_of(int item) const;
  // What a colour given to an item adds to the hash.
  std::uint64_t color_hash(int item, int c) const {
    return mix(zobrist[static_cast<std::size_t>(item)] + static_cast<std::uint64_t>(c));
  }

  int items = 0;    // N
  int primary = 0;  // primary items: nodes 1..primary
  std::vector<std::int32_t> top, up, down, color;
  std::vector<std::int32_t> len;           // by item node
  std::vector<std::int32_t> llink, rlink;  // the uncovered primary items
  std::vector<std::int32_t> first;         // by option: its first node
  std::vector<std::uint64_t> zobrist;      // by item node
  std::vector<std::uint64_t> key;
  std::size_t bit_words = 0;
  int color_bits = 0;  // 0 (no colours), 16 or 32
  std::uint64_t hash = 0;
  int uncovered = 0;  // primary items
  std::uint64_t updates = 0;
  std::vector<int> assumed;  // the node each assumption was branched from
  std::vector<Frame> frames;
  std::vector<std::uint64_t> frame_keys;  // frames.size() keys
  std::vector<std::int32_t> part_items;   // the parts of the product levels
  std::vector<std::size_t> part_ends;
  std::vector<std::uint32_t> seen;  // by item node: the split that reached it
  std::uint32_t stamp = 0;
};

MemoCounter::Links::Links(const Problem& problem) {
  items = problem.item_count();
  primary = problem.primary_count();
  const std::size_t nodes = static_cast<std::size_t>(items) + 2 + problem.entry_count() +
                            static_cast<std::size_t>(problem.option_count());
  top.assign(nodes, 0);
  up.assign(nodes, 0);
  down.assign(nodes, 0);
  color.assign(nodes, 0);
  len.assign(static_cast<std::size_t>(items) + 1, 0);
  for (int i = 1; i <= items; ++i) up[i] = down[i] = i;
  llink.assign(static_cast<std::size_t>(primary) + 1, 0);
  rlink.assign(static_cast<std::size_t>(primary) + 1, 0);
  for (int i = 0; i <= primary; ++i) {
    rlink[i] = i == primary ? 0 : i + 1;
    llink[i] = i == 0 ? primary : i - 1;
  }
  int x = items + 1;  // the first spacer
  int spacer = x;
  top[x] = 0;
  first.resize(static_cast<std::size_t>(problem.option_count()));
  for (int k = 0; k < problem.option_count(); ++k) {
    first[k] = x + 1;
    for (const OptionEntry& e : problem.option(k)) {
      ++x;
      const int i = e.item + 1;
      top[x] = i;
      color[x] = e.color;
      up[x] = up[i];
      down[x] = i;
      down[up[i]] = x;
      up[i] = x;
      ++len[i];
    }
    down[spacer] = x;
    ++x;
    top[x] = -(k + 1);
    up[x] = first[k];
    spacer = x;
  }
  down[spacer] = 0;
  zobrist.resize(static_cast<std::size_t>(items) + 1);
  std::uint64_t seed = 0x6a09e667f3bcc908ull;
  for (std::uint64_t& z : zobrist) z = mix(seed += 0x9e3779b97f4a7c15ull);
  bit_words = (static_cast<std::size_t>(items) + 63) / 64;
  std::size_t color_words = 0;
  if (problem.color_count() > 0) {
    color_bits = problem.color_count() <= 0xffff ? 16 : 32;
    const std::size_t per_word = 64 / static_cast<std::size_t>(color_bits);
    color_words = (static_cast<std::size_t>(items - primary) + per_word - 1) / per_word;
  }
  key.assign(bit_words + color_words, 0);
  uncovered = primary;
  // (Each level covers an item, and a product level is followed by one.)
  frames.resize(2 * static_cast<std::size_t>(primary) + 2);
  seen.assign(static_cast<std::size_t>(items) + 1, 0);
  frame_keys.resize(frames.size() * key.size());
}

void MemoCounter::Links::set_color(std::uint64_t* words, int item, std::uint32_t c) const {
  const std::size_t s = static_cast<std::size_t>(item - 1 - primary);
  const std::size_t per_word = 64 / static_cast<std::size_t>(color_bits);
  const unsigned shift =
      static_cast<unsigned>((s % per_word) * static_cast<std::size_t>(color_bits));
  const std::uint64_t mask = (color_bits == 16 ? std::uint64_t{0xffff} : std::uint64_t{0xffffffff})
                             << shift;
  std::uint64_t& word = words[bit_words + s / per_word];
  word = (word & ~mask) | (std::uint64_t{c} << shift);
}

std::uint32_t MemoCounter::Links::color_of(int item) const {
  const std::size_t s = static_cast<std::size_t>(item - 1 - primary);
  const std::size_t per_word = 64 / static_cast<std::size_t>(color_bits);
  const unsigned shift =
      static_cast<unsigned>((s % per_word) * static_cast<std::size_t>(color_bits));
  const std::uint64_t mask = color_bits == 16 ? 0xffff : 0xffffffff;
  return static_cast<std::uint32_t>((key[bit_words + s / per_word] >> shift) & mask);
}

void MemoCounter::Links::hide(int p) {
  for (int q = p + 1; q != p;) {
    const int x = top[q];
    if (x <= 0) {
      q = up[q];
      continue;
    }
    if (color[q] >= 0) {
      const int u = up[q], d = down[q];
      down[u] = d;
      up[d] = u;
      --len[x];
      ++updates;
    }
    ++q;
  }
}

void MemoCounter::Links::unhide(int p) {
  for (int q = p - 1; q != p;) {
    const int x = top[q];
    if (x <= 0) {
      q = down[q];
      continue;
    }
    if (color[q] >= 0) {
      up[down[q]] = q;
      down[up[q]] = q;
      ++len[x];
    }
    --q;
  }
}

void MemoCounter::Links::cover(int i) {
  for (int p = down[i]; p != i; p = down[p]) hide(p);
  if (i <= primary) {
    const int l = llink[i], r = rlink[i];
    rlink[l] = r;
    llink[r] = l;
    --uncovered;
  }
  ++updates;
  flip(i);
}

void MemoCounter::Links::uncover(int i) {
  flip(i);
  if (i <= primary) {
    const int l = llink[i], r = rlink[i];
    rlink[l] = i;
    llink[r] = i;
    ++uncovered;
  }
  for (int p = up[i]; p != i; p = up[p]) unhide(p);
}

// Gives p's item p's colour: the options of another colour go, those of the
// same colour agree from now on (-1). p itself is out of the list already
// (its option was hidden when the item it was chosen from was covered).
void MemoCounter::Links::purify(int p) {
  const int c = color[p], i = top[p];
  for (int q = down[i]; q != i; q = down[q]) {
    if (color[q] == c) {
      color[q] = -1;
    } else {
      hide(q);
    }
  }
  ++updates;
  flip(i);
  set_color(key.data(), i, static_cast<std::uint32_t>(c));
  hash ^= color_hash(i, c);
}

void MemoCounter::Links::unpurify(int p) {
  const int c = color[p], i = top[p];
  hash ^= color_hash(i, c);
  set_color(key.data(), i, 0);
  flip(i);
  for (int q = up[i]; q != i; q = up[q]) {
    if (color[q] < 0) {
      color[q] = c;
    } else {
      unhide(q);
    }
  }
}

void MemoCounter::Links::commit_rest(int x) {
  for (int p = x + 1; p != x;) {
    const int j = top[p];
    if (j <= 0) {
      p = up[p];
      continue;
    }
    if (color[p] == 0) {
      cover(j);
    } else if (color[p] > 0) {
      purify(p);
    }
    ++p;
  }
}

void MemoCounter::Links::uncommit_rest(int x) {
  for (int p = x - 1; p != x;) {
    const int j = top[p];
    if (j <= 0) {
      p = down[p];
      continue;
    }
    if (color[p] == 0) {
      uncover(j);
    } else if (color[p] > 0) {
      unpurify(p);
    }
    --p;
  }
}

bool MemoCounter::Links::assume(int k) {
  // Conflicts: a covered primary item, a covered secondary item this option
  // does not agree with.
  int from = 0;
  for (int p = first[k]; top[p] > 0; ++p) {
    const int j = top[p];
    if (j <= primary) {
      if (covered(j)) return false;
      if (from == 0) from = p;
    } else if (covered(j)) {
      if (color[p] == 0 || color_of(j) != static_cast<std::uint32_t>(color[p])) return false;
    }
  }
  if (from == 0) return false;  // no primary item: never in a solution
  cover(top[from]);
  commit_rest(from);
  assumed.push_back(from);
  return true;
}

void MemoCounter::Links::unassume() {
  while (!assumed.empty()) {
    const int from = assumed.back();
    assumed.pop_back();
    uncommit_rest(from);
    uncover(top[from]);
  }
}

bool MemoCounter::Links::child_key(int x, std::uint64_t* out, std::uint64_t& child_hash) const {
  std::copy(key.begin(), key.end(), out);
  std::uint64_t h = hash;
  int left = uncovered;
  for (int p = x + 1; p != x;) {
    const int j = top[p];
    if (j <= 0) {
      p = up[p];
      continue;
    }
    if (color[p] >= 0) {
      const int bit = j - 1;
      out[static_cast<std::size_t>(bit) >> 6] |= std::uint64_t{1} << (bit & 63);
      h ^= zobrist[static_cast<std::size_t>(j)];
      if (j <= primary) --left;
      if (color[p] > 0) {
        set_color(out, j, static_cast<std::uint32_t>(color[p]));
        h ^= color_hash(j, color[p]);
      }
    }
    ++p;
  }
  child_hash = h;
  return left == 0;
}

int MemoCounter::Links::choose() const {
  int best = 0;
  std::int32_t fewest = INT32_MAX;
  for (int i = rlink[0]; i != 0; i = rlink[i]) {
    if (len[i] < fewest) {
      fewest = len[i];
      best = i;
      if (fewest == 0) break;
    }
  }
  return best;
}

int MemoCounter::Links::split() {
  const std::size_t items_at = part_items.size(), ends_at = part_ends.size();
  if (++stamp == 0) {
    std::fill(seen.begin(), seen.end(), 0);
    stamp = 1;
  }
  int parts = 0;
  for (int i = rlink[0]; i != 0; i = rlink[i]) {
    if (seen[static_cast<std::size_t>(i)] == stamp) continue;
    // A part: what the options of its items reach, breadth first (the
    // part's own items are the queue).
    seen[static_cast<std::size_t>(i)] = stamp;
    std::size_t next = part_items.size();
    part_items.push_back(i);
    while (next < part_items.size()) {
      const int j = part_items[next++];
      for (int p = down[j]; p != j; p = down[p]) {
        for (int q = p + 1; q != p;) {
          const int k = top[q];
          if (k <= 0) {
            q = up[q];
            continue;
          }
          // (A secondary item already given a colour joins no one: the
          // options left on it agree with its colour.)
          if (seen[static_cast<std::size_t>(k)] != stamp && !covered(k)) {
            seen[static_cast<std::size_t>(k)] = stamp;
            part_items.push_back(k);
          }
          ++q;
        }
      }
    }
    part_ends.push_back(part_items.size());
    ++parts;
  }
  if (parts == 1) {
    part_items.resize(items_at);
    part_ends.resize(ends_at);
  }
  return parts;
}

void MemoCounter::Links::restrict_to(std::size_t items_at, std::size_t ends_at, int parts, int t) {
  std::size_t from = items_at;
  for (int u = 0; u < parts; ++u) {
    const std::size_t to = part_ends[ends_at + static_cast<std::size_t>(u)];
    if (u != t) {
      for (std::size_t k = from; k < to; ++k) {
        const int j = part_items[k];
        if (j <= primary) {
          rlink[llink[j]] = rlink[j];
          llink[rlink[j]] = llink[j];
          --uncovered;
        }
        flip(j);
      }
    }
    from = to;
  }
}

void MemoCounter::Links::unrestrict(std::size_t items_at, std::size_t ends_at, int parts, int t) {
  for (int u = parts; u-- > 0;) {
    const std::size_t to = part_ends[ends_at + static_cast<std::size_t>(u)];
    const std::size_t from =
        u == 0 ? items_at : part_ends[ends_at + static_cast<std::size_t>(u) - 1];
    if (u == t) continue;
    for (std::size_t k = to; k-- > from;) {
      const int j = part_items[k];
      flip(j);
      if (j <= primary) {
        rlink[llink[j]] = j;
        llink[rlink[j]] = j;
        ++uncovered;
      }
    }
  }
}

int MemoCounter::Links::choose_first() const {
  for (int i = rlink[0]; i != 0; i = rlink[i])
    if (len[i] == 0) return i;
  return rlink[0];
}

MemoCounter::MemoCounter(const Problem& problem) : problem_(&problem) {
  if (problem.has_multiplicities())
    throw ProblemError(
        "a memoised count takes no multiplicities (primary items with bounds other than 1:1): "
        "count them without the memo");
  links_ = std::make_unique<Links>(problem);
  stats_.layout = Layout::memo;
}

MemoCounter::~MemoCounter() = default;

namespace {

// The most sub-problems a memoised count opens between two looks for parts.
constexpr std::uint64_t kMostSplitGap = 64;

// A quarter of the machine's memory, at most 4 GiB (1 GiB where the system
// does not say).
std::uint64_t default_memo_bytes() {
  constexpr std::uint64_t kMost = std::uint64_t{4} << 30;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages > 0 && size > 0)
    return std::min(kMost,
                    static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size) / 4);
#endif
  return kMost / 4;
}

bool branches_on_first(ZddOrder order) {
  switch (order) {
    case ZddOrder::fewest:
      return false;
    case ZddOrder::first:
      return true;
  }
  return false;
}

}  // namespace

CountResult MemoCounter::count(const MemoRun& run) { return count_in(run, nullptr, 0); }

// One count of count_in(): its state, and each state of its loop a step of
// its own that returns the step after it (as search.hpp's loop calls its
// layouts' steps):
//   open     the links hold a sub-problem at `level_`, unsolved and not in
//            the memo: split it, or branch on an item;
//   part     a product level starts its current part;
//   product  a product level's current part is counted (`answer_`);
//   option   a normal level tries its current option (its item covered);
//   up       the sub-problem at `level_` is counted (`answer_`): to the
//            level above;
//   counted  the root's sub-problem is counted (`answer_`): the count ends;
//   stopped  a limit, the clock or a cancellation stopped it (`stopped_by_`).
class MemoCounter::Counting {
 public:
  Counting(MemoCounter& counter, const MemoRun& run, SharedMemo* shared, unsigned rotation);

  CountResult run() {
    try {
      if (!feasible_) {
        unwind();
        return finish(Status::exhausted, 0);
      }
      if (const std::optional<Status> stopped = enter(0)) return stop(*stopped);
      if (links_.uncovered == 0) {
        unwind();
        counter_.zdd_root_ = Zdd::kEmpty;
        return finish(Status::exhausted, 1);
      }
      for (Step step = Step::open;;) {
        switch (step) {
          case Step::open:
            step = open();
            break;
          case Step::part:
            step = part();
            break;
          case Step::product:
            step = product();
            break;
          case Step::option:
            step = option();
            break;
          case Step::up:
            step = up();
            break;
          case Step::counted:
            unwind();
            counter_.zdd_root_ = answer_node_;
            return finish(Status::exhausted, answer_);
          case Step::stopped:
            return stop(stopped_by_);
        }
      }
    } catch (...) {
      unwind();
      counter_.stats_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
      throw;
    }
  }

 private:
  enum class Step { open, part, product, option, up, counted, stopped };
  using Frame = Links::Frame;

  Frame& frame(int level) { return links_.frames[static_cast<std::size_t>(level)]; }
  const std::uint64_t* frame_key(int level) const {
    return &links_.frame_keys[static_cast<std::size_t>(level) * words_];
  }

  // The memo: count_on_threads()'s shared one, or this count's own.
  bool find(std::uint64_t h, const std::uint64_t* key, Count& count, std::uint64_t& work,
            std::uint64_t* node) const {
    return shared_ ? shared_->find(h, key, count, work, node)
                   : own_->find(h, key, count, work, node);
  }
  void prefetch(std::uint64_t h) const {
    if (shared_)
      shared_->prefetch(h);
    else
      own_->prefetch(h);
  }
  void insert(std::uint64_t h, const std::uint64_t* key, Count count, std::uint64_t work,
              std::uint64_t node) {
    if (shared_)
      shared_->insert(h, key, count, work, node);
    else
      own_->insert(h, key, count, work, node);
  }

  Step open();
  Step part();
  Step product();
  Step option();
  Step up();

  // `answer_` is the count below level g's current option: added, and on
  // to the next option, round the list from the first tried (the item
  // itself when they have all been).
  void add(Frame& g) {
    const Count sum = g.total + answer_;
    if (sum < g.total)
      throw CountOverflow("the number of solutions passes 2^128 - 1: no exact count");
    g.total = sum;
    g.work = saturating_add(g.work, answer_work_);
    if (zdd_ && answer_ != 0) made_.emplace_back(links_.option_of(g.node), answer_node_);
    ++g.tried;
    g.node = links_.down[g.node];
    if (g.node == g.item) g.node = links_.down[g.item];
    if (g.node == g.first) g.node = g.item;
  }
  // The key of the sub-problem the links hold, kept as the level's (for the
  // memo when the level is counted).
  void keep_key() {
    std::copy(links_.key.begin(), links_.key.end(),
              links_.frame_keys.begin() + static_cast<std::ptrdiff_t>(level_ * words_));
  }

  // Counts a node; a status when a limit, the clock or a cancellation
  // stops the count there (a progress report may be due too).
  std::optional<Status> enter(int depth) {
    if (node_limit_ && nodes_ >= node_limit_) {
      if (nodes_ != trial_ || trial_ == options_.node_limit) return Status::node_limit;
      if (saved_ < nodes_) return Status::stopped;  // the memo does not pay
      if (run_.trial_only) return Status::node_limit;
      node_limit_ = options_.node_limit;  // it does: on to the end
    }
    ++nodes_;
    ++counter_.stats_.level_nodes[static_cast<std::size_t>(depth)];
    if (nodes_ < next_check_) return std::nullopt;
    return look_around();
  }
  // enter()'s checks every 1,024 nodes.
  std::optional<Status> look_around();
  // What the levels have finished, for a count cut short: the solutions
  // of the levels above the first product level (below it, a part's
  // solutions are no solutions of the problem yet).
  Count finished() const;
  void report_progress(double seconds) const;
  // Whether the nodes of a level's chain are new, so that the unique table
  // need not be asked (its cache misses and its doubling were most of what
  // the diagram added to the count). They are when the problem has no secondary items and
  // the memo has dropped nothing. Say a chain's node (option, LO, HI) were
  // made twice, the first such pair: HI has solutions, each covering
  // exactly the primary items left below the option, so HI and the option
  // name the primary items left at the level, and without secondary items
  // those are its whole sub-problem. The sub-problem was then counted twice
  // (within one count the options differ), and the second time the memo
  // did not hold what the first had put in: it had dropped it. (With
  // secondary items, two sub-problems may differ in them alone and have
  // the same solutions.)
  bool nodes_are_new() const { return distinct_sub_problems_ && own_ && !own_->dropped(); }

 public:
  // The table, for the counter to keep (MemoRun::keep_table).
  std::unique_ptr<MemoTable> take_table() { return std::move(own_); }

 private:
  // Back to the root and the assumptions undone, whatever ends the count.
  void unwind();
  CountResult finish(Status status, Count solutions);
  CountResult stop(Status status) {
    const Count so_far = status == Status::stopped ? Count(0) : finished();
    unwind();
    return finish(status, so_far);
  }

  MemoCounter& counter_;
  Links& links_;
  const MemoRun& run_;
  const SearchOptions& options_;
  SharedMemo* const shared_;
  const unsigned rotation_;
  const Clock::time_point start_ = Clock::now();
  ZddNodes* const zdd_;
  const std::size_t words_;
  std::unique_ptr<MemoTable> own_;
  bool feasible_ = true;  // the assumptions hold together
  // The diagram's children of the open levels' options tried so far: an
  // option and the node of its sub-problem, for each that has solutions.
  std::vector<std::pair<int, std::uint64_t>> made_;
  // Frames 0..level-1 have an option committed (normal levels) or hold a
  // part of their sub-problem (product levels); frame `level_` is active
  // when its item is covered. `level_` is opened afresh when its frame is
  // neither.
  int level_ = 0;
  std::uint64_t nodes_ = 0;
  // The nodes the memo saved: the plain search's nodes of the sub-problems
  // it answered (for the trial).
  std::uint64_t saved_ = 0;
  const std::uint64_t trial_;
  std::uint64_t node_limit_;
  std::uint64_t next_check_;
  LookPacing looks_;
  std::uint64_t next_progress_;
  double next_progress_seconds_;
  // The key of the sub-problem below an option, and its hash (mixed:
  // Zobrist's hash is linear, the exclusive or of the items' words, and keys
  // that differ in a few items would cluster in the table).
  std::vector<std::uint64_t> child_;
  std::uint64_t hash_;
  // Parts are looked for where the count has no diagram to make (the
  // diagram of a product would need its parts' orders merged).
  const bool decompose_;
  // Branch on the first primary item left (an ordered diagram), not on the
  // one of fewest options.
  const bool first_item_;
  // No secondary items: a sub-problem is the primary items it has left.
  const bool distinct_sub_problems_;
  std::uint64_t split_gap_ = 1, until_split_ = 1;
  // The count of the sub-problem last counted, the plain search's nodes it
  // stands for, and its diagram's node.
  Count answer_ = 0;
  std::uint64_t answer_work_ = 0;
  std::uint64_t answer_node_ = Zdd::kNone;
  Status stopped_by_ = Status::exhausted;
};

MemoCounter::Counting::Counting(MemoCounter& counter, const MemoRun& run, SharedMemo* shared,
                                unsigned rotation)
    : counter_(counter),
      links_(*counter.links_),
      run_(run),
      options_(*run.options),
      shared_(shared),
      rotation_(rotation),
      zdd_(run.zdd),
      words_(counter.links_->key.size()),
      trial_(run.trial_nodes),
      node_limit_(run.trial_nodes &&
                          (!run.options->node_limit || run.trial_nodes < run.options->node_limit)
                      ? run.trial_nodes
                      : run.options->node_limit),
      next_progress_seconds_(run.options->progress_seconds),
      child_(counter.links_->key.size()),
      decompose_(run.zdd == nullptr),
      first_item_(run.zdd && branches_on_first(run.zdd_order)),
      distinct_sub_problems_(counter.links_->items == counter.links_->primary) {
  Statistics& stats = counter_.stats_;
  stats = Statistics();
  stats.layout = Layout::memo;
  stats.level_nodes.assign(links_.frames.size() + 1, 0);
  links_.updates = 0;
  counter_.zdd_root_ = Zdd::kNone;
  if (zdd_ && !run.assumptions.empty())
    throw Error("a diagram of the solutions is made without assumptions");
  for (const int k : run.assumptions) {
    if (!links_.assume(k)) {
      feasible_ = false;
      break;
    }
  }
  if (!shared_) {
    if (run.keep_table && counter_.kept_ && zdd_ == nullptr)
      own_ = std::move(counter_.kept_);
    else
      own_ = std::make_unique<MemoTable>(
          words_, run.memo_bytes ? run.memo_bytes : default_memo_bytes(), zdd_ != nullptr);
  }
  const bool watched =
      options_.time_limit > 0 || options_.cancel || options_.on_progress || run.stop;
  next_check_ = watched ? 1 : UINT64_MAX;
  looks_.start(options_.time_limit > 0 || options_.progress_seconds > 0);
  next_progress_ =
      options_.on_progress && options_.progress_nodes ? options_.progress_nodes : UINT64_MAX;
  hash_ = mix(links_.hash);
}

std::optional<Status> MemoCounter::Counting::look_around() {
  if ((options_.cancel && options_.cancel->load(std::memory_order_relaxed)) ||
      (run_.stop && run_.stop->load(std::memory_order_relaxed)))
    return Status::cancelled;
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  looks_.adapt(seconds);
  next_check_ = nodes_ + looks_.every;
  if (options_.time_limit > 0 && seconds >= options_.time_limit) return Status::time_limit;
  if (options_.on_progress) {
    bool due = false;
    if (nodes_ >= next_progress_) {
      next_progress_ += options_.progress_nodes;
      due = true;
    }
    if (options_.progress_seconds > 0 && seconds >= next_progress_seconds_) {
      next_progress_seconds_ = seconds + options_.progress_seconds;
      due = true;
    }
    if (due) report_progress(seconds);
    next_check_ = std::min(next_check_, next_progress_);
  }
  return std::nullopt;
}

Count MemoCounter::Counting::finished() const {
  Count sum = 0;
  for (int k = 0; k <= level_; ++k) {
    const Frame& f = links_.frames[static_cast<std::size_t>(k)];
    if (!f.active || f.product) break;
    sum += f.total;
  }
  return sum;
}

void MemoCounter::Counting::report_progress(double seconds) const {
  Progress p;
  p.nodes = nodes_;
  p.updates = links_.updates;
  p.solutions = finished();
  p.seconds = seconds;
  p.level = level_;
  double weight = 1;
  for (int k = 0; k <= level_; ++k) {
    const Frame& f = links_.frames[static_cast<std::size_t>(k)];
    if (!f.active) break;
    if (f.product) {
      // (The parts counted so far, as if each took as long.)
      p.fraction_done += weight * f.part / f.parts;
      weight /= f.parts;
      continue;
    }
    p.fraction_done += weight * f.tried / f.choices;
    weight /= f.choices;
  }
  options_.on_progress(p);
}

void MemoCounter::Counting::unwind() {
  for (int k = level_; k >= 0; --k) {
    Frame& f = frame(k);
    if (!f.active) continue;
    f.active = false;
    if (f.product) {
      links_.unrestrict(f.items_at, f.ends_at, f.parts, f.part);
    } else {
      if (k < level_) links_.uncommit_rest(f.node);
      links_.uncover(f.item);
    }
  }
  level_ = 0;
  links_.part_items.clear();
  links_.part_ends.clear();
  links_.unassume();
}

CountResult MemoCounter::Counting::finish(Status status, Count solutions) {
  CountResult result;
  result.status = status;
  result.solutions = solutions;
  Statistics& stats = counter_.stats_;
  stats.solutions = solutions;
  stats.nodes = nodes_;
  stats.updates = links_.updates;
  stats.bytes = (shared_ ? shared_->bytes() : own_->bytes()) + links_.bytes();
  stats.memo_entries = shared_ ? shared_->size() : own_->size();
  stats.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return result;
}

MemoCounter::Counting::Step MemoCounter::Counting::open() {
  Frame& f = frame(level_);
  f.active = false;
  f.product = false;
  // A dead end first: an item without options would otherwise be a part of
  // its own, found by a pass over everything left (on pentominoes, cells
  // cut off by a placement: 10x the nodes).
  const int i = first_item_ ? links_.choose_first() : links_.choose();
  if (links_.len[i] == 0) {
    // A dead end, kept too: the level above then need not commit its
    // option to find it again.
    answer_ = 0;
    answer_work_ = 1;
    answer_node_ = Zdd::kNone;
    insert(hash_, links_.key.data(), 0, 1, Zdd::kNone);
    return Step::up;
  }
  if (decompose_ && links_.uncovered > 1 && --until_split_ == 0) {
    const std::size_t items_at = links_.part_items.size(), ends_at = links_.part_ends.size();
    const int parts = links_.split();
    // A look costs a pass over what is left: after each look that finds
    // one part, the next waits twice as long (up to kMostSplitGap
    // sub-problems); a split brings them back to every one.
    split_gap_ = parts > 1 ? 1 : std::min(2 * split_gap_, kMostSplitGap);
    until_split_ = split_gap_;
    if (parts > 1) {
      f.product = true;
      f.hash = hash_;
      f.total = 1;
      f.work = 1;
      f.part = 0;
      f.parts = parts;
      f.items_at = items_at;
      f.ends_at = ends_at;
      f.choices = 1;
      f.tried = 0;
      keep_key();
      ++counter_.stats_.memo_splits;
      return Step::part;
    }
  }
  f.item = i;
  f.node = links_.down[i];
  if (rotation_ != 0 && links_.len[i] > 1) {
    // (A helper of count_on_threads(): from another option on.)
    const std::uint64_t steps = mix(hash_ + rotation_) % static_cast<std::uint64_t>(links_.len[i]);
    for (std::uint64_t k = 0; k < steps; ++k) f.node = links_.down[f.node];
  }
  f.first = f.node;
  f.hash = hash_;
  f.total = 0;
  f.work = 1;
  f.choices = links_.len[i];
  f.tried = 0;
  f.made = made_.size();
  keep_key();
  links_.cover(i);
  // Each option's sub-problem is looked up in turn below: their slots are
  // asked for now, all at once, so that the table's cache misses overlap
  // (Steiner triple systems: 1.7x the looks a second in a table of 7 GB).
  for (int x = links_.down[i]; x != i; x = links_.down[x]) {
    std::uint64_t h;
    links_.child_key(x, child_.data(), h);
    prefetch(mix(h));
  }
  f.active = true;
  return Step::option;
}

MemoCounter::Counting::Step MemoCounter::Counting::part() {
  // The links take the current part alone, under its own key: its count
  // may be known already.
  Frame& f = frame(level_);
  links_.restrict_to(f.items_at, f.ends_at, f.parts, f.part);
  f.active = true;
  hash_ = mix(links_.hash);
  if (find(hash_, links_.key.data(), answer_, answer_work_, nullptr)) {
    ++counter_.stats_.memo_hits;
    saved_ = saturating_add(saved_, answer_work_);
    return Step::product;
  }
  ++level_;
  return Step::open;
}

MemoCounter::Counting::Step MemoCounter::Counting::product() {
  Frame& f = frame(level_);
  links_.unrestrict(f.items_at, f.ends_at, f.parts, f.part);
  f.active = false;
  if (answer_ != 0 && f.total > Count::max() / answer_)
    throw CountOverflow("the number of solutions passes 2^128 - 1: no exact count");
  f.total *= answer_;
  f.work = saturating_add(f.work, answer_work_);
  ++f.part;
  if (f.total != 0 && f.part < f.parts) return Step::part;
  // Every part counted (or one without solutions): the level is.
  answer_ = f.total;
  answer_work_ = f.work;
  links_.part_items.resize(f.items_at);
  links_.part_ends.resize(f.ends_at);
  insert(f.hash, frame_key(level_), answer_, answer_work_, Zdd::kNone);
  return Step::up;
}

MemoCounter::Counting::Step MemoCounter::Counting::option() {
  // Each option's sub-problem is looked up before anything is committed; a
  // level whose options are all tried is counted.
  Frame& g = frame(level_);
  if (g.node == g.item) {
    links_.uncover(g.item);
    g.active = false;
    answer_ = g.total;
    answer_work_ = g.work;
    if (zdd_) {
      // The level's chain of nodes, its last option's first: each option's
      // sub-problem as HI, the options after it as LO.
      answer_node_ = Zdd::kNone;
      if (nodes_are_new()) {
        for (std::size_t k = made_.size(); k-- > g.made;)
          answer_node_ = zdd_->add(made_[k].first, answer_node_, made_[k].second);
      } else {
        for (std::size_t k = made_.size(); k-- > g.made;)
          answer_node_ = zdd_->make(made_[k].first, answer_node_, made_[k].second);
      }
      made_.resize(g.made);
    }
    insert(g.hash, frame_key(level_), answer_, answer_work_, answer_node_);
    return Step::up;
  }
  if (const std::optional<Status> stopped = enter(level_ + 1)) {
    stopped_by_ = *stopped;
    return Step::stopped;
  }
  const bool solved = links_.child_key(g.node, child_.data(), hash_);
  hash_ = mix(hash_);
  if (solved) {
    answer_ = 1;
    answer_work_ = 1;
    answer_node_ = Zdd::kEmpty;
  } else if (find(hash_, child_.data(), answer_, answer_work_, &answer_node_)) {
    ++counter_.stats_.memo_hits;
    saved_ = saturating_add(saved_, answer_work_);
  } else {
    links_.commit_rest(g.node);
    ++level_;
    return Step::open;
  }
  add(g);
  return Step::option;
}

MemoCounter::Counting::Step MemoCounter::Counting::up() {
  if (level_ == 0) return Step::counted;
  --level_;
  Frame& g = frame(level_);
  if (g.product) return Step::product;
  links_.uncommit_rest(g.node);
  add(g);
  return Step::option;
}

void MemoCounter::forget_table() { kept_.reset(); }

CountResult MemoCounter::count_in(const MemoRun& run, SharedMemo* shared, unsigned rotation) {
  Counting counting(*this, run, shared, rotation);
  const CountResult result = counting.run();
  kept_ = run.keep_table ? counting.take_table() : nullptr;
  return result;
}

CountResult MemoCounter::count_on_threads(const MemoRun& run, unsigned threads) {
  if (threads <= 1) return count(run);
  if (!run.assumptions.empty() || run.trial_nodes != 0 || run.zdd)
    throw Error("a memoised count on several threads takes no assumptions, trial or diagram");
  const auto start = Clock::now();
  SharedMemo shared(links_->key.size(), run.memo_bytes ? run.memo_bytes : default_memo_bytes());
  // Set when one thread has counted, or the counting thread has stopped:
  // the others stop.
  std::atomic<bool> done{false};
  std::vector<std::unique_ptr<MemoCounter>> helpers;
  for (unsigned k = 1; k < threads; ++k)
    helpers.push_back(std::make_unique<MemoCounter>(*problem_));
  std::vector<std::optional<CountResult>> counted(threads);
  std::vector<std::exception_ptr> failed(threads);
  SearchOptions quiet;  // the helpers' own: no limits, no reports
  ThreadTeam team;
  struct Join {
    std::atomic<bool>& done;
    ThreadTeam& team;
    ~Join() {
      done = true;
      team.join();
    }
  } join{done, team};
  team.start(
      1, threads,
      [&](unsigned k) {
        try {
          MemoRun mine{{}, &quiet, 0, 0};
          mine.stop = &done;
          counted[k] = helpers[k - 1]->count_in(mine, &shared, k);
          if (counted[k]->complete()) done = true;
        } catch (...) {
          failed[k] = std::current_exception();
          done = true;
        }
      },
      [&] { done = true; });
  MemoRun mine = run;
  mine.stop = &done;
  try {
    counted[0] = count_in(mine, &shared, 0);
  } catch (...) {
    failed[0] = std::current_exception();
  }
  done = true;
  team.join();
  // The first complete count is the count; else the counting thread's error
  // or status (a helper's error first when it stopped the rest).
  std::optional<CountResult> result;
  for (const std::optional<CountResult>& c : counted)
    if (c && c->complete() && !result) result = c;
  if (!result) {
    for (const std::exception_ptr& e : failed)
      if (e) std::rethrow_exception(e);
    result = counted[0];
  }
  stats_.bytes = shared.bytes() + links_->bytes();
  for (unsigned k = 1; k < threads; ++k) {
    const Statistics& h = helpers[k - 1]->statistics();
    stats_.nodes += h.nodes;
    stats_.updates += h.updates;
    stats_.memo_hits += h.memo_hits;
    stats_.memo_splits += h.memo_splits;
    stats_.bytes += helpers[k - 1]->links_->bytes();
  }
  stats_.solutions = result->solutions;
  stats_.threads = threads;
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return *result;
}

}  // namespace xcover::detail
