// SPDX-License-Identifier: MIT
#include "input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cli.hpp"

namespace xcover::cli {

namespace {

using Clock = std::chrono::steady_clock;

const Clock::time_point command_start = Clock::now();  // the program's start
double command_time_limit = 0;

}  // namespace

void set_command_time_limit(double seconds) { command_time_limit = seconds; }

double command_seconds() {
  return std::chrono::duration<double>(Clock::now() - command_start).count();
}

bool past_command_time_limit() {
  return command_time_limit > 0 && command_seconds() >= command_time_limit;
}

double command_time_left() {
  if (command_time_limit <= 0) return 0;
  return std::max(command_time_limit - command_seconds(), 1e-9);
}

// Reads the descriptor in chunks; before each read, and every 100 ms while
// none is ready, it looks whether it must stop.
class Input::Buffer : public std::streambuf {
 public:
  // The buffer is not zeroed: a small input touches only what it fills.
  Buffer(int fd, bool owned) : fd_(fd), owned_(owned), data_(new char[kSize]) {}
  ~Buffer() override {
    if (owned_) ::close(fd_);
  }
  Stop stopped() const { return stopped_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (at_end_) {  // showmanyc() met the end
      at_end_ = false;
      return traits_type::eof();
    }
    for (;;) {
      if (interrupted().load()) return stop(Stop::interrupted);
      if (past_command_time_limit()) return stop(Stop::time_limit);
      pollfd ready{fd_, POLLIN, 0};
      const int polled = poll(&ready, 1, 100);
      if (polled < 0 && errno != EINTR && errno != EAGAIN) fail();
      if (polled <= 0) continue;
      const ssize_t n = ::read(fd_, data_.get(), kSize);
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        fail();
      }
      if (n == 0) return traits_type::eof();
      setg(data_.get(), data_.get(), data_.get() + n);
      return traits_type::to_int_type(*gptr());
    }
  }

  // (Called when the buffer is empty.) What can be read without waiting,
  // read into the buffer; 0 when reading would wait, -1 at the end.
  std::streamsize showmanyc() override {
    pollfd ready{fd_, POLLIN, 0};
    if (poll(&ready, 1, 0) <= 0) return 0;
    const ssize_t n = ::read(fd_, data_.get(), kSize);
    if (n < 0) return 0;  // underflow() meets the error again and says so
    if (n == 0) {
      at_end_ = true;
      return -1;
    }
    setg(data_.get(), data_.get(), data_.get() + n);
    return n;
  }

  // Seeking, for a regular file only (a reader asks how much is left): the
  // buffer is dropped and the next read starts at the new place.
  pos_type seekoff(off_type offset, std::ios::seekdir way, std::ios::openmode) override {
    struct stat status {};
    if (fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode)) return pos_type(off_type(-1));
    off_type base = 0;
    if (way == std::ios::cur) {
      const off_t here = lseek(fd_, 0, SEEK_CUR);
      if (here < 0) return pos_type(off_type(-1));
      base = here - (egptr() - gptr());  // (the buffer's unread bytes)
    } else if (way == std::ios::end) {
      base = status.st_size;
    }
    const off_type target = base + offset;
    if (target < 0 || lseek(fd_, target, SEEK_SET) < 0) return pos_type(off_type(-1));
    setg(data_.get(), data_.get(), data_.get());
    at_end_ = false;
    return pos_type(target);
  }
  pos_type seekpos(pos_type position, std::ios::openmode which) override {
    return seekoff(off_type(position), std::ios::beg, which);
  }

 private:
  int_type stop(Stop why) {
    stopped_ = why;
    return traits_type::eof();
  }
  // The stream catches this and turns bad: a read error.
  [[noreturn]] void fail() { throw std::runtime_error(std::strerror(errno)); }

  int fd_;
  bool owned_;
  static constexpr std::size_t kSize = std::size_t{1} << 16;
  std::unique_ptr<char[]> data_;
  Stop stopped_ = Stop::none;
  bool at_end_ = false;
};

namespace {

int open_file(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path + ": " + std::strerror(errno));
  // A directory opens, and then fails at the first read.
  struct stat status {};
  if (fstat(fd, &status) == 0 && S_ISDIR(status.st_mode)) {
    close(fd);
    throw InputError(path + ": " + std::strerror(EISDIR));
  }
  return fd;
}

}  // namespace

Input::Input(const std::string& path)
    : std::istream(nullptr),
      name_(path == "-" ? "<stdin>" : path),
      buffer_(path == "-" ? std::make_unique<Buffer>(STDIN_FILENO, false)
                          : std::make_unique<Buffer>(open_file(path), true)) {
  rdbuf(buffer_.get());
}

Input::~Input() = default;

Input::Stop Input::stopped() const { return buffer_->stopped(); }

int stopped_reading(const Input& input) {
  switch (input.stopped()) {
    case Input::Stop::none:
      return 0;
    case Input::Stop::interrupted:
      std::cerr << "xcover: interrupted while reading " << input.name() << '\n';
      return exit_interrupted;
    case Input::Stop::time_limit:
      std::cerr << "xcover: time limit reached while reading " << input.name() << '\n';
      return exit_limit;
  }
  return 0;
}

}  // namespace xcover::cli
