// SPDX-License-Identifier: MIT
// The memory layouts a Solver can run (Layout), and the one it picks for a
// problem (layout_for).
#pragma once

#include "xcover/export.hpp"
#include "xcover/problem.hpp"

namespace xcover {

// How a solver holds the problem in memory: a closed list, each one a
// different search structure. Solver::layout() says which one a solver
// runs, and Statistics::layout which one ran the call it describes.
// Without the TreeOptions that only the bit sets follow, links, bitsets,
// counted_bitsets and sparse visit the same solutions in the same order.
// Without colours, links, bitsets and sparse count the same nodes and
// updates. With colours the links and sparse sets, as Knuth's SSXCC, drop a
// chosen option as soon as committing it leaves a primary item without
// options, and count no node for it (fewer nodes than DLX2's and the bit
// sets'; equal again with a random_seed, whose draws must match); the
// counted bit sets always do.
enum class Layout {
  automatic,        // chosen from the problem (never the layout that runs):
                    // multiplicities when some primary item has bounds other
                    // than 1:1; else counted_bitsets for colour problems with
                    // few primary items and many options (word squares);
                    // else bitsets for small or dense problems (up to 1,536
                    // options, or up to 4,096 when an option clashes with
                    // many); else sparse with colours and under 256 items;
                    // else links
  links,            // dancing links (Knuth's DLX1/DLX2): memory grows with the
                    // entries
  bitsets,          // a bit per option, copied a level down at each step; at
                    // most 32,767 options, 65,535 primary items and 65,536
                    // items and (item, colour) pairs. The one layout that
                    // follows TreeOptions::propagate and ItemChoice::most_clashes
  counted_bitsets,  // a bit per option, masks stored as runs of words, item
                    // lengths counted by popcount: at most 64 primary items
                    // and 65,536 items; any number of options
  sparse,           // sparse sets (Knuth's SSXCC): each item's options packed
                    // in an array, undone by restoring lengths
  multiplicities,   // the links of Knuth's Algorithm M (DLX3): the one layout
                    // that takes primary items with bounds other than 1:1
                    // (Problem::has_multiplicities), and any other problem
  costs,            // DLX5's links, with options sorted by cost: the layout of
                    // cheapest(), which builds it itself; a Solver is never
                    // made with it (ProblemError)
  memo,             // links with a memo of sub-problems (Knuth's DLX6): the
                    // layout of a memoised count (Counting::memo), which
                    // builds it itself; a Solver is never made with it
                    // (ProblemError)
};
// A layout asked of a problem it cannot take (bitsets on too many options,
// links on multiplicities, ...) throws ProblemError, saying which can.

// The layout's name: "links", "counted_bitsets", ...
XCOVER_API const char* to_string(Layout layout);

// The layout a Solver of `problem` asked for `asked` runs (Solver::layout()),
// found in one pass over the problem without building it. ProblemError as
// the Solver would throw it.
XCOVER_API Layout layout_for(const Problem& problem, Layout asked = Layout::automatic);

}  // namespace xcover
