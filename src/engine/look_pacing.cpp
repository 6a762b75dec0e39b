// SPDX-License-Identifier: MIT
// LookPacing: see look_pacing.hpp.
#include "engine/look_pacing.hpp"

#include <algorithm>

namespace xcover::detail {

void LookPacing::start(bool timed) {
  every = timed ? 1 : kMost;
  last = 0;
}

void LookPacing::adapt(double seconds) {
  const double since_last = seconds - last;
  last = seconds;
  if (since_last > 2e-3) {
    every = std::max<std::uint64_t>(
        1, static_cast<std::uint64_t>(static_cast<double>(every) * 1e-3 / since_last));
  } else if (since_last < 2.5e-4 && every < kMost) {
    every *= 2;
  }
}

}  // namespace xcover::detail
