// SPDX-License-Identifier: MIT
#include "cli_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

namespace xcover::test {

namespace {

// Every temporary file made here: removed when the test program ends, with
// what a checkpoint written there may leave beside it (most tests remove
// theirs sooner; this catches the rest, also after a failed check).
class TemporaryFiles {
 public:
  void add(const std::string& path) {
    std::lock_guard lock(mutex_);
    paths_.push_back(path);
  }
  ~TemporaryFiles() {
    for (const std::string& path : paths_) {
      std::remove(path.c_str());
      std::remove((path + ".tmp").c_str());
    }
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> paths_;
};

TemporaryFiles& temporary_files() {
  static TemporaryFiles files;
  return files;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::vector<std::string>> blocks_of(const std::string& text) {
  std::vector<std::vector<std::string>> blocks(1);
  for (const std::string& line : lines_of(text)) {
    if (line.empty()) {
      blocks.emplace_back();
    } else {
      blocks.back().push_back(line);
    }
  }
  return blocks;
}

std::vector<std::string> puzzle_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::string temp_file(const std::string& text, const std::string& suffix) {
  std::string pattern = "/tmp/xcover_test_XXXXXX" + suffix;
  const int fd = mkstemps(pattern.data(), static_cast<int>(suffix.size()));
  if (fd < 0) throw std::runtime_error("cannot create a temporary file");
  close(fd);
  temporary_files().add(pattern);
  std::ofstream(pattern, std::ios::binary) << text;
  return pattern;
}

std::string forced_chain(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text.append(i ? " i" : "i").append(std::to_string(i));
  text += '\n';
  for (int i = 0; i < n; ++i) text.append("i").append(std::to_string(i)) += '\n';
  return text;
}

std::string data_file(const std::string& name) {
  return std::string(XCOVER_TEST_DATA) + "/" + name;
}

CommandResult run_script(const std::string& script, const std::string& input) {
  const std::string in = temp_file(input);
  const std::string out = temp_file("");
  const std::string err = temp_file("");
  setenv("XCOVER", XCOVER_CLI, 1);
  // handled PID [MASK]: waits until the process catches the signals of
  // MASK (SigCgt's bits; SIGINT's, 2, unless told), so that a signal sent
  // after it is not lost to a slow start (a background process of a script
  // starts with SIGINT ignored, until the program installs its handler; a
  // sanitizer or a loaded machine can take a second to get there, and the
  // handlers of SIGTERM and SIGHUP come after SIGINT's).
  const std::string handled =
      "handled() { k=$(( ${2:-2} )); while [ -r /proc/$1/status ]; do "
      "m=$(sed -n 's/^SigCgt:[[:space:]]*//p' /proc/$1/status); "
      "[ $(( 0x${m:-0} & k )) -eq $k ] && return 0; sleep 0.01; done; }\n";
  const std::string command = "{ " + handled + script + "\n} < " + in + " > " + out + " 2> " + err;
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = read_all(out);
  result.err = read_all(err);
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return result;
}

CommandResult run_cli(const std::string& args, const std::string& input) {
  return run_script("\"$XCOVER\" " + args, input);
}

}  // namespace xcover::test
