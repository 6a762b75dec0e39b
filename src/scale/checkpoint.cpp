// SPDX-License-Identifier: MIT
// The checkpoint file: a small line-oriented text file, written atomically.
//
//   xcover checkpoint 2
//   fingerprint 9ae1c3f04b2d7e11
//   solutions 1234          (found in the finished part)
//   nodes 567890
//   updates 12345678
//   seconds 12.5
//   done 0.25               (part of the tree finished, estimated)
//   pending 2               (then one line a piece: weight, count, options)
//   0.125 3 4 17 20
//   0.125 2 5 ~4            (~k: option k left out, with multiplicities)
//   end
//   checksum 5f0e3a9b12c4d677  (FNV-1a over every byte above this line)
//
// A count can run for days, so a damaged file must never resume to a wrong
// total: the checksum is checked first, every number is checked against the
// bytes that are left (no allocation beyond the file's size), and the
// finished part plus the pending pieces must make up the whole tree.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <sstream>
#include <string_view>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/parallel.hpp"

namespace xcover {

namespace {

std::string number(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string hex64(std::uint64_t value) {
  char buffer[20];
  std::snprintf(buffer, sizeof buffer, "%016" PRIx64, value);
  return buffer;
}

// Reads the text of a checkpoint line by line; every failure names the line.
class CheckpointReader {
 public:
  CheckpointReader(std::string_view text, const std::string& path) : rest_(text), path_(path) {}

  // The next line's words.
  std::vector<std::string_view> line() {
    if (rest_.empty()) fail("the file ends early (was it cut short?)");
    const std::size_t end = rest_.find('\n');
    if (end == std::string_view::npos) fail("the last line has no line end (was it cut short?)");
    std::string_view text = rest_.substr(0, end);
    rest_.remove_prefix(end + 1);
    ++line_number_;
    std::vector<std::string_view> words;
    while (!text.empty()) {
      const std::size_t space = text.find(' ');
      if (space != 0) words.push_back(text.substr(0, space));
      if (space == std::string_view::npos) break;
      text.remove_prefix(space + 1);
    }
    return words;
  }
  std::size_t bytes_left() const { return rest_.size(); }
  bool at_end() const { return rest_.empty(); }

  std::uint64_t whole(std::string_view word, const char* what) const {
    std::uint64_t value = 0;
    if (word.empty() || word.size() > 20) fail(std::string(what) + " is not a number");
    for (char c : word) {
      if (c < '0' || c > '9') fail(std::string(what) + " is not a whole number");
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (value > (UINT64_MAX - digit) / 10) fail(std::string(what) + " is too large");
      value = value * 10 + digit;
    }
    return value;
  }
  // A count: up to 128 bits.
  Count count(std::string_view word, const char* what) const {
    if (word.empty()) fail(std::string(what) + " is not a number");
    for (char c : word)
      if (c < '0' || c > '9') fail(std::string(what) + " is not a whole number");
    const std::optional<Count> value = parse_count(word);
    if (!value) fail(std::string(what) + " is too large");
    return *value;
  }
  double real(std::string_view word, const char* what) const {
    const std::string text(word);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0)
      fail(std::string(what) + " is not a number of 0 or more");
    return value;
  }
  // A line `name value`.
  std::string_view field(const char* name) {
    const auto words = line();
    if (words.size() != 2 || words[0] != name) fail(std::string("expected '") + name + " VALUE'");
    return words[1];
  }

  [[noreturn]] void fail(const std::string& reason) const {
    throw ParseError(path_, line_number_ ? line_number_ : 1, "not a valid checkpoint: " + reason);
  }
  [[noreturn]] void fail_at(std::size_t line, const std::string& reason) const {
    throw ParseError(path_, line, "not a valid checkpoint: " + reason);
  }

 private:
  std::string_view rest_;
  const std::string& path_;
  std::size_t line_number_ = 0;
};

}  // namespace

namespace {

// Writes all of `text` to `fd`; false with errno set on failure.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The directory holding `path`, to make the rename itself durable.
std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Where a checkpoint for `path` goes: through symbolic links to the file
// they name (the link stays a link), refusing what is there and is not a
// regular file (a device, a pipe, a directory), which a rename would
// replace.
std::string checkpoint_target(const std::string& path) {
  std::string target = path;
  for (int hops = 0;; ++hops) {
    struct stat status {};
    if (::lstat(target.c_str(), &status) != 0) {
      if (errno == ENOENT) return target;  // a new file
      throw FileError(path, std::strerror(errno));
    }
    if (S_ISREG(status.st_mode)) return target;
    if (!S_ISLNK(status.st_mode))
      throw FileError(path, "not a regular file: a checkpoint would replace it");
    if (hops == 40) throw FileError(path, std::strerror(ELOOP));
    std::string link(static_cast<std::size_t>(status.st_size > 0 ? status.st_size : 4096), '\0');
    const ssize_t n = ::readlink(target.c_str(), link.data(), link.size());
    if (n < 0) throw FileError(path, std::strerror(errno));
    link.resize(static_cast<std::size_t>(n));
    // A relative link is relative to the directory holding it.
    target = link.starts_with('/') || target.find('/') == std::string::npos
                 ? link
                 : directory_of(target) + '/' + link;
  }
}

}  // namespace

void check_checkpoint_path(const std::string& path) {
  const std::string target = checkpoint_target(path);
  // What write_checkpoint will do first: create the temporary beside it.
  const std::string temporary = target + ".tmp";
  // (One left by an earlier run that was killed is opened, not replaced:
  // write_checkpoint replaces it.)
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  const bool created = fd >= 0;
  if (!created && errno == EEXIST)
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw FileError(path, std::strerror(errno));
  ::close(fd);
  if (created) ::unlink(temporary.c_str());
}

std::string checkpoint_text(const Checkpoint& c) {
  std::ostringstream out;
  out << "xcover checkpoint 2\n"
      << "fingerprint " << hex64(c.fingerprint) << '\n'
      << "solutions " << c.solutions << '\n'
      << "nodes " << c.nodes << '\n'
      << "updates " << c.updates << '\n'
      << "seconds " << number(c.seconds) << '\n'
      << "done " << number(c.done) << '\n'
      << "pending " << c.pending.size() << '\n';
  for (const WorkPiece& piece : c.pending) {
    out << number(piece.weight) << ' ' << piece.forced.size();
    for (int option : piece.forced) {
      if (option < 0) {
        out << " ~" << ~option;
      } else {
        out << ' ' << option;
      }
    }
    out << '\n';
  }
  out << "end\n";
  std::string text = std::move(out).str();
  text += "checksum " + hex64(fnv1a(text)) + "\n";
  return text;
}

void write_checkpoint(const std::string& written, const Checkpoint& c) {
  const std::string text = checkpoint_text(c);
  const std::string path = checkpoint_target(written);

  // Written to a temporary beside it, flushed to the disk, then renamed over
  // it: a crash at any moment leaves the old checkpoint or the new one whole.
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw FileError(temporary, std::strerror(errno));
  if (!write_all(fd, text) || ::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(temporary.c_str());
    throw FileError(temporary, std::strerror(error));
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw FileError(temporary, std::strerror(error));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw FileError(
        path, std::string("cannot rename '") + temporary + "' over it: " + std::strerror(error));
  }
  // The rename is durable once the directory is; a failure here loses nothing
  // that was not already at risk, so it is not reported.
  const int directory = ::open(directory_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory >= 0) {
    ::fsync(directory);
    ::close(directory);
  }
}

Checkpoint read_checkpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, "cannot open the checkpoint");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw ParseError(path, 0, "cannot read the checkpoint");
  return parse_checkpoint(text, path);
}

