// SPDX-License-Identifier: MIT
// The message of the xcover::Error a call throws, for the tests that check
// what an error says.
#pragma once

#include <string>

#include "xcover/error.hpp"

// The message of the xcover::Error that `f` throws ("no error" if none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const xcover::Error& e) {
    return e.what();
  }
  return "no error";
}
