// SPDX-License-Identifier: MIT
// The engine compiled for x86-64-v4 processors (AVX-512 F/BW/CD/DQ/VL).
#include "engine/kernels/prelude.hpp"

#if XCOVER_X86_64
XCOVER_TARGET_BEGIN(XCOVER_TARGET_AVX512)
#define XCOVER_ISA avx512
namespace xcover::detail::avx512 {
using Isa = simd::Avx512;
}
#include "engine/search.hpp"
XCOVER_TARGET_END
#endif
