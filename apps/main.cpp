// SPDX-License-Identifier: MIT
// xcover: one command-line tool, a subcommand for each front end.
#include <cerrno>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/version.hpp"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: xcover COMMAND [options]\n\nCommands:\n";
  for (const xcover::cli::Command& c : xcover::cli::commands()) {
    out << "  " << c.name;
    for (std::size_t k = std::char_traits<char>::length(c.name); k < 12; ++k) out << ' ';
    out << c.summary << '\n';
  }
  out << "\n'xcover COMMAND --help' describes a command's options.\n"
         "Exit status: 0 success, 1 bad input, 2 usage (or a bad XCOVER_KERNELS), 3 a limit\n"
         "stopped the search, 130 interrupted by a signal (Ctrl-C, SIGTERM or SIGHUP).\n"
         "'xcover --man' prints the manual page, xcover(1), in roff.\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace xcover::cli;
  install_output_buffer();
  keep_freed_memory();
  // Ctrl-C, SIGTERM or SIGHUP lets a search stop cleanly and report what it has done so far.
  install_interrupt_handler();
  if (argc < 2) {
    print_usage(std::cerr);
    return exit_usage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return exit_success;
  }
  if (name == "--version") {
    std::cout << version_line() << '\n';
    return exit_success;
  }
  if (name == "--man") {  // the manual page, xcover(1), in roff
    std::ostringstream usage;
    print_usage(usage);
    print_man_page(std::cout, usage.str());
    return exit_success;
  }
  for (const Command& c : commands()) {
    if (name != c.name) continue;
    const std::vector<std::string> args(argv + 2, argv + argc);
    try {
      const int code = c.run(args);
      // Results that could not be written are not a success (a closed pipe
      // has ended the process quietly by SIGPIPE before this).
      std::cout.flush();
      if (!std::cout) {
        // A reader that went away (EPIPE, SIGPIPE ignored) needs no message.
        const int error = output_error();
        if (error != EPIPE)
          std::cerr << "xcover: cannot write the output: "
                    << std::strerror(error != 0 ? error : EIO) << '\n';
        return exit_bad_input;
      }
      return code;
    } catch (const UsageError& e) {
      std::cerr << "xcover " << name << ": " << e.what() << "\nTry 'xcover " << name
                << " --help'.\n";
      return exit_usage;
    } catch (const InputError& e) {
      end_progress();
      std::cerr << e.what() << '\n';
      return exit_bad_input;
    } catch (const xcover::ParseError& e) {
      end_progress();
      std::cerr << e.what() << '\n';
      return exit_bad_input;
    } catch (const std::bad_alloc&) {
      end_progress();
      std::cerr << "xcover: out of memory (raise --memory-limit, or use a bigger machine)\n";
      return exit_limit;
    } catch (const std::system_error& e) {
      end_progress();
      // Under --memory-limit a thread's stack may not fit: that is the
      // limit stopping the search too.
      if (memory_limited() && e.code() == std::errc::resource_unavailable_try_again) {
        std::cerr << "xcover: out of memory: cannot start a thread within --memory-limit "
                     "(raise it, or use fewer --threads)\n";
        return exit_limit;
      }
      std::cerr << "xcover: " << e.what() << '\n';
      return exit_bad_input;
    } catch (const xcover::ConfigurationError& e) {
      // The environment misused, as an option would be: "XCOVER_KERNELS=...: reason".
      end_progress();
      std::cerr << "xcover: " << e.what() << '\n';
      return exit_usage;
    } catch (const std::exception& e) {
      end_progress();
      std::cerr << "xcover: " << e.what() << '\n';
      return exit_bad_input;
    }
  }
  std::cerr << "xcover: unknown command '" << name << "'\n";
  print_usage(std::cerr);
  return exit_usage;
}