Checkpoint parse_checkpoint(std::string_view text, const std::string& path) {
  std::string_view body = text;

  // The checksum first: nothing of a changed file is believed.
  {
    CheckpointReader first(body, path);
    const auto words = first.line();
    if (words.size() != 3 || words[0] != "xcover" || words[1] != "checkpoint")
      first.fail("the first line is not 'xcover checkpoint 2'");
    if (words[2] == "1")
      first.fail(
          "a version 1 checkpoint (xcover 0.1) has no checksum to prove it undamaged; "
          "start the count again");
    if (words[2] != "2")
      first.fail("unknown version '" + std::string(words[2]) + "' (this xcover reads version 2)");
  }
  {
    const std::size_t last =
        text.size() >= 2 ? text.rfind('\n', text.size() - 2) : std::string_view::npos;
    const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    const std::string_view tail =
        last == std::string_view::npos ? std::string_view() : text.substr(last + 1);
    constexpr std::string_view key = "checksum ";
    if (tail.size() != key.size() + 17 || tail.substr(0, key.size()) != key || tail.back() != '\n')
      throw ParseError(path, lines ? lines : 1,
                       "not a valid checkpoint: the last line is not 'checksum HEX' (was the "
                       "file cut short?)");
    body = text.substr(0, last + 1);
    if (tail.substr(key.size(), 16) != hex64(fnv1a(body)))
      throw ParseError(path, lines,
                       "not a valid checkpoint: the checksum does not match (the file was "
                       "changed or damaged)");
  }

  CheckpointReader reader(body, path);
  static_cast<void>(reader.line());  // the first line, read above
  Checkpoint c;
  const std::string_view hex = reader.field("fingerprint");
  if (hex.empty() || hex.size() > 16 ||
      hex.find_first_not_of("0123456789abcdef") != std::string_view::npos)
    reader.fail("the fingerprint is not hexadecimal (16 digits at most)");
  c.fingerprint = std::strtoull(std::string(hex).c_str(), nullptr, 16);
  c.solutions = reader.count(reader.field("solutions"), "'solutions'");
  c.nodes = reader.count(reader.field("nodes"), "'nodes'");
  c.updates = reader.count(reader.field("updates"), "'updates'");
  c.seconds = reader.real(reader.field("seconds"), "'seconds'");
  c.done = reader.real(reader.field("done"), "'done'");
  // (Sums of weights may pass 1 by a rounding.)
  if (c.done > 1 + 1e-6) reader.fail("'done' is more than 1");
  const std::uint64_t pending = reader.whole(reader.field("pending"), "'pending'");
  // Each piece takes a line of at least four bytes ("W 0\n").
  if (pending > reader.bytes_left() / 4) reader.fail("'pending' is more than the file holds");
  c.pending.reserve(static_cast<std::size_t>(pending));
  double weights = 0;
  for (std::uint64_t k = 0; k < pending; ++k) {
    const auto words = reader.line();
    if (words.size() < 2) reader.fail("a piece needs a weight and a count");
    WorkPiece piece;
    piece.weight = reader.real(words[0], "a piece's weight");
    if (piece.weight <= 0 || piece.weight > 1 + 1e-6)
      reader.fail("a piece's weight is not in (0, 1]");
    const std::uint64_t count = reader.whole(words[1], "a piece's count");
    if (count != words.size() - 2)
      reader.fail("a piece's count says " + std::to_string(count) + " options, the line has " +
                  std::to_string(words.size() - 2));
    piece.forced.reserve(static_cast<std::size_t>(count));
    for (std::size_t w = 2; w < words.size(); ++w) {
      // (~k: Algorithm M's piece leaves option k out.)
      std::string_view word = words[w];
      const bool left_out = word.size() > 1 && word.front() == '~';
      if (left_out) word.remove_prefix(1);
      const std::uint64_t option = reader.whole(word, "an option index");
      if (option > static_cast<std::uint64_t>(INT32_MAX))
        reader.fail("an option index is too large");
      piece.forced.push_back(left_out ? ~static_cast<int>(option) : static_cast<int>(option));
    }
    weights += piece.weight;
    c.pending.push_back(std::move(piece));
  }
  const auto last = reader.line();
  if (last.size() != 1 || last[0] != "end") reader.fail("expected 'end' (was the file cut short?)");
  if (!reader.at_end()) {
    static_cast<void>(reader.line());
    reader.fail("there is more after 'end'");
  }
  // The finished part and the pending pieces are the whole tree (up to the
  // rounding of the weights' sums).
  if (std::abs(c.done + weights - 1) > 1e-6)
    reader.fail_at(8, "the part done (" + number(c.done) + ") and the pending pieces (" +
                          number(weights) + ") do not add up to the whole search");
  return c;
}

