// SPDX-License-Identifier: MIT
// Ctrl-C, SIGTERM and SIGHUP: a flag the engine polls.
#include <csignal>

#include "cli.hpp"

namespace xcover::cli {

std::atomic<bool>& interrupted() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {
extern "C" void on_interrupt(int) { interrupted().store(true); }
}  // namespace

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  // A second signal kills the process the usual way.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  // kill and job schedulers send SIGTERM, a closed terminal SIGHUP: the same
  // clean stop (and final checkpoint) as Ctrl-C. One ignored from the start,
  // as nohup leaves SIGHUP, stays ignored.
  for (int signal : {SIGTERM, SIGHUP}) {
    struct sigaction previous {};
    if (sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

}  // namespace xcover::cli
