// SPDX-License-Identifier: MIT
// The engine compiled for AVX-512 processors with VBMI2 and VPOPCNTDQ.
#include "engine/kernels/prelude.hpp"

#if XCOVER_X86_64
XCOVER_TARGET_BEGIN(XCOVER_TARGET_AVX512ICL)
#define XCOVER_ISA avx512icl
namespace xcover::detail::avx512icl {
using Isa = simd::Avx512Icl;
}
#include "engine/search.hpp"
XCOVER_TARGET_END
#endif
