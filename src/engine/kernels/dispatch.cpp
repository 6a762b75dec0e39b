// SPDX-License-Identifier: MIT
// Which kernel set a solver takes: the best the processor runs (asked of
// the processor with CPUID, and of the operating system, which must save
// the vector registers), or the one XCOVER_KERNELS names.
#include <cstdlib>
#include <string>

#include "engine/engine.hpp"
#include "engine/simd/isa.hpp"

#if XCOVER_X86_64
#include <cpuid.h>
// glibc 2.33 and later tell what it found when the process started. (Its
// header is C that GCC takes in C++ and Clang does not: '_Bool'. Clang
// builds ask CPUID.)
#if defined(__has_include) && !defined(__clang__)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define XCOVER_GLIBC_CPU_FEATURES 1
#endif
#endif
#endif
#ifndef XCOVER_GLIBC_CPU_FEATURES
#define XCOVER_GLIBC_CPU_FEATURES 0
#endif

namespace xcover {

namespace detail {

#if XCOVER_X86_64
namespace {
bool has(unsigned reg, int bit) { return (reg >> bit & 1) != 0; }
}  // namespace

Kernels kernels_by_cpuid() {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return Kernels::baseline;
  const unsigned leaf1_c = c;
  // The operating system saves the AVX registers (and, for AVX-512, the
  // mask and upper registers) only if XCR0 says so.
  if (!has(leaf1_c, 27)) return Kernels::baseline;  // OSXSAVE
  unsigned xcr0_low, xcr0_high;
  __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return Kernels::baseline;
  const unsigned leaf7_b = b, leaf7_c = c;
  unsigned ext_c = 0;
  if (__get_cpuid(0x80000001u, &a, &b, &c, &d)) ext_c = c;

  const bool avx2 = (xcr0_low & 0x6) == 0x6 && has(leaf1_c, 12) /* FMA */ &&
                    has(leaf1_c, 22) /* MOVBE */ && has(leaf1_c, 23) /* POPCNT */ &&
                    has(leaf1_c, 28) /* AVX */ && has(leaf1_c, 29) /* F16C */ &&
                    has(leaf7_b, 3) /* BMI1 */ && has(leaf7_b, 5) /* AVX2 */ &&
                    has(leaf7_b, 8) /* BMI2 */ && has(ext_c, 5) /* LZCNT */;
  if (!avx2) return Kernels::baseline;
  const bool avx512 = (xcr0_low & 0xe6) == 0xe6 && has(leaf7_b, 16) /* F */ &&
                      has(leaf7_b, 17) /* DQ */ && has(leaf7_b, 28) /* CD */ &&
                      has(leaf7_b, 30) /* BW */ && has(leaf7_b, 31) /* VL */;
  if (!avx512) return Kernels::avx2;
  const bool icl =
      has(leaf7_c, 1) /* VBMI */ && has(leaf7_c, 6) /* VBMI2 */ && has(leaf7_c, 14) /* VPOPCNTDQ */;
  return icl ? Kernels::avx512icl : Kernels::avx512;
}

Kernels kernels_by_glibc() {
#if XCOVER_GLIBC_CPU_FEATURES
  // The same tests on glibc's "active" bits, set where the processor has
  // the feature and the operating system saves its registers.
  const bool avx2 =
      CPU_FEATURE_ACTIVE(FMA) && CPU_FEATURE_ACTIVE(MOVBE) && CPU_FEATURE_ACTIVE(POPCNT) &&
      CPU_FEATURE_ACTIVE(AVX) && CPU_FEATURE_ACTIVE(F16C) && CPU_FEATURE_ACTIVE(BMI1) &&
      CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(BMI2) && CPU_FEATURE_ACTIVE(LZCNT);
  if (!avx2) return Kernels::baseline;
  const bool avx512 = CPU_FEATURE_ACTIVE(AVX512F) && CPU_FEATURE_ACTIVE(AVX512DQ) &&
                      CPU_FEATURE_ACTIVE(AVX512CD) && CPU_FEATURE_ACTIVE(AVX512BW) &&
                      CPU_FEATURE_ACTIVE(AVX512VL);
  if (!avx512) return Kernels::avx2;
  const bool icl = CPU_FEATURE_ACTIVE(AVX512_VBMI) && CPU_FEATURE_ACTIVE(AVX512_VBMI2) &&
                   CPU_FEATURE_ACTIVE(AVX512_VPOPCNTDQ);
  return icl ? Kernels::avx512icl : Kernels::avx512;
#else
  return kernels_by_cpuid();
#endif
}
#else
Kernels kernels_by_cpuid() { return Kernels::baseline; }
Kernels kernels_by_glibc() { return Kernels::baseline; }
#endif

}  // namespace detail

namespace {

constexpr Kernels kAll[] = {Kernels::baseline, Kernels::avx2, Kernels::avx512, Kernels::avx512icl};

// The sets this build compiled (CMake's XCOVER_KERNEL_SETS; all by default).
#ifndef XCOVER_BUILT_AVX2
#define XCOVER_BUILT_AVX2 1
#endif
#ifndef XCOVER_BUILT_AVX512
#define XCOVER_BUILT_AVX512 1
#endif
#ifndef XCOVER_BUILT_AVX512ICL
#define XCOVER_BUILT_AVX512ICL 1
#endif

bool built(Kernels kernels) {
  switch (kernels) {
    case Kernels::avx2:
      return XCOVER_X86_64 && XCOVER_BUILT_AVX2;
    case Kernels::avx512:
      return XCOVER_X86_64 && XCOVER_BUILT_AVX512;
    case Kernels::avx512icl:
      return XCOVER_X86_64 && XCOVER_BUILT_AVX512ICL;
    default:
      return true;
  }
}

// The sets that pass `test`, as a list for a message.
template <class Test>
std::string sets_where(Test test) {
  std::string list;
  for (const Kernels k : kAll) {
    if (!test(k)) continue;
    list += list.empty() ? "" : ", ";
    list += to_string(k);
  }
  return list;
}

}  // namespace

const char* to_string(Kernels kernels) {
  switch (kernels) {
    case Kernels::automatic:
      return "automatic";
    case Kernels::baseline:
      return "baseline";
    case Kernels::avx2:
      return "avx2";
    case Kernels::avx512:
      return "avx512";
    case Kernels::avx512icl:
      return "avx512icl";
  }
  return "unknown";
}

namespace {

// The best set the processor runs, whether built or not. From glibc's
// record: under a hypervisor each CPUID instruction traps to it (3.5 us
// apiece on the development machine; the six of kernels_by_cpuid() were 2%
// of a run on a tiny problem), and glibc asked them all at start-up.
Kernels processor_best() {
  static const Kernels best = detail::kernels_by_glibc();
  return best;
}

// Each set runs wherever a later one does.
bool runs(Kernels kernels) {
  if (!XCOVER_X86_64) return kernels == Kernels::baseline;
  return static_cast<int>(kernels) <= static_cast<int>(processor_best());
}

}  // namespace

Kernels best_kernels() {
  static const Kernels best = [] {
    Kernels found = Kernels::baseline;
    for (const Kernels k : kAll)
      if (built(k) && runs(k)) found = k;
    return found;
  }();
  return best;
}

bool supports(Kernels kernels) {
  return kernels == Kernels::automatic || (built(kernels) && runs(kernels));
}

Kernels default_kernels() {
  const char* forced = std::getenv("XCOVER_KERNELS");
  if (forced == nullptr || *forced == '\0') return best_kernels();
  for (const Kernels k : kAll) {
    if (std::string(forced) != to_string(k)) continue;
    if (!runs(k))
      throw ConfigurationError(
          "XCOVER_KERNELS", forced,
          "this processor cannot run these kernels (the sets it runs: " + sets_where(runs) + ")");
    if (!built(k))
      throw ConfigurationError("XCOVER_KERNELS", forced,
                               "this build has not compiled these kernels (XCOVER_KERNEL_SETS; "
                               "the sets it has: " +
                                   sets_where(built) + ")");
    return k;
  }
  throw ConfigurationError("XCOVER_KERNELS", forced,
                           "not a kernel set (baseline, avx2, avx512 or avx512icl)");
}

namespace detail {

std::unique_ptr<Engine> make_engine(const Problem& problem, Layout layout, Kernels kernels,
                                    bool costs) {
  if (!runs(kernels))
    throw ProblemError(
        std::string("kernels ") + to_string(kernels) +
        ": this processor cannot run them (the best it runs: " + to_string(processor_best()) + ")");
  if (!built(kernels))
    throw ProblemError(std::string("kernels ") + to_string(kernels) +
                       ": this build has not compiled them (XCOVER_KERNEL_SETS; the best it "
                       "has here: " +
                       to_string(best_kernels()) + ")");
  const LayoutPlan plan = costs ? costs_plan(problem) : plan_layout(problem, layout);
#if XCOVER_X86_64
  switch (kernels) {
#if XCOVER_BUILT_AVX512ICL
    case Kernels::avx512icl:
      return avx512icl::make_engine(problem, plan);
#endif
#if XCOVER_BUILT_AVX512
    case Kernels::avx512:
      return avx512::make_engine(problem, plan);
#endif
#if XCOVER_BUILT_AVX2
    case Kernels::avx2:
      return avx2::make_engine(problem, plan);
#endif
    default:
      break;
  }
#endif
  return baseline::make_engine(problem, plan);
}

}  // namespace detail

}  // namespace xcover
