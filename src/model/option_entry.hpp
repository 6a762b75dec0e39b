// SPDX-License-Identifier: MIT
// One token of an option in the text format, "item" or "item:colour", as an
// entry of a problem: shared by Problem::add_option(tokens) and the .dlx
// reader, which keeps the entries of the tokens it has seen.
#pragma once

#include <string_view>

#include "xcover/problem.hpp"

namespace xcover::detail {

// The entry `token` stands for, its colour added to `problem` when new.
// Throws ProblemError for an unknown item, a colour on a primary item or an
// empty colour.
OptionEntry option_entry(Problem& problem, std::string_view token);

}  // namespace xcover::detail
