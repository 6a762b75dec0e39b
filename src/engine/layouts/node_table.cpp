// SPDX-License-Identifier: MIT
#include "engine/layouts/node_table.hpp"

#include <atomic>
#include <climits>

#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

std::atomic<std::int64_t> node_limit{INT32_MAX};

}  // namespace

NodeTable node_table(const Problem& problem, HeldOptions held) {
  NodeTable table;
  table.items = problem.item_count();
  for (int k = 0; k < problem.option_count(); ++k) {
    if (held == HeldOptions::with_primary && !problem.has_primary(k)) continue;
    ++table.options;
    table.entries += static_cast<std::int64_t>(problem.option(k).size());
  }
  if (table.nodes() >= node_limit.load(std::memory_order_relaxed))
    throw ProblemError("problem too large: more than 2^31 nodes");
  return table;
}

std::int64_t set_node_limit(std::int64_t limit) { return node_limit.exchange(limit); }

}  // namespace xcover::detail
