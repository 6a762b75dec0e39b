// Runs the built `xcover` binary as a user would, for the CLI tests.
#pragma once

#include <string>

namespace xcover::test {

struct CommandResult {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs `xcover ARGS` through the shell with `input` on standard input. ARGS
// is shell text, so quote file names that need it.
CommandResult run_cli(const std::string& args, const std::string& input = "");

// Runs a shell script in which "$XCOVER" is the built binary, capturing the
// output of the whole script.
CommandResult run_script(const std::string& script, const std::string& input = "");

// A file under tests/data.
std::string data_file(const std::string& name);

// Writes `text` to a fresh temporary file and returns its path.
std::string temp_file(const std::string& text, const std::string& suffix = ".txt");

}  // namespace xcover::test
