// SPDX-License-Identifier: MIT
// The memo of a memoised count (memo_count.hpp): the number of solutions of
// each sub-problem met so far, under its exact key (which items are covered,
// and the colours given to secondary items). A cache, never a source of
// truth: an entry it drops is counted again when it is met again, so the
// table can be bounded. It grows by doubling until its byte budget (or the
// allocator) says no; from then on a new entry takes the place of the one
// that cost the least search of those it would share a window with.
//
// Open addressing: an entry lives within kWindow slots of the slot its hash
// names. Each slot has a 32-bit tag (0 when empty; else the hash's high bits,
// odd) in one array, scanned first, and the entry (hash, key words, count,
// work, and when asked the sub-problem's diagram node) in another.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "xcover/count.hpp"

namespace xcover::detail {

class MemoTable {
 public:
  // A slot's window: the slots an entry may take from its home on.
  static constexpr std::size_t kWindow = 16;

  // Keys of `key_words` 64-bit words; at most `max_bytes` held (at least
  // the first table's). With `nodes`, each entry keeps a diagram node too.
  // `share`: the table is one of this many that make up a memo (SharedMemo's
  // shards), which asks for huge pages as a whole.
  MemoTable(std::size_t key_words, std::uint64_t max_bytes, bool nodes = false,
            std::size_t share = 1)
      : key_words_(key_words),
        stride_(key_words + (nodes ? 5 : 4)),
        nodes_(nodes),
        max_bytes_(max_bytes),
        huge_bytes_(kHugeMemo / share) {
    entry_.resize(stride_);
    allocate(kFirstSlots);
  }

  // The entry for `key`, if held: its count, the work it took (and its node).
  bool find(std::uint64_t hash, const std::uint64_t* key, Count& count, std::uint64_t& work,
            std::uint64_t* node = nullptr) const {
    const std::uint32_t tag = tag_of(hash);
    std::size_t slot = hash & mask_;
    for (std::size_t k = 0; k < kWindow; ++k, slot = (slot + 1) & mask_) {
      if (tags_[slot] != tag) continue;
      const std::uint64_t* entry = &data_[slot * stride_];
      if (entry[0] != hash || !same_key(entry, key)) continue;
      count = Count::from_halves(entry[key_words_ + 2], entry[key_words_ + 1]);
      work = entry[key_words_ + 3];
      if (node) *node = stride_ > key_words_ + 4 ? entry[key_words_ + 4] : 0;
      return true;
    }
    return false;
  }

  // Starts bringing the lines find(hash, ...) reads into the cache. Safe
  // from any thread without the table's lock: it goes where the buffers
  // were when last seen (a prefetch of memory since freed or moved is only
  // a wasted one: it reads nothing and never faults).
  void prefetch(std::uint64_t hash) const {
    const std::size_t slot = hash & seen_mask_.load(std::memory_order_relaxed);
    __builtin_prefetch(reinterpret_cast<const void*>(seen_tags_.load(std::memory_order_relaxed) +
                                                     slot * sizeof(std::uint32_t)));
    __builtin_prefetch(reinterpret_cast<const void*>(seen_data_.load(std::memory_order_relaxed) +
                                                     slot * stride_ * sizeof(std::uint64_t)));
  }

  // Records `count` for `key`, which took `work` nodes of plain search to
  // count (and its diagram node, in a table that keeps them).
  void insert(std::uint64_t hash, const std::uint64_t* key, Count count, std::uint64_t work,
              std::uint64_t node = 0) {
    if (2 * (size_ + 1) > slots() && can_grow_) grow();
    const std::uint64_t* entry = make_entry(hash, key, count, work, node);
    if (place(entry)) return;
    // A full window in a table at most half full is rare (a cluster): one
    // entry gives way rather than the table doubling for it. Not in a table
    // that keeps diagram nodes while it may grow: a drop there costs the
    // diagram its unique table from then on (memo_count.cpp's
    // nodes_are_new()), dearer than the memory.
    if (nodes_ && can_grow_) {
      grow();
      if (place(entry)) return;
    }
    replace(entry);
  }

  std::size_t size() const { return size_; }
  // Whether an entry was ever dropped (or never kept): the table then may
  // not know a sub-problem counted before.
  bool dropped() const { return dropped_; }
  std::size_t slots() const { return mask_ + 1; }
  std::uint64_t bytes() const { return slots() * slot_bytes(); }

 private:
  static constexpr std::size_t kFirstSlots = 1024;

  // An entry: [hash][key words][count: low, high][work].
  static std::uint32_t tag_of(std::uint64_t hash) {
    return static_cast<std::uint32_t>(hash >> 32) | 1u;
  }
  bool same_key(const std::uint64_t* entry, const std::uint64_t* key) const {
    return std::memcmp(entry + 1, key, key_words_ * sizeof(std::uint64_t)) == 0;
  }

