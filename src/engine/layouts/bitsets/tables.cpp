// SPDX-License-Identifier: MIT
// Building the bit-set layout's tables (tables.hpp), once for every kernel
// set: it runs once per problem, never per node.
#include "engine/layouts/bitsets/tables.hpp"

#include <algorithm>
#include <utility>

#include "engine/layouts/node_table.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

// Room for `rows` rows of `stride` words, zeroed, the first aligned to 64
// bytes; `base` is set to it (null when there are no rows).
std::vector<std::uint64_t> aligned_rows(std::size_t rows, std::int32_t stride,
                                        std::uint64_t*& base) {
  if (rows == 0) {
    base = nullptr;
    return {};
  }
  std::vector<std::uint64_t> to(rows * static_cast<std::size_t>(stride) + 8, 0);
  base = bitsets::aligned(to);
  return to;
}

// The mask ids of the (secondary item, colour) pairs met, numbered from
// `first` in the order met. With few items and colours, one slot per pair
// (a killer line: 500 items, 9 colours); else one flat table probed
// linearly, at most half full (a vector per item cost a few allocations an
// item; a table with room for every coloured entry left the level-1 cache).
class ColorIds {
 public:
  ColorIds(std::uint32_t first, int items, int colors) : first_(first), next_(first) {
    const std::size_t pairs =
        static_cast<std::size_t>(items) * (static_cast<std::size_t>(colors) + 1);
    if (colors > 0 && pairs <= kDenseMost) {
      colors_ = colors + 1;
      dense_.assign(pairs, 0);
    } else {
      slots_.resize(64);
    }
  }
  std::uint32_t operator()(int item, int color) {
    if (colors_ > 0) {
      std::uint32_t& id = dense_[static_cast<std::size_t>(item) * colors_ + color];
      if (id == 0) {
        id = next_++;
        met_.push_back({item, id});
      }
      return id;
    }
    const std::uint64_t key = static_cast<std::uint64_t>(static_cast<std::uint32_t>(item)) << 32 |
                              static_cast<std::uint32_t>(color);
    Slot& at = slots_[find(key)];
    if (at.key == key) return at.id;
    at = Slot{key, next_};
    if (2 * (next_ - first_ + 1) > slots_.size()) grow();
    return next_++;
  }
  std::uint32_t next() const { return next_; }
  // Each pair met: f(item, mask id).
  template <typename F>
  void each(F&& f) const {
    for (const Met& m : met_) f(m.item, m.id);
    for (const Slot& at : slots_)
      if (at.key != kEmpty) f(static_cast<int>(at.key >> 32), at.id);
  }

 private:
  // (A slot per pair up to 256 KiB; ids are never 0, the first being past
  // the items' own.)
  static constexpr std::size_t kDenseMost = 1 << 16;
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  struct Slot {
    std::uint64_t key = kEmpty;
    std::uint32_t id = 0;
  };
  struct Met {
    int item;
    std::uint32_t id;
  };
  // The slot holding `key`, or the empty one where it goes.
  std::size_t find(std::uint64_t key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t k = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
    while (slots_[k].key != key && slots_[k].key != kEmpty) k = (k + 1) & mask;
    return k;
  }
  void grow() {
    const std::vector<Slot> old = std::move(slots_);
    slots_.assign(2 * old.size(), Slot{});
    for (const Slot& at : old)
      if (at.key != kEmpty) slots_[find(at.key)] = at;
  }
  std::uint32_t first_, next_;
  std::size_t colors_ = 0;  // dense: colours and none, a row per item
  std::vector<std::uint32_t> dense_;
  std::vector<Met> met_;
  std::vector<Slot> slots_;
};

// The steps of building the tables, in the order the constructor takes
// them: each fills some of the tables' members from the problem and those
// filled before it.

// How many words a set of the options takes, and the strides of the rows
// of sets and of lengths (after number_options).
void size_sets(BitsetTables& t, const TableFormat& format) {
  const int options = static_cast<int>(t.option_index.size());
  const std::int32_t lanes = 64 / format.len_bytes;
  t.words = std::max(1, (options + 63) / 64);
  if (format.fixed_words > 0 && t.words > format.fixed_words)
    throw ProblemError("bitsets: too many options for the set size");
  t.words = format.fixed_words > 0 ? format.fixed_words : t.words;
  t.len_stride = (t.primary_count + 1 + lanes - 1) / lanes * lanes;
  t.set_stride = format.wide ? (format.fixed_words + 7) / 8 * 8 : t.words;
}

