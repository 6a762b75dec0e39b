// SPDX-License-Identifier: MIT
// Building the bit-set layout's tables (tables.hpp), once for every kernel
// set: it runs once per problem, never per node.
#include "tables.hpp"

#include <algorithm>
#include <utility>

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

}  // namespace

BitsetTables::BitsetTables(const Problem& p, const TableFormat& format)
    : primary_count(p.primary_count()) {
  const int fixed_words = format.fixed_words;
  const std::int32_t lanes = 64 / format.len_bytes;
  const auto covered = static_cast<std::uint16_t>(1u << (8 * format.len_bytes - 1));
  const int items = p.item_count();
  bitsets::number_options(p, option_index, bit_of_option);
  const int options = static_cast<int>(option_index.size());
  words = std::max(1, (options + 63) / 64);
  if (fixed_words > 0 && words > fixed_words)
    throw ProblemError("bitsets: too many options for the set size");
  words = fixed_words > 0 ? fixed_words : words;
  len_stride = (primary_count + 1 + lanes - 1) / lanes * lanes;
  set_stride = format.wide ? (fixed_words + 7) / 8 * 8 : words;

  // Mask ids: items first, then each (secondary item, colour) met.
  ColorIds color_id(static_cast<std::uint32_t>(items), items, p.color_count());
  entry_begin.reserve(static_cast<std::size_t>(options) + 1);
  entry_mask.reserve(p.entry_count());  // (an upper bound: the options left out have some)
  primaries.reserve(static_cast<std::size_t>(options));
  entry_begin.push_back(0);
  for (int bit = 0; bit < options; ++bit) {
    const auto entries = p.option(option_index[bit]);
    int count = 0;
    for (const OptionEntry& e : entries) {
      entry_mask.push_back(static_cast<std::uint16_t>(
          e.color != 0 ? color_id(e.item, e.color) : static_cast<std::uint32_t>(e.item)));
      count += e.item < primary_count;
    }
    primary_stride = std::max(primary_stride, count);
    primaries.push_back(static_cast<std::uint16_t>(count));
    entry_begin.push_back(static_cast<std::uint32_t>(entry_mask.size()));
  }
  // Fixed-length records: the cost, then the primary items padded with the
  // spare slot.
  const std::size_t record_size = static_cast<std::size_t>(primary_stride) + 1;
  record.assign(static_cast<std::size_t>(options) * record_size,
                static_cast<std::uint16_t>(primary_count));
  for (int bit = 0; bit < options; ++bit) {
    std::uint16_t* r = record.data() + bit * record_size;
    r[0] = static_cast<std::uint16_t>(p.option(option_index[bit]).size() - 1);
    int k = 1;
    for (const OptionEntry& e : p.option(option_index[bit]))
      if (e.item < primary_count) r[k++] = static_cast<std::uint16_t>(e.item);
  }

  vector_lengths = format.vector_lengths && primary_count <= 63;
  if (vector_lengths) {
    len_stride = 64;
    primary_bits.assign(options, 0);
    for (int bit = 0; bit < options; ++bit) {
      for (const OptionEntry& e : p.option(option_index[bit])) {
        if (e.item >= primary_count) continue;
        primary_bits[bit] |= std::uint64_t{1} << e.item;
      }
    }
  }

  // An item's mask holds every option containing it; a colour's mask, at
  // first the options giving its item that colour, ends up holding the
  // others containing the item.
  // (Written in place: rows of set_stride words from an aligned base.)
  std::uint64_t* rows = nullptr;
  masks = aligned_rows(color_id.next(), set_stride, rows);
  auto row = [&](std::uint32_t id) { return rows + static_cast<std::size_t>(id) * set_stride; };
  auto set_bit = [&](std::uint32_t id, int bit) {
    row(id)[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  };
  initial_len.assign(len_stride, covered);
  for (int j = 0; j < primary_count; ++j) initial_len[j] = 0;
  for (int bit = 0; bit < options; ++bit) {
    const std::uint16_t* id = entry_mask.data() + entry_begin[bit];  // (colours' ids met above)
    for (const OptionEntry& e : p.option(option_index[bit])) {
      set_bit(static_cast<std::uint32_t>(e.item), bit);
      if (e.color != 0) set_bit(*id, bit);
      ++id;
      if (e.item < primary_count) ++initial_len[e.item];
    }
  }
  for (int j = 0; j < primary_count; ++j)
    if (initial_len[j] >= covered)
      throw ProblemError("bitsets: an item is too long for the lengths");
  color_id.each([&](int item, std::uint32_t id) {
    const std::uint64_t* column = row(static_cast<std::uint32_t>(item));
    std::uint64_t* m = row(id);
    for (int w = 0; w < words; ++w) m[w] = column[w] & ~m[w];
  });

  few_words_begin.push_back(0);
  for (int item = 0; item < primary_count; ++item) {
    const std::uint64_t* column = row(static_cast<std::uint32_t>(item));
    // (On sets of 4 words listing with compress is faster.)
    if (words > 4) {
      int used = 0;  // (counted without branches: the words are unpredictable)
      for (int w = 0; w < words; ++w) used += column[w] != 0;
      if (used <= 4)
        for (int w = 0; w < words; ++w)
          if (column[w] != 0) few_words.push_back(static_cast<std::uint16_t>(w));
    }
    few_words_begin.push_back(static_cast<std::uint32_t>(few_words.size()));
  }

  mask_base = rows;
  if (fixed_words > 0) {
    std::uint64_t* clash_rows = nullptr;
    option_clashes = aligned_rows(static_cast<std::size_t>(options), set_stride, clash_rows);
    for (int bit = 0; bit < options; ++bit) {
      std::uint64_t* out = clash_rows + static_cast<std::size_t>(bit) * set_stride;
      for (std::uint32_t e = entry_begin[bit]; e < entry_begin[bit + 1]; ++e) {
        const std::uint64_t* m = row(entry_mask[e]);
        for (int w = 0; w < words; ++w) out[w] |= m[w];
      }
    }
    clash_base = clash_rows;
  }
  initial_set.assign(words, 0);
  for (int bit = 0; bit < options; ++bit) initial_set[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  std::int32_t longest = 0;
  for (int j = 0; j < primary_count; ++j) longest = std::max<std::int32_t>(longest, initial_len[j]);
  choices_stride = (longest + 7) / 8 * 8;
  entry_begin.shrink_to_fit();
  entry_mask.shrink_to_fit();
  option_index.shrink_to_fit();
  primaries.shrink_to_fit();
  // Items that share three options or more with another: counted pair by
  // pair, one item A at a time over the options containing it. That costs
  // the sum over the options of their primary items squared: past 2^27
  // (one option of 11,600 items) the rule is left off rather than make the
  // solver slow to build (a board-sized polyomino).
  std::int64_t pair_work = 0;
  for (int bit = 0; bit < options; ++bit)
    pair_work += std::int64_t{primaries[bit]} * primaries[bit];
  if (pair_work <= (std::int64_t{1} << 27)) {
    // The options containing item a: containing[begin[a]] to
    // containing[begin[a + 1]] (the root's lengths count them).
    std::vector<int> begin(static_cast<std::size_t>(primary_count) + 1, 0);
    for (int j = 0; j < primary_count; ++j) begin[j + 1] = begin[j] + initial_len[j];
    std::vector<int> containing(static_cast<std::size_t>(begin[primary_count]));
    std::vector<int> at(begin.begin(), begin.end() - 1);
    for (int bit = 0; bit < options; ++bit) {
      const std::uint16_t* r = record.data() + bit * record_size;
      for (int k = 1; k <= primaries[bit]; ++k) containing[at[r[k]]++] = bit;
    }
    // seen[b]: how many options of A met so far contain B, valid when its
    // item is A (no reset between items); A qualifies at the first B with
    // three.
    struct Seen {
      int item;   // the A it was last counted for
      int count;  // A's options met so far that contain it
    };
    std::vector<Seen> seen(static_cast<std::size_t>(primary_count), Seen{-1, 0});
    std::vector<std::uint64_t> qualify(len_stride / lanes, 0);
    bool any = false;
    for (int a = 0; a < primary_count; ++a) {
      bool partner = false;
      for (int i = begin[a]; i < begin[a + 1] && !partner; ++i) {
        const std::uint16_t* r = record.data() + containing[i] * record_size;
        int most = 0;
        for (int k = 1; k <= primaries[containing[i]]; ++k) {
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
    if (any) subset_items = std::move(qualify);
  }
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
