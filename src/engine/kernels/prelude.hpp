// SPDX-License-Identifier: MIT
// What every kernel translation unit includes before its target region:
// every standard and project header the engine uses, so that none of them
// is compiled for the region's instructions (see simd/isa.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <climits>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/engine.hpp"
#include "engine/layouts/bitsets/tables.hpp"
#include "engine/simd/isa.hpp"
#include "engine/steps.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

#if XCOVER_X86_64
#include <immintrin.h>
#endif
#if XCOVER_WASM_SIMD
#include <wasm_simd128.h>
#endif
#if XCOVER_NEON
#include <arm_neon.h>
#endif