  // The entry for these values, in entry_ (the layout above).
  const std::uint64_t* make_entry(std::uint64_t hash, const std::uint64_t* key, Count count,
                                  std::uint64_t work, std::uint64_t node) {
    entry_[0] = hash;
    std::memcpy(entry_.data() + 1, key, key_words_ * sizeof(std::uint64_t));
    entry_[key_words_ + 1] = count.low_half();
    entry_[key_words_ + 2] = count.high_half();
    entry_[key_words_ + 3] = work;
    if (stride_ > key_words_ + 4) entry_[key_words_ + 4] = node;
    return entry_.data();
  }
  void write(std::size_t slot, const std::uint64_t* entry) {
    tags_[slot] = tag_of(entry[0]);
    std::memcpy(&data_[slot * stride_], entry, stride_ * sizeof(std::uint64_t));
  }

  // Into an empty slot of the key's window (or over the key's own entry).
  bool place(const std::uint64_t* entry) {
    const std::uint64_t hash = entry[0];
    const std::uint32_t tag = tag_of(hash);
    std::size_t slot = hash & mask_;
    for (std::size_t k = 0; k < kWindow; ++k, slot = (slot + 1) & mask_) {
      if (tags_[slot] == 0) {
        write(slot, entry);
        ++size_;
        return true;
      }
      if (tags_[slot] == tag && data_[slot * stride_] == hash &&
          same_key(&data_[slot * stride_], entry + 1)) {
        write(slot, entry);
        return true;
      }
    }
    return false;
  }

  // Over the entry of the window that took the least work, unless every one
  // took more than this one.
  void replace(const std::uint64_t* entry) {
    dropped_ = true;  // this one or the one it replaces
    std::size_t slot = entry[0] & mask_, least = slot;
    std::uint64_t least_work = UINT64_MAX;
    for (std::size_t k = 0; k < kWindow; ++k, slot = (slot + 1) & mask_) {
      const std::uint64_t held = data_[slot * stride_ + key_words_ + 3];
      if (held < least_work) {
        least_work = held;
        least = slot;
      }
    }
    if (least_work > entry[key_words_ + 3]) return;
    write(least, entry);
  }

  // Memory zeroed or not, as the tags and the entries need (a slot's entry
  // is read only once its tag is set). Small buffers come from the C
  // allocator; big ones straight from the system, which hands pages over
  // zeroed and touched only when used; on Linux, with huge pages when asked.
  class Buffer {
   public:
    Buffer() = default;
    Buffer(std::size_t bytes, bool zeroed, bool huge) : bytes_(bytes) {
#if defined(__linux__)
      if (bytes >= kBig) {
        void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        // (Advice: taken or not, the memory is the same.)
        if (huge) madvise(p, bytes, MADV_HUGEPAGE);
        data_ = p;
        mapped_ = true;
        return;
      }
#else
      (void)huge;
#endif
      data_ = zeroed ? std::calloc(bytes, 1) : std::malloc(bytes);
      if (!data_) throw std::bad_alloc();
    }
    Buffer(Buffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)),
          bytes_(other.bytes_),
          mapped_(other.mapped_) {}
    Buffer& operator=(Buffer&& other) noexcept {
      if (this != &other) {
        release();
        data_ = std::exchange(other.data_, nullptr);
        bytes_ = other.bytes_;
        mapped_ = other.mapped_;
      }
      return *this;
    }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer() { release(); }
    template <class T>
    T* as() const {
      return static_cast<T*>(data_);
    }

   private:
    static constexpr std::size_t kBig = std::size_t{2} << 20;
    void release() {
      if (!data_) return;
#if defined(__linux__)
      if (mapped_) {
        munmap(data_, bytes_);
        data_ = nullptr;
        return;
      }
#endif
      std::free(data_);
      data_ = nullptr;
    }
    void* data_ = nullptr;
    std::size_t bytes_ = 0;
    bool mapped_ = false;
  };

  // A memo of 4 GiB or more asks for huge pages: it is read at random, and
  // once its page tables outgrow the cache, every look walks them in memory
  // too (Steiner triple systems on 13 points, tables to 14 GB: 688 s, 543 s
  // with huge pages). Not a smaller one: there the walks mostly hit the
  // cache, and huge pages cost more to clear than they saved (on the
  // development VM: Latin squares of order 6, 2.6 GB, 12.7 s against 15.5).
  static constexpr std::uint64_t kHugeMemo = std::uint64_t{4} << 30;

