// SPDX-License-Identifier: MIT
// Replaces the global operator new and delete (the plain forms, to which
// the array and nothrow forms go) with malloc and free, counting the usable
// size of each block as it comes and goes. The size is asked of the block
// itself, so a block from elsewhere (an aligned new) freed here keeps the
// count right and the heap sound.
#include "heap_count.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

// Only with glibc (malloc_usable_size), and not under a sanitizer: ASan and
// TSan bring operators of their own (their nothrow new would be freed here,
// which ASan reports as a mismatch).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define XCOVER_SANITIZED_HEAP 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define XCOVER_SANITIZED_HEAP 1
#endif
#if defined(__GLIBC__) && !defined(XCOVER_SANITIZED_HEAP)
#define XCOVER_COUNT_HEAP 1
#include <malloc.h>
#endif

namespace {

std::atomic<std::int64_t> live{0};
std::atomic<std::int64_t> peak{0};
std::atomic<std::int64_t> allocations{0};

}  // namespace

namespace xcover::test {

bool heap_counted() {
#if defined(XCOVER_COUNT_HEAP)
  return true;
#else
  return false;
#endif
}

std::int64_t heap_bytes() { return live.load(); }

std::int64_t heap_allocations() { return allocations.load(); }

std::int64_t take_heap_peak() { return peak.exchange(live.load()); }

}  // namespace xcover::test

#if defined(XCOVER_COUNT_HEAP)

void* operator new(std::size_t size) {
  void* block = std::malloc(size != 0 ? size : 1);
  if (block == nullptr) throw std::bad_alloc();
  allocations.fetch_add(1, std::memory_order_relaxed);
  const std::int64_t now = live.fetch_add(static_cast<std::int64_t>(malloc_usable_size(block))) +
                           static_cast<std::int64_t>(malloc_usable_size(block));
  std::int64_t high = peak.load();
  while (now > high && !peak.compare_exchange_weak(high, now)) {
  }
  return block;
}

void operator delete(void* block) noexcept {
  if (block == nullptr) return;
  live.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(block)));
  std::free(block);
}

void operator delete(void* block, std::size_t /*size*/) noexcept { operator delete(block); }

#endif