namespace {

// What a piece of a checkpoint holds: its forced options' entries, by item,
// and the options it leaves out (~k), sorted.
struct PieceEntries {
  struct Entry {
    int item, option, color;
    bool operator<(const Entry& other) const { return item < other.item; }
  };
  std::vector<Entry> entries;
  std::vector<int> left_out;
};

PieceEntries entries_of(const Problem& problem, const WorkPiece& piece) {
  PieceEntries made;
  for (const int entry : piece.forced) {
    const int option = entry < 0 ? ~entry : entry;
    if (option >= problem.option_count() || (entry < 0 && !problem.has_multiplicities()))
      throw CheckpointError("the checkpoint names option " +
                            (entry < 0 ? "~" + std::to_string(option) : std::to_string(option)) +
                            ", which the problem does not have");
    if (entry < 0) {
      made.left_out.push_back(option);
      continue;
    }
    for (const OptionEntry& e : problem.option(option))
      made.entries.push_back(PieceEntries::Entry{e.item, option, e.color});
  }
  std::sort(made.entries.begin(), made.entries.end());
  std::sort(made.left_out.begin(), made.left_out.end());
  return made;
}

// Whether the forced entries of one item, x's and y's together, cannot all
// be in a solution: more options than a primary item's upper bound, or
// colours that disagree on a secondary one. (x and y: ranges of one item.)
bool item_clashes(const Problem& problem, std::span<const PieceEntries::Entry> x,
                  std::span<const PieceEntries::Entry> y) {
  const int item = x.empty() ? y.front().item : x.front().item;
  if (problem.is_primary(item)) {
    // (A few entries an item: counted without allocating, since every pair
    // of pieces is compared.)
    const auto option = [&](std::size_t k) {
      return k < x.size() ? x[k].option : y[k - x.size()].option;
    };
    long distinct = 0;
    for (std::size_t k = 0; k < x.size() + y.size(); ++k) {
      std::size_t before = 0;
      while (before < k && option(before) != option(k)) ++before;
      if (before == k) ++distinct;
    }
    return distinct > problem.item_bounds(item).upper;
  }
  auto clash = [](const PieceEntries::Entry& a, const PieceEntries::Entry& b) {
    return a.option != b.option && (a.color == 0 || a.color != b.color);
  };
  for (std::size_t p = 0; p < x.size(); ++p) {
    for (std::size_t q = 0; q < y.size(); ++q)
      if (clash(x[p], y[q])) return true;
    for (std::size_t q = p + 1; q < x.size(); ++q)
      if (clash(x[p], x[q])) return true;
  }
  for (std::size_t p = 0; p < y.size(); ++p)
    for (std::size_t q = p + 1; q < y.size(); ++q)
      if (clash(y[p], y[q])) return true;
  return false;
}

// The end of the run of entries of one item from `at`.
std::size_t item_end(const std::vector<PieceEntries::Entry>& entries, std::size_t at) {
  std::size_t end = at;
  while (end < entries.size() && entries[end].item == entries[at].item) ++end;
  return end;
}

// Whether a forced option of one is left out by the other.
bool forced_left_out(const PieceEntries& a, const PieceEntries& b) {
  for (const auto& e : a.entries)
    if (std::binary_search(b.left_out.begin(), b.left_out.end(), e.option)) return true;
  return false;
}

// Whether no solution can be in both pieces (the entries of each one item
// clash, or one leaves out what the other forces).
bool apart(const Problem& problem, const PieceEntries& a, const PieceEntries& b) {
  if (forced_left_out(a, b) || forced_left_out(b, a)) return true;
  const auto& x = a.entries;
  const auto& y = b.entries;
  for (std::size_t i = 0, j = 0; i < x.size() && j < y.size();) {
    if (x[i].item < y[j].item) {
      ++i;
    } else if (y[j].item < x[i].item) {
      ++j;
    } else {
      const std::size_t i_end = item_end(x, i), j_end = item_end(y, j);
      if (item_clashes(problem, std::span(x).subspan(i, i_end - i),
                       std::span(y).subspan(j, j_end - j)))
        return true;
      i = i_end;
      j = j_end;
    }
  }
  return false;
}

}  // namespace

