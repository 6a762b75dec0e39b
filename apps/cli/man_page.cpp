// SPDX-License-Identifier: MIT
// `xcover --man`: the manual page xcover(1) in roff, made from the same text
// as --help (the usage and every command's own --help), so the two cannot
// drift apart. The build writes it to xcover.1 and installs it.
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "cli.hpp"
#include "commands/commands.hpp"
#include "xcover/version.hpp"

namespace xcover::cli {

namespace {

// Text for roff: backslashes and hyphens escaped, and a line that starts with
// '.' or '\'' kept from being read as a request.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
    line_start = c == '\n';
  }
  return out;
}

// What a command prints for --help.
std::string help_of(const Command& command) {
  std::ostringstream text;
  std::streambuf* const saved = std::cout.rdbuf(text.rdbuf());
  try {
    (void)command.run({"--help"});
  } catch (...) {
    std::cout.rdbuf(saved);
    throw;
  }
  std::cout.rdbuf(saved);
  return text.str();
}

}  // namespace

void print_man_page(std::ostream& out, const std::string& usage) {
  out << ".TH XCOVER 1 \"\" \"xcover " << version_string << "\" \"User Commands\"\n"
      << ".SH NAME\nxcover \\- solve exact cover problems, Sudoku and other puzzles\n"
      << ".SH SYNOPSIS\n.B xcover\n.I COMMAND\n[\\fIoptions\\fR]\n"
      << ".SH DESCRIPTION\n"
      << "Knuth's Algorithm X with dancing links, generalised to secondary items, colours,\n"
         "multiplicities and costs, on problems in his text format or built by the puzzle\n"
         "commands. Results go to standard output; statistics, progress and errors to\n"
         "standard error.\n"
      << ".PP\n.nf\n"
      << roff(usage) << ".fi\n"
      << ".SH COMMANDS\n";
  for (const Command& command : commands()) {
    out << ".SS " << command.name << "\n"
        << roff(command.summary) << ".\n.PP\n.nf\n"
        << roff(help_of(command)) << ".fi\n";
  }
  out << ".SH ENVIRONMENT\n"
      << ".TP\n.B XCOVER_KERNELS\nThe kernel set to run (baseline, avx2, avx512, avx512icl) "
         "instead of the best this processor runs.\n"
      << ".TP\n.B NO_COLOR\nWhen set and not empty, \\-\\-color auto never colours.\n"
      << ".SH SEE ALSO\nThe manual in the source tree's docs/ (built by doxygen docs/Doxyfile),\n"
         "and Donald E. Knuth, \\fIThe Art of Computer Programming\\fR, Volume 4B.\n";
}

}  // namespace xcover::cli
