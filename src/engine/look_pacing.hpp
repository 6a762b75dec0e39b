// SPDX-License-Identifier: MIT
// How often a search looks at the clock, the cancellation and the progress
// reports: every so many nodes, kept about a millisecond apart where it is
// timed, so that a time limit holds within milliseconds however slow the
// nodes (the first nodes of Langford pairs of 1,000 cover items of 2,000
// options: 1,024 of them took half a second; the memo's nodes there take
// two milliseconds each).
#pragma once

#include <cstdint>

namespace xcover::detail {

struct LookPacing {
  static constexpr std::uint64_t kMost = 1024;
  std::uint64_t every = kMost;  // nodes between looks
  double last = 0;              // seconds, at the last look

  // A timed search starts looking at every node; one that never reads the
  // clock looks every kMost nodes.
  void start(bool timed);
  // At a look, `seconds` into the search: `every` doubles (to kMost) while
  // looks come less than 0.25 ms apart, and shrinks in proportion when they
  // come over 2 ms apart (down to 1). (Out of line: the kernel sets'
  // objects, which include this header, must hold no copy of it built for
  // their instruction set.)
  void adapt(double seconds);
};

}  // namespace xcover::detail
