// SPDX-License-Identifier: MIT
// The engine compiled for any x86-64 processor (SSE2), or any other processor: the
// compiler's defaults for the platform, no extra instructions.
#include "engine/kernels/prelude.hpp"

#define XCOVER_ISA baseline
namespace xcover::detail::baseline {
using Isa = simd::Baseline;
}
#include "engine/search.hpp"
