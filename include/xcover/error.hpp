// SPDX-License-Identifier: MIT
// The base of every error the library throws: catch xcover::Error to handle
// them all. Each derived type says what went wrong in a message a user can
// act on (what() is complete; nothing needs to be added to it):
//
//   ProblemError     (problem.hpp)     a call that would make an invalid problem,
//                                      or an index the problem does not have
//   ParseError       (dlx_format.hpp)  malformed input: "FILE:LINE: reason"
//   CheckpointError  (parallel.hpp)    a checkpoint resumed with a problem it
//                                      was not written for (a damaged checkpoint
//                                      file is a ParseError: "FILE:LINE: reason")
//   FileError        (error.hpp)       a file that cannot be written
//   ConfigurationError (error.hpp)     an environment variable the library reads
//                                      (XCOVER_KERNELS) set to a value it cannot follow
//   CountOverflow    (error.hpp)       a count of solutions past 2^128 - 1, which
//                                      no Count holds
//   Error itself                       options that do not go together, a negative
//                                      Count
//   SudokuError      (puzzles/sudoku.hpp)
//                                      a malformed puzzle or grid
//
// Out of memory stays std::bad_alloc, wherever it happens.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "xcover/export.hpp"

namespace xcover {

class XCOVER_API Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file the library was asked to write (a checkpoint) that cannot be
// written: what() names the file and the reason.
class XCOVER_API FileError : public Error {
 public:
  // what() is "cannot write 'PATH': REASON".
  FileError(std::string path, const std::string& reason)
      : Error("cannot write '" + path + "': " + reason), path_(std::move(path)) {}
  const std::string& path() const { return path_; }  // the file

 private:
  std::string path_;
};

// An environment variable the library reads (XCOVER_KERNELS, see
// default_kernels() in solver.hpp) set to a value it cannot follow: what()
// is "VARIABLE=VALUE: reason", naming the values it takes.
class XCOVER_API ConfigurationError : public Error {
 public:
  // what() is "VARIABLE=VALUE: REASON".
  ConfigurationError(std::string variable, std::string value, const std::string& reason)
      : Error(variable + "=" + value + ": " + reason),
        variable_(std::move(variable)),
        value_(std::move(value)) {}
  const std::string& variable() const { return variable_; }  // its name
  const std::string& value() const { return value_; }        // the value refused

 private:
  std::string variable_;
  std::string value_;
};

// A count of solutions that would pass 2^128 - 1 (Count::max()): the count
// stops rather than wrap around to a wrong number. Only memoised counts
// (Counting::memo) get that far: visiting solutions one at a time, 2^128 of
// them would take longer than the universe has existed.
class XCOVER_API CountOverflow : public Error {
 public:
  using Error::Error;
};

}  // namespace xcover
