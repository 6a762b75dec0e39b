// SPDX-License-Identifier: MIT
// The memoised count's dancing links: see memo_links.hpp.
#include "engine/layouts/memo/memo_links.hpp"

#include <cstdint>
#include <vector>

#include "engine/layouts/node_table.hpp"

namespace xcover::detail {

using memo::mix;

MemoCounter::Links::Links(const Problem& problem) {
  items = problem.item_count();
  primary = problem.primary_count();
  const auto nodes = static_cast<std::size_t>(node_table(problem, HeldOptions::all).nodes());
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

}  // namespace xcover::detail