// By option: its entries' mask ids (an item's own, or its colour's, numbered
// by color_id as met) and how many primary items it has; the widest such
// count is the records' primary_stride.
void list_entry_masks(BitsetTables& t, const Problem& p, ColorIds& color_id) {
  const int options = static_cast<int>(t.option_index.size());
  // Written through pointers into tables sized first, and with the
  // problem's sizes read into locals: color_id's calls could otherwise
  // change them for all the compiler knows, and each entry would load them
  // again. The entries' room is an upper bound (the options left out have
  // some), cut to what was written at the end.
  t.entry_begin.resize(static_cast<std::size_t>(options) + 1);
  t.entry_mask.resize(p.entry_count());
  t.primaries.resize(static_cast<std::size_t>(options));
  const int primary_count = t.primary_count;
  const int* option_index = t.option_index.data();
  std::uint32_t* begin = t.entry_begin.data();
  std::uint16_t* mask = t.entry_mask.data();
  std::uint16_t* primaries = t.primaries.data();
  std::int32_t primary_stride = t.primary_stride;
  std::uint32_t written = 0;
  begin[0] = 0;
  for (int bit = 0; bit < options; ++bit) {
    int count = 0;
    for (const OptionEntry& e : p.option(option_index[bit])) {
      mask[written++] = static_cast<std::uint16_t>(
          e.color != 0 ? color_id(e.item, e.color) : static_cast<std::uint32_t>(e.item));
      count += e.item < primary_count;
    }
    primary_stride = std::max(primary_stride, count);
    primaries[bit] = static_cast<std::uint16_t>(count);
    begin[bit + 1] = written;
  }
  t.entry_mask.resize(written);
  t.primary_stride = primary_stride;
}

// Fixed-length records: the cost, then the primary items padded with the
// spare slot.
void write_records(BitsetTables& t, const Problem& p) {
  const int options = static_cast<int>(t.option_index.size());
  const std::size_t record_size = static_cast<std::size_t>(t.primary_stride) + 1;
  t.record.assign(static_cast<std::size_t>(options) * record_size,
                  static_cast<std::uint16_t>(t.primary_count));
  for (int bit = 0; bit < options; ++bit) {
    std::uint16_t* r = t.record.data() + bit * record_size;
    r[0] = static_cast<std::uint16_t>(p.option(t.option_index[bit]).size() - 1);
    int k = 1;
    for (const OptionEntry& e : p.option(t.option_index[bit]))
      if (e.item < t.primary_count) r[k++] = static_cast<std::uint16_t>(e.item);
  }
}

// Each option's primary items as a bit set, for lengths kept in vector
// registers: as many registers as the lengths and the spare slot fill (a
// register of 64 lengths of a byte, or 32 of two), and the words of bits
// they take.
void write_primary_bits(BitsetTables& t, const Problem& p, int len_bytes) {
  const int options = static_cast<int>(t.option_index.size());
  const int lanes = 64 / len_bytes;
  t.vector_regs = (t.primary_count + 1 + lanes - 1) / lanes;
  t.len_stride = t.vector_regs * lanes;
  const int words = (t.len_stride + 63) / 64;
  t.vector_words = words;
  t.primary_bits.assign(static_cast<std::size_t>(options) * words, 0);
  for (int bit = 0; bit < options; ++bit) {
    std::uint64_t* words_of = t.primary_bits.data() + static_cast<std::size_t>(bit) * words;
    for (const OptionEntry& e : p.option(t.option_index[bit])) {
      if (e.item >= t.primary_count) continue;
      words_of[e.item >> 6] |= std::uint64_t{1} << (e.item & 63);
    }
  }
}