  void allocate(std::size_t slots) {
    const bool huge = static_cast<std::uint64_t>(slots) * slot_bytes() >= huge_bytes_;
    Buffer tags(slots * sizeof(std::uint32_t), true, huge);
    Buffer data(slots * stride_ * sizeof(std::uint64_t), false, huge);
    tag_buffer_ = std::move(tags);
    data_buffer_ = std::move(data);
    tags_ = tag_buffer_.as<std::uint32_t>();
    data_ = data_buffer_.as<std::uint64_t>();
    mask_ = slots - 1;
    seen_tags_.store(reinterpret_cast<std::uintptr_t>(tags_), std::memory_order_relaxed);
    seen_data_.store(reinterpret_cast<std::uintptr_t>(data_), std::memory_order_relaxed);
    seen_mask_.store(mask_, std::memory_order_relaxed);
    size_ = 0;
  }

  // Twice the slots, if the budget and the allocator allow; else the table
  // keeps its size and replaces entries from now on.
  void grow() {
    const std::size_t old_slots = slots();
    if (static_cast<std::uint64_t>(2 * old_slots) * slot_bytes() > max_bytes_) {
      can_grow_ = false;
      return;
    }
    Buffer old_tag_buffer = std::move(tag_buffer_), old_data_buffer = std::move(data_buffer_);
    const std::uint32_t* const old_tags = tags_;
    const std::uint64_t* const old_data = data_;
    try {
      allocate(2 * old_slots);
    } catch (const std::bad_alloc&) {
      // (A memory limit: the table stays as it was.)
      tag_buffer_ = std::move(old_tag_buffer);
      data_buffer_ = std::move(old_data_buffer);
      tags_ = tag_buffer_.as<std::uint32_t>();
      data_ = data_buffer_.as<std::uint64_t>();
      can_grow_ = false;
      return;
    }
    for (std::size_t slot = 0; slot < old_slots; ++slot) {
      if (old_tags[slot] == 0) continue;
      const std::uint64_t* entry = &old_data[slot * stride_];
      if (!place(entry)) replace(entry);
    }
  }

  std::uint64_t slot_bytes() const {
    return sizeof(std::uint32_t) + stride_ * sizeof(std::uint64_t);
  }

  std::size_t key_words_;
  std::size_t stride_;
  bool nodes_;  // entries keep a diagram node
  std::uint64_t max_bytes_;
  std::uint64_t huge_bytes_;  // the size from which the table asks for huge pages
  Buffer tag_buffer_, data_buffer_;
  std::uint32_t* tags_ = nullptr;
  std::uint64_t* data_ = nullptr;
  std::vector<std::uint64_t> entry_;  // an entry being written
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  bool can_grow_ = true;
  bool dropped_ = false;
  // The buffers and mask for prefetch(), on a line of their own (read by
  // every thread, written only when the table grows).
  alignas(64) std::atomic<std::uintptr_t> seen_tags_{0};
  std::atomic<std::uintptr_t> seen_data_{0};
  std::atomic<std::size_t> seen_mask_{0};
};

// One memo for the threads of a count (MemoRun::shared): MemoTables in
// shards, each behind its own lock and growing on its own, a key's shard
// named by its hash's top bits. With a few threads a lock is seldom waited
// for: 64 shards.
class SharedMemo {
 public:
  SharedMemo(std::size_t key_words, std::uint64_t max_bytes, bool nodes = false) {
    for (auto& shard : shards_)
      shard = std::make_unique<Shard>(key_words, max_bytes / kShards, nodes);
  }
  bool find(std::uint64_t hash, const std::uint64_t* key, Count& count, std::uint64_t& work,
            std::uint64_t* node = nullptr) {
    Shard& s = shard(hash);
    std::lock_guard lock(s.mutex);
    return s.table.find(hash, key, count, work, node);
  }
  void prefetch(std::uint64_t hash) { shard(hash).table.prefetch(hash); }
  void insert(std::uint64_t hash, const std::uint64_t* key, Count count, std::uint64_t work,
              std::uint64_t node = 0) {
    Shard& s = shard(hash);
    std::lock_guard lock(s.mutex);
    s.table.insert(hash, key, count, work, node);
  }
  std::size_t size() {
    std::size_t total = 0;
    for (auto& s : shards_) {
      std::lock_guard lock(s->mutex);
      total += s->table.size();
    }
    return total;
  }
  std::uint64_t bytes() {
    std::uint64_t total = 0;
    for (auto& s : shards_) {
      std::lock_guard lock(s->mutex);
      total += s->table.bytes();
    }
    return total;
  }

 private:
  static constexpr std::size_t kShards = 64;
  struct Shard {
    Shard(std::size_t key_words, std::uint64_t max_bytes, bool nodes)
        : table(key_words, max_bytes, nodes, kShards) {}
    std::mutex mutex;
    MemoTable table;
  };
  Shard& shard(std::uint64_t hash) { return *shards_[hash >> 58]; }
  std::unique_ptr<Shard> shards_[kShards];
};

}  // namespace xcover::detail
