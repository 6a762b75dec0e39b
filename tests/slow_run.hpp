// SPDX-License-Identifier: MIT
// The tests that check many random cases check a quarter of them in a slow
// run: under a sanitizer (ASan+UBSan, TSan), where the code runs five to
// twenty times slower, and under an emulator (a cross build, tested under
// qemu-user: XCOVER_TEST_EMULATED, set by tests/CMakeLists.txt). The plain
// run checks every case, and a slow run still meets every kind of case, in
// fewer copies.
#pragma once

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(XCOVER_TEST_EMULATED)
#define XCOVER_TEST_SLOW_RUN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define XCOVER_TEST_SLOW_RUN 1
#endif
#endif
#ifndef XCOVER_TEST_SLOW_RUN
#define XCOVER_TEST_SLOW_RUN 0
#endif

namespace xcover::test {

// `cases` in a plain build; a quarter of them (at least one) in a slow run.
constexpr int slow_run_share(int cases) { return XCOVER_TEST_SLOW_RUN ? (cases + 3) / 4 : cases; }

}  // namespace xcover::test