// The masks, written in place in rows of set_stride words from `rows`, and
// the root's lengths. An item's mask holds every option containing it; a
// colour's mask, at first the options giving its item that colour, ends up
// holding the others containing the item.
void write_masks(BitsetTables& t, const Problem& p, const ColorIds& color_id, std::uint64_t* rows,
                 std::uint16_t covered) {
  const int options = static_cast<int>(t.option_index.size());
  const int primary_count = t.primary_count;
  auto row = [&](std::uint32_t id) { return rows + static_cast<std::size_t>(id) * t.set_stride; };
  auto set_bit = [&](std::uint32_t id, int bit) {
    row(id)[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  };
  t.initial_len.assign(t.len_stride, covered);
  for (int j = 0; j < primary_count; ++j) t.initial_len[j] = 0;
  for (int bit = 0; bit < options; ++bit) {
    const std::uint16_t* id = t.entry_mask.data() + t.entry_begin[bit];  // (colours' ids met)
    for (const OptionEntry& e : p.option(t.option_index[bit])) {
      set_bit(static_cast<std::uint32_t>(e.item), bit);
      if (e.color != 0) set_bit(*id, bit);
      ++id;
      if (e.item < primary_count) ++t.initial_len[e.item];
    }
  }
  for (int j = 0; j < primary_count; ++j)
    if (t.initial_len[j] >= covered)
      throw ProblemError("bitsets: an item is too long for the lengths");
  const int words = t.words;
  color_id.each([&](int item, std::uint32_t id) {
    const std::uint64_t* column = row(static_cast<std::uint32_t>(item));
    std::uint64_t* m = row(id);
    for (int w = 0; w < words; ++w) m[w] = column[w] & ~m[w];
  });
}

// By primary item, the words its mask has bits in when there are at most 4
// of them (after write_masks).
void list_few_words(BitsetTables& t) {
  const int words = t.words;
  t.few_words_begin.push_back(0);
  for (int item = 0; item < t.primary_count; ++item) {
    const std::uint64_t* column = t.mask_base + static_cast<std::size_t>(item) * t.set_stride;
    // (On sets of 4 words listing with compress is faster.)
    if (words > 4) {
      int used = 0;  // (counted without branches: the words are unpredictable)
      for (int w = 0; w < words; ++w) used += column[w] != 0;
      if (used <= 4)
        for (int w = 0; w < words; ++w)
          if (column[w] != 0) t.few_words.push_back(static_cast<std::uint16_t>(w));
    }
    t.few_words_begin.push_back(static_cast<std::uint32_t>(t.few_words.size()));
  }
}

// With the set size fixed: by option, the union of its entries' masks
// (after write_masks).
void write_option_clashes(BitsetTables& t) {
  const int options = static_cast<int>(t.option_index.size());
  const int words = t.words;
  std::uint64_t* clash_rows = nullptr;
  t.option_clashes = aligned_rows(static_cast<std::size_t>(options), t.set_stride, clash_rows);
  for (int bit = 0; bit < options; ++bit) {
    std::uint64_t* out = clash_rows + static_cast<std::size_t>(bit) * t.set_stride;
    for (std::uint32_t e = t.entry_begin[bit]; e < t.entry_begin[bit + 1]; ++e) {
      const std::uint64_t* m =
          t.mask_base + static_cast<std::size_t>(t.entry_mask[e]) * t.set_stride;
      for (int w = 0; w < words; ++w) out[w] |= m[w];
    }
  }
  t.clash_base = clash_rows;
}

// The options containing each primary item a: containing[begin[a]] to
// containing[begin[a + 1]], ascending (the root's lengths count them).
struct ItemOptions {
  std::vector<int> begin, containing;
};
ItemOptions options_by_item(const BitsetTables& t) {
  const int options = static_cast<int>(t.option_index.size());
  const int primary_count = t.primary_count;
  const std::size_t record_size = static_cast<std::size_t>(t.primary_stride) + 1;
  ItemOptions by_item;
  by_item.begin.assign(static_cast<std::size_t>(primary_count) + 1, 0);
  for (int j = 0; j < primary_count; ++j)
    by_item.begin[j + 1] = by_item.begin[j] + t.initial_len[j];
  by_item.containing.resize(static_cast<std::size_t>(by_item.begin[primary_count]));
  std::vector<int> at(by_item.begin.begin(), by_item.begin.end() - 1);
  for (int bit = 0; bit < options; ++bit) {
    const std::uint16_t* r = t.record.data() + bit * record_size;
    for (int k = 1; k <= t.primaries[bit]; ++k) by_item.containing[at[r[k]]++] = bit;
  }
  return by_item;
}

// subset_items: the primary items that share three options or more with
// another, counted pair by pair, one item A at a time over the options
// containing it. That costs the sum over the options of their primary items
// squared: past 2^27 (one option of 11,600 items) the rule is left off
// rather than make the solver slow to build (a board-sized polyomino).
void find_subset_items(BitsetTables& t, std::int32_t lanes) {
  const int options = static_cast<int>(t.option_index.size());
  const int primary_count = t.primary_count;
  std::int64_t pair_work = 0;
  for (int bit = 0; bit < options; ++bit)
    pair_work += std::int64_t{t.primaries[bit]} * t.primaries[bit];
  if (pair_work > (std::int64_t{1} << 27)) return;
  const ItemOptions by_item = options_by_item(t);
  const std::size_t record_size = static_cast<std::size_t>(t.primary_stride) + 1;
  // seen[b]: how many options of A met so far contain B, valid when its
  // item is A (no reset between items); A qualifies at the first B with
  // three.
  struct Seen {
    int item;   // the A it was last counted for
    int count;  // A's options met so far that contain it
  };
  std::vector<Seen> seen(static_cast<std::size_t>(primary_count), Seen{-1, 0});
  std::vector<std::uint64_t> qualify(t.len_stride / lanes, 0);
  bool any = false;
  for (int a = 0; a < primary_count; ++a) {
    bool partner = false;
    for (int i = by_item.begin[a]; i < by_item.begin[a + 1] && !partner; ++i) {
      const int option = by_item.containing[i];
      const std::uint16_t* r = t.record.data() + option * record_size;
      int most = 0;
      for (int k = 1; k <= t.primaries[option]; ++k) {
        // (Without branches: whether B was met for A is unpredictable.)
        const int b = r[k];
        Seen& m = seen[b];
        const int count = (m.item == a ? m.count : 0) + (b != a);
        m = Seen{a, count};
        most = std::max(most, count);
      }
      partner = most >= 3;
    }
    if (partner) {
      qualify[a / lanes] |= std::uint64_t{1} << (a % lanes);
      any = true;
    }
  }
  if (any) t.subset_items = std::move(qualify);
}

}  // namespace

