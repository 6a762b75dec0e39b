// SPDX-License-Identifier: MIT
// The engine compiled for x86-64-v3 processors (AVX2, BMI2, POPCNT).
#include "engine/kernels/prelude.hpp"

#if XCOVER_X86_64
XCOVER_TARGET_BEGIN(XCOVER_TARGET_AVX2)
#define XCOVER_ISA avx2
namespace xcover::detail::avx2 {
using Isa = simd::Avx2;
}
#include "engine/search.hpp"
XCOVER_TARGET_END
#endif
