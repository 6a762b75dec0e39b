// SPDX-License-Identifier: MIT
// The tests that check many random cases check a quarter of them under a
// sanitizer (ASan+UBSan, TSan), where the code runs five to twenty times
// slower: the plain run checks every case, and the sanitizer run still
// meets every kind of case, in fewer copies.
#pragma once

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define XCOVER_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define XCOVER_TEST_SANITIZED 1
#endif
#endif
#ifndef XCOVER_TEST_SANITIZED
#define XCOVER_TEST_SANITIZED 0
#endif

namespace xcover::test {

// `cases` in a plain build; a quarter of them (at least one) under a sanitizer.
constexpr int sanitized_share(int cases) { return XCOVER_TEST_SANITIZED ? (cases + 3) / 4 : cases; }

}  // namespace xcover::test