BitsetTables::BitsetTables(const Problem& p, const TableFormat& format)
    : primary_count(p.primary_count()) {
  node_table(p);  // the limit every layout has (the set size refuses sooner)
  const int items = p.item_count();
  bitsets::number_options(p, option_index, bit_of_option);
  const int options = static_cast<int>(option_index.size());
  size_sets(*this, format);

  // Mask ids: items first, then each (secondary item, colour) met.
  ColorIds color_id(static_cast<std::uint32_t>(items), items, p.color_count());
  list_entry_masks(*this, p, color_id);
  write_records(*this, p);
  vector_lengths = format.vector_lengths && primary_count <= 127;
  if (vector_lengths) write_primary_bits(*this, p, format.len_bytes);

  std::uint64_t* rows = nullptr;
  masks = aligned_rows(color_id.next(), set_stride, rows);
  mask_base = rows;
  write_masks(*this, p, color_id, rows,
              static_cast<std::uint16_t>(1u << (8 * format.len_bytes - 1)));
  list_few_words(*this);
  if (format.fixed_words > 0 ||
      static_cast<std::size_t>(options) * set_stride * sizeof(std::uint64_t) <= kMostClashBytes)
    write_option_clashes(*this);

  initial_set.assign(words, 0);
  for (int bit = 0; bit < options; ++bit) initial_set[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  std::int32_t longest = 0;
  for (int j = 0; j < primary_count; ++j) longest = std::max<std::int32_t>(longest, initial_len[j]);
  choices_stride = (longest + 7) / 8 * 8;
  entry_begin.shrink_to_fit();
  entry_mask.shrink_to_fit();
  option_index.shrink_to_fit();
  primaries.shrink_to_fit();
  find_subset_items(*this, 64 / format.len_bytes);
  int fewest = primary_stride;
  for (const std::uint16_t k : primaries) fewest = std::min<int>(fewest, k);
  first_levels = std::min(primary_count / std::max(fewest, 1) + 1, 15);
}

std::size_t BitsetTables::bytes() const {
  using bitsets::held;
  return held(option_index) + held(bit_of_option) + held(masks) + held(few_words_begin) +
         held(few_words) + held(entry_begin) + held(entry_mask) + held(option_clashes) +
         held(record) + held(primaries) + held(primary_bits) + held(initial_set) +
         held(initial_len) + held(subset_items);
}

namespace bitsets {

void number_options(const Problem& problem, std::vector<int>& option_index,
                    std::vector<int>& bit_of_option) {
  option_index.clear();
  bit_of_option.assign(problem.option_count(), -1);
  for (int k = 0; k < problem.option_count(); ++k) {
    if (!problem.has_primary(k)) continue;
    bit_of_option[k] = static_cast<int>(option_index.size());
    option_index.push_back(k);
  }
}

}  // namespace bitsets

std::shared_ptr<const BitsetTables> make_bitset_tables(const Problem& problem,
                                                       const TableFormat& format) {
  return std::make_shared<const BitsetTables>(problem, format);
}

}  // namespace xcover::detail