void check_checkpoint(const Problem& problem, const Checkpoint& checkpoint) {
  if (checkpoint.fingerprint != fingerprint(problem))
    throw CheckpointError("the checkpoint was written for a different problem");
  // Each piece: options the problem has, that can stand together.
  std::vector<PieceEntries> pieces;
  pieces.reserve(checkpoint.pending.size());
  for (const WorkPiece& piece : checkpoint.pending) {
    PieceEntries made = entries_of(problem, piece);
    const auto& x = made.entries;
    for (std::size_t i = 0; i < x.size();) {
      const std::size_t end = item_end(x, i);
      if (item_clashes(problem, std::span(x).subspan(i, end - i), {})) {
        std::string names;
        for (std::size_t e = i; e < end; ++e) {
          if (e > i) names += e + 1 == end ? " and " : ", ";
          names += std::to_string(x[e].option);
        }
        throw CheckpointError("a piece of the checkpoint forces options " + names +
                              ", which exclude each other");
      }
      i = end;
    }
    if (forced_left_out(made, made))
      throw CheckpointError("a piece of the checkpoint forces an option it leaves out");
    pieces.push_back(std::move(made));
  }
  // Pieces must not overlap: each pair must disagree somewhere, or the
  // solutions they share would be counted twice.
  for (std::size_t a = 0; a < pieces.size(); ++a) {
    for (std::size_t b = a + 1; b < pieces.size(); ++b) {
      if (!apart(problem, pieces[a], pieces[b]))
        throw CheckpointError("pieces " + std::to_string(a + 1) + " and " + std::to_string(b + 1) +
                              " of the checkpoint overlap (their solutions would count twice)");
    }
  }
}

}  // namespace xcover
