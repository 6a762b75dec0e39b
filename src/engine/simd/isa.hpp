// SPDX-License-Identifier: MIT
// The kernel sets: what a processor can run, as compile-time traits that the
// engine's code tests with `if constexpr`, and the target regions that let
// one build compile the engine once per set (see src/engine/kernels/).
//
// Each kernel translation unit includes every standard and project header
// first, then opens a target region and includes the engine inside a
// namespace of its own (xcover::detail::<set>). Only the engine's own code
// is compiled for the set's instructions: a standard-library template used
// by several sets keeps the baseline code, so the linker can never hand a
// baseline caller a copy built for newer instructions.
#pragma once

#if defined(__x86_64__) || defined(_M_X64)
#define XCOVER_X86_64 1
#else
#define XCOVER_X86_64 0
#endif
// WebAssembly with its 128-bit SIMD (the web build, -msimd128): the
// baseline set's vectors are WebAssembly's, in the shape of SSE2's.
#if defined(__wasm_simd128__)
#define XCOVER_WASM_SIMD 1
#else
#define XCOVER_WASM_SIMD 0
#endif
// 64-bit Arm, where NEON is part of every processor: the baseline set's
// vectors are NEON's, 128 bits as SSE2's. (XCOVER_NO_NEON builds the
// scalar loops instead, to compare the two: bench/neon_instructions.sh.)
#if (defined(__aarch64__) || defined(_M_ARM64)) && defined(__ARM_NEON) && !defined(XCOVER_NO_NEON)
#define XCOVER_NEON 1
#else
#define XCOVER_NEON 0
#endif
// WebAssembly's and NEON's 128-bit operations, one set of names (v128.hpp).
#define XCOVER_V128 (XCOVER_WASM_SIMD || XCOVER_NEON)
#ifndef XCOVER_NO_SIMD
#define XCOVER_NO_SIMD 0
#endif

namespace xcover::simd {

// Bytes in the vectors the kernels work with; 0: no vector code (scalar
// loops, for processors other than x86-64, 64-bit Arm and WebAssembly with
// SIMD).
struct Baseline {
  static constexpr const char* name = "baseline";
  // SSE2 is part of x86-64; WebAssembly SIMD and NEON have 128-bit vectors
  // too. XCOVER_NO_SIMD: none, the scalar loops of the processors without
  // them (RISC-V, POWER, ...), which a build on x86-64 can so test.
  static constexpr int vector_bytes = (XCOVER_X86_64 || XCOVER_V128) && !XCOVER_NO_SIMD ? 16 : 0;
  static constexpr bool popcnt = XCOVER_V128;  // (both count bits in an instruction or two)
  static constexpr bool avx512 = false;        // F, BW, CD, DQ, VL
  static constexpr bool compress = false;      // AVX-512 VBMI2: compress 16-bit lanes
  static constexpr bool vpopcnt = false;       // AVX-512 VPOPCNTDQ
  // Item lengths of small problems kept in vector registers while options
  // come off them (simd/wide.hpp's subtract_lengths), rather than
  // decremented in memory.
  static constexpr bool lengths_in_registers = false;
};
struct Avx2 {  // x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT, FMA, MOVBE
  static constexpr const char* name = "avx2";
  static constexpr int vector_bytes = 32;
  static constexpr bool popcnt = true;
  static constexpr bool avx512 = false;
  static constexpr bool compress = false;
  static constexpr bool vpopcnt = false;
  static constexpr bool lengths_in_registers = true;
};
struct Avx512 {  // x86-64-v4 (Skylake-X and later)
  static constexpr const char* name = "avx512";
  static constexpr int vector_bytes = 64;
  static constexpr bool popcnt = true;
  static constexpr bool avx512 = true;
  static constexpr bool compress = false;
  static constexpr bool vpopcnt = false;
  static constexpr bool lengths_in_registers = true;
};
struct Avx512Icl {  // x86-64-v4 with VBMI2 and VPOPCNTDQ (Ice Lake, Zen 4 and later)
  static constexpr const char* name = "avx512icl";
  static constexpr int vector_bytes = 64;
  static constexpr bool popcnt = true;
  static constexpr bool avx512 = true;
  static constexpr bool compress = true;
  static constexpr bool vpopcnt = true;
  static constexpr bool lengths_in_registers = true;
};

}  // namespace xcover::simd

// The instructions of each set, as GCC and clang name them in
// target("...") (no arch=: a function of another arch could not be inlined
// into the kernels, and the standard library's are).
#define XCOVER_TARGET_AVX2 "avx,avx2,bmi,bmi2,lzcnt,popcnt,fma,movbe,f16c"
#define XCOVER_TARGET_AVX512 XCOVER_TARGET_AVX2 ",avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
#define XCOVER_TARGET_AVX512ICL XCOVER_TARGET_AVX512 ",avx512vbmi,avx512vbmi2,avx512vpopcntdq"

// XCOVER_TARGET_BEGIN("...") ... XCOVER_TARGET_END: every function defined
// in between is compiled for those instructions.
#define XCOVER_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define XCOVER_TARGET_BEGIN(isa) \
  XCOVER_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define XCOVER_TARGET_END XCOVER_PRAGMA(clang attribute pop)
#else
#define XCOVER_TARGET_BEGIN(isa) XCOVER_PRAGMA(GCC push_options) XCOVER_PRAGMA(GCC target(isa))
#define XCOVER_TARGET_END XCOVER_PRAGMA(GCC pop_options)
#endif
