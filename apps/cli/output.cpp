// SPDX-License-Identifier: MIT
// Standard output: a buffer that keeps the errno of a failed write, and the
// pieces of --format json (strings, the fields that end a search).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>

#include "cli.hpp"

namespace xcover::cli {

namespace {

// Writes with write(2) so that errno is read right where a write fails; a
// stream's own state only says that something failed, some time before.
class OutputBuffer : public std::streambuf {
 public:
  OutputBuffer() { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_.load(); }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }

  std::streamsize xsputn(const char* text, std::streamsize size) override {
    if (size <= epptr() - pptr()) {
      std::memcpy(pptr(), text, static_cast<std::size_t>(size));
      pbump(static_cast<int>(size));
      return size;
    }
    if (!drain() || !write_all(text, size)) return 0;
    return size;
  }

  int sync() override { return drain() ? 0 : -1; }

 private:
  // Writes out what is buffered; false once any write has failed (what
  // failed to go out is dropped: the output is broken anyway).
  bool drain() {
    const bool written = write_all(pbase(), pptr() - pbase());
    setp(buffer_, buffer_ + sizeof buffer_);
    return written;
  }

  bool write_all(const char* text, std::streamsize size) {
    if (error_.load() != 0) return false;
    while (size > 0) {
      const ssize_t written = ::write(STDOUT_FILENO, text, static_cast<std::size_t>(size));
      if (written < 0) {
        if (errno == EINTR) continue;  // Ctrl-C arrived mid-write
        int none = 0;
        error_.compare_exchange_strong(none, errno);
        return false;
      }
      text += written;
      size -= written;
    }
    return true;
  }

  char buffer_[1 << 16];
  std::atomic<int> error_{0};
};

// Never destroyed: std::cout is flushed at exit, after main's locals are gone.
OutputBuffer* output_buffer = nullptr;

}  // namespace

void install_output_buffer() {
  if (output_buffer == nullptr) output_buffer = new OutputBuffer;
  std::cout.rdbuf(output_buffer);
}

int output_error() { return output_buffer != nullptr ? output_buffer->error() : 0; }

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + '"';
}

std::string json_search_end(Status status, const Statistics& stats, unsigned threads) {
  // The Status's own name, as in C++ and Python: solution_limit.
  std::string status_name = to_string(status);
  std::replace(status_name.begin(), status_name.end(), ' ', '_');
  std::ostringstream out;
  out << "\"count\":" << stats.solutions << ",\"status\":" << json_string(status_name)
      << ",\"complete\":" << (status == Status::exhausted ? "true" : "false")
      << ",\"statistics\":{\"nodes\":" << stats.nodes << ",\"updates\":" << stats.updates
      << ",\"solutions\":" << stats.solutions;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", stats.seconds);
  out << ",\"seconds\":" << seconds;
  if (stats.bytes != 0) out << ",\"bytes\":" << stats.bytes;
  if (stats.layout != Layout::automatic)
    out << ",\"layout\":" << json_string(layout_name(stats.layout));
  out << ",\"threads\":" << threads << ",\"kernels\":" << json_string(kernels_in_use()) << "}";
  return out.str();
}

}  // namespace xcover::cli
