// SPDX-License-Identifier: MIT
// The instruction sets the engine is compiled for (Kernels), and the one
// this processor runs.
#pragma once

#include "xcover/export.hpp"

namespace xcover {

// The instruction sets the engine is compiled for. One build holds them all
// and each solver picks, when it is built, the best its processor runs, so
// the library runs at full speed wherever it is installed. Answers, counts
// and statistics are the same with every set.
enum class Kernels {
  automatic,  // default_kernels()
  baseline,   // any x86-64 processor (SSE2), or any other processor
  avx2,       // x86-64-v3: AVX2, BMI1/2, POPCNT (Haswell, Zen and later)
  avx512,     // x86-64-v4: AVX-512 F/BW/CD/DQ/VL (Skylake-X and later)
  avx512icl,  // x86-64-v4 with VBMI2 and VPOPCNTDQ (Ice Lake, Zen 4 and later)
};

// The set's name: "baseline", "avx2", "avx512", "avx512icl" or "automatic".
XCOVER_API const char* to_string(Kernels kernels);

// The best set this processor runs, of those the library was built with
// (all of them, unless CMake's XCOVER_KERNEL_SETS left some out).
XCOVER_API Kernels best_kernels();
// Whether this processor runs `kernels` and the library has them.
XCOVER_API bool supports(Kernels kernels);
// The set new solvers take: the environment variable XCOVER_KERNELS when
// it names one (baseline, avx2, avx512, avx512icl; to test or compare a
// lower set), else best_kernels(). Throws ConfigurationError (error.hpp)
// when XCOVER_KERNELS names no set, one this processor does not run, or one
// the build left out.
XCOVER_API Kernels default_kernels();

// A problem ready to search: the structure of its layout built once, then

}  // namespace xcover
