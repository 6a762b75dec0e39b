// SPDX-License-Identifier: MIT
#include "xcover/dlx_format.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <istream>
#include <memory>
#include <ostream>
#include <sstream>

#include "model/option_entry.hpp"
#include "model/quote.hpp"
#include "xcover/text.hpp"

namespace xcover {

ParseError::ParseError(std::string source, std::size_t line, std::string reason)
    : Error(source + ":" + std::to_string(line) + ": " + reason),
      source_(std::move(source)),
      line_(line),
      reason_(std::move(reason)) {}

std::string Warning::to_string() const {
  return source + ":" + std::to_string(line) + ": warning: " + message;
}

namespace {

// What each byte is to the reader: part of a token, a blank between tokens
// (is_blank()), or a control character, which means the input is not text.
enum ByteClass : unsigned char { kToken, kBlank, kControl };

constexpr std::array<ByteClass, 256> make_byte_classes() {
  std::array<ByteClass, 256> classes{};
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    classes[static_cast<std::size_t>(b)] = is_blank(c)             ? kBlank
                                           : b < 0x20 || b == 0x7f ? kControl
                                                                   : kToken;
  }
  return classes;
}
constexpr std::array<ByteClass, 256> kByteClasses = make_byte_classes();

ByteClass byte_class(char c) { return kByteClasses[static_cast<unsigned char>(c)]; }

// Control characters other than white space mean the input is not text.
void check_characters(std::string_view line, const std::string& source, std::size_t number) {
  for (char c : line) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && !is_blank(c)) || byte == 0x7f) {
      static const char* hex = "0123456789abcdef";
      throw ParseError(source, number,
                       std::string("control character 0x") + hex[byte >> 4] + hex[byte & 15] +
                           " in the input (is it a text file?)");
    }
  }
}

class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  void line(std::string_view text, std::size_t number) {
    if (number == 1) text = without_byte_order_mark(text);
    // One pass over the bytes: the whitespace-separated tokens, and a
    // control character refused wherever it is (in a comment too).
    tokens_.clear();
    const char* const bytes = text.data();
    const std::size_t size = text.size();
    for (std::size_t k = 0; k < size; ++k) {
      ByteClass c = byte_class(bytes[k]);
      if (c == kToken) {
        const std::size_t begin = k;
        do ++k;
        while (k < size && (c = byte_class(bytes[k])) == kToken);
        tokens_.emplace_back(bytes + begin, k - begin);
        if (k == size) break;
      }
      if (c == kControl) check_characters(text, source_, number);  // (throws)
    }
    if (!text.empty() && text.front() == '|') return;  // a comment
    if (tokens_.empty()) return;
    if (!have_items_) {
      items_line(tokens_, number);
    } else {
      option_line(tokens_, number);
    }
  }

  // Once `read` bytes of an input of `total` bytes have become lines: room
  // for the options the rest will add, at the rate seen so far, so that the
  // entries are not copied as they grow (over half the reading of a big
  // file, in page faults and copies).
  void expect(std::size_t read, std::size_t total) {
    Problem& problem = result_.problem;
    if (read == 0 || total <= read || problem.option_count() < 16) return;
    const double scale = 1.05 * static_cast<double>(total) / static_cast<double>(read);
    const double options = scale * problem.option_count();
    const double entries = scale * static_cast<double>(problem.entry_count());
    if (entries > double{INT32_MAX}) return;  // the problem would refuse it anyway
    problem.reserve_options(static_cast<std::size_t>(options), static_cast<std::size_t>(entries));
  }

  ReadResult finish(std::size_t lines) {
    if (!have_items_) {
      if (lines == 0) throw ParseError(source_, 1, "empty input: no items line");
      throw ParseError(source_, lines,
                       "no items line: the input has only comments and blank lines");
    }
    return std::move(result_);
  }

 private:
  void items_line(const std::vector<std::string_view>& tokens, std::size_t number) {
    bool secondary = false;
    for (std::string_view token : tokens) {
      if (token == "|") {
        if (secondary) throw ParseError(source_, number, "second '|' in the items line");
        secondary = true;
        continue;
      }
      try {
        const std::size_t bar = token.find('|');
        if (bar == std::string_view::npos || bar == 0) {  // ("|x": a name with '|')
          result_.problem.add_item(std::string(token),
                                   secondary ? ItemKind::secondary : ItemKind::primary);
        } else if (secondary) {
          throw ParseError(source_, number,
                           "secondary item " + quoted(token.substr(bar + 1)) +
                               " cannot have bounds (" + quoted(token) +
                               "): only primary items have multiplicities");
        } else {
          bounded_item(token, bar, number);
        }
      } catch (const ProblemError& e) {
        throw ParseError(source_, number, e.what());
      }
    }
    if (result_.problem.item_count() == 0)
      throw ParseError(source_, number, "the items line names no items");
    have_items_ = true;
  }

  // "upper|name" or "lower:upper|name", as in Knuth's DLX3.
  void bounded_item(std::string_view token, std::size_t bar, std::size_t number) {
    const std::string_view spec = token.substr(0, bar), name = token.substr(bar + 1);
    if (name.empty())
      throw ParseError(source_, number, "item name empty after the bounds in " + quoted(token));
    const std::size_t colon = spec.find(':');
    const int upper =
        bound(spec.substr(colon == std::string_view::npos ? 0 : colon + 1), token, number);
    const int lower =
        colon == std::string_view::npos ? upper : bound(spec.substr(0, colon), token, number);
    if (upper == 0) throw ParseError(source_, number, "Upper bound is zero in " + quoted(token));
    if (lower > upper)
      throw ParseError(source_, number, "Lower bound exceeds upper bound in " + quoted(token));
    result_.problem.add_primary(std::string(name), lower, upper);
  }

  int bound(std::string_view digits, std::string_view token, std::size_t number) const {
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
      throw ParseError(source_, number,
                       "bad bound " + quoted(digits) + " in " + quoted(token) +
                           " (bounds are written lower:upper|name or upper|name, in decimal)");
    long long value = 0;
    for (char c : digits) {
      value = 10 * value + (c - '0');
      if (value > INT_MAX) throw ParseError(source_, number, "bound too large in " + quoted(token));
    }
    return static_cast<int>(value);
  }

  // A cost token "|n" (Knuth's DLX5): n in decimal, added to `cost`.
  void add_cost(std::string_view token, std::uint64_t& cost, std::size_t number) {
    const std::string_view digits = token.substr(1);
    if (digits.empty() || digits[0] < '0' || digits[0] > '9')
      throw ParseError(source_, number,
                       "option cost " + quoted(token) + " should be '|' and a decimal number");
    std::uint64_t n = 0;
    for (char c : digits) {
      if (c < '0' || c > '9')
        throw ParseError(
            source_, number,
            "illegal digit '" + std::string(1, c) + "' in option cost " + quoted(token));
      const auto d = static_cast<std::uint64_t>(c - '0');
      if (n > (UINT64_MAX - d) / 10)
        throw ParseError(
            source_, number,
            "option cost " + quoted(token) + " is more than " + std::to_string(UINT64_MAX));
      n = 10 * n + d;
    }
    if (n > UINT64_MAX - cost)
      throw ParseError(source_, number,
                       "the option's costs add up to more than " + std::to_string(UINT64_MAX));
    cost += n;
  }

  void option_line(const std::vector<std::string_view>& all_tokens, std::size_t number) {
    Problem& problem = result_.problem;
    // Cost tokens may follow any item (the line's first token is an item:
    // a line starting with '|' is a comment); several add up.
    std::uint64_t cost = 0;
    std::vector<std::string_view>& tokens = item_tokens_;
    tokens.clear();
    for (std::string_view token : all_tokens) {
      if (token.front() == '|') {
        add_cost(token, cost, number);
      } else {
        tokens.push_back(token);
      }
    }
    // Most tokens were seen before ("r1", "11:a"): their entries are kept.
    // The others are checked and looked up as Problem::add_option(tokens)
    // would, in the same order, so the first error is the same one.
    entries_.resize(tokens.size());
    missed_.clear();
    for (std::size_t k = 0; k < tokens.size(); ++k) {
      if (!known_.find(tokens[k], entries_[k])) missed_.push_back(k);
    }
    try {
      if (!missed_.empty()) {
        for (const std::size_t k : missed_) {
          const std::string_view token = tokens[k];
          const std::size_t colon = token.find(':');
          if (colon == std::string_view::npos) continue;
          const std::string_view color = token.substr(colon + 1);
          const std::size_t bad = color.find_first_of(":|");
          if (bad != std::string_view::npos)
            throw ParseError(source_, number,
                             "colour " + quoted(color) + " contains '" + color[bad] + "'");
        }
        for (const std::size_t k : missed_) {
          entries_[k] = detail::option_entry(problem, tokens[k]);
          known_.insert(tokens[k], entries_[k]);
        }
      }
      const int index = problem.add_option(std::span<const OptionEntry>(entries_));
      const bool has_primary = std::any_of(entries_.begin(), entries_.end(), [&](OptionEntry e) {
        return problem.is_primary(e.item);
      });
      if (!has_primary) {
        result_.warnings.push_back(
            {source_, number,
             "option ignored, it has no primary item: " + problem.option_text(index)});
        // Such an option can never be chosen; Knuth's programs drop it with
        // a warning, and so do we.
        problem.remove_last_option();
        return;
      }
      if (cost != 0) problem.set_option_cost(index, cost);
      result_.option_lines.push_back(number);
    } catch (const ProblemError& e) {
      throw ParseError(source_, number, e.what());
    }
  }

  // The entries of the short tokens (8 bytes at most) met so far, by the
  // token's bytes as one word: an open-addressing table.
  class KnownTokens {
   public:
    bool find(std::string_view token, OptionEntry& entry) const {
      std::uint64_t key = 0;
      if (slots_.empty() || !key_of(token, key)) return false;
      for (std::size_t k = slot(key);; k = (k + 1) & (slots_.size() - 1)) {
        if (slots_[k].key == key) {
          entry = slots_[k].entry;
          return true;
        }
        if (slots_[k].key == 0) return false;
      }
    }
    void insert(std::string_view token, OptionEntry entry) {
      std::uint64_t key = 0;
      if (!key_of(token, key)) return;
      if (2 * (count_ + 1) > slots_.size()) grow();
      std::size_t k = slot(key);
      while (slots_[k].key != 0 && slots_[k].key != key) k = (k + 1) & (slots_.size() - 1);
      if (slots_[k].key == 0) ++count_;
      slots_[k] = {key, entry};
    }

   private:
    struct Slot {
      std::uint64_t key = 0;  // 0: empty (a token is never empty and has no NUL)
      OptionEntry entry{0, 0};
    };
    static bool key_of(std::string_view token, std::uint64_t& key) {
      if (token.size() > 8) return false;
      for (const char c : token) key = key << 8 | static_cast<unsigned char>(c);
      return true;
    }
    std::size_t slot(std::uint64_t key) const {
      return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & (slots_.size() - 1);
    }
    void grow() {
      std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
      old.swap(slots_);
      count_ = 0;
      for (const Slot& s : old) {
        if (s.key == 0) continue;
        std::size_t k = slot(s.key);
        while (slots_[k].key != 0) k = (k + 1) & (slots_.size() - 1);
        slots_[k] = s;
        ++count_;
      }
    }
    std::vector<Slot> slots_;
    std::size_t count_ = 0;
  };

  const std::string& source_;
  ReadResult result_;
  bool have_items_ = false;
  // A line's tokens, and an option line's without its costs (kept from line
  // to line, so that a line allocates nothing).
  std::vector<std::string_view> tokens_, item_tokens_;
  std::vector<OptionEntry> entries_;
  std::vector<std::size_t> missed_;  // tokens not in known_, by their place in the line
  KnownTokens known_;
};

}  // namespace

namespace {

// Where the line at the start of `text` ends ("\n", "\r\n" or "\r", as
// read_line() reads them): npos when no line end is there.
std::size_t line_end(std::string_view text) {
  const void* newline = std::memchr(text.data(), '\n', text.size());
  const std::size_t n =
      newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - text.data())
              : text.size();
  const void* cr = std::memchr(text.data(), '\r', n);
  if (cr) return static_cast<std::size_t>(static_cast<const char*>(cr) - text.data());
  return newline ? n : std::string_view::npos;
}

// Hands the whole lines of `text` to the reader and returns what follows the
// last of them. With `more`, a "\r" at the very end waits: a "\n" may follow.
std::string_view split_lines(std::string_view text, Reader& reader, std::size_t& number,
                             bool more) {
  while (!text.empty()) {
    const std::size_t end = line_end(text);
    if (end == std::string_view::npos) break;
    if (more && text[end] == '\r' && end + 1 == text.size()) break;
    reader.line(text.substr(0, end), ++number);
    const bool crlf = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n';
    text.remove_prefix(end + (crlf ? 2 : 1));
  }
  return text;
}

// The bytes from the stream's position to its end, or 0 when it cannot
// seek (a pipe, a terminal). The position is left where it was.
std::size_t remaining_bytes(std::istream& in) {
  std::streambuf& buffer = *in.rdbuf();
  const std::streampos here = buffer.pubseekoff(0, std::ios::cur, std::ios::in);
  if (here == std::streampos(-1)) return 0;
  const std::streampos end = buffer.pubseekoff(0, std::ios::end, std::ios::in);
  if (buffer.pubseekpos(here, std::ios::in) != here || end == std::streampos(-1) || end < here)
    return 0;
  return static_cast<std::size_t>(end - here);
}

}  // namespace

ReadResult read_dlx(std::istream& in, const std::string& source) {
  Reader reader(source);
  std::size_t number = 0;
  // In blocks, not a character at a time: the lines of each block, and the
  // start of a line it cuts waits for the next. The buffer is not zeroed
  // first: a small input touches only the memory it fills (a 64 KiB memset
  // was a tenth of a tiny problem's run).
  constexpr std::size_t kBlock = std::size_t{1} << 16;
  std::unique_ptr<char[]> buffer;
  std::size_t capacity = 0;
  std::size_t kept = 0;                     // buffer[0, kept): the start of a line a block cut
  const std::istream::sentry ok(in, true);  // skips no whitespace
  bool more = static_cast<bool>(ok);
  const std::size_t total = more ? remaining_bytes(in) : 0;  // 0: not known (a pipe)
  std::size_t read = 0;
  while (more) {
    if (capacity - kept < kBlock) {  // a line longer than a block: room for more
      const std::size_t grown = std::max(2 * capacity, kept + kBlock);
      std::unique_ptr<char[]> larger(new char[grown]);
      if (kept) std::memcpy(larger.get(), buffer.get(), kept);
      buffer = std::move(larger);
      capacity = grown;
    }
    std::streamsize got = 0;
    try {
      got = in.rdbuf()->sgetn(buffer.get() + kept, static_cast<std::streamsize>(kBlock));
    } catch (...) {
      in.setstate(std::ios::badbit);  // a read error (the file buffer throws)
      throw ParseError(source, number, "read error");
    }
    const std::size_t size = kept + static_cast<std::size_t>(std::max<std::streamsize>(got, 0));
    more = got > 0;
    const std::string_view rest =
        split_lines(std::string_view(buffer.get(), size), reader, number, more);
    if (read == 0 && total != 0) reader.expect(size - rest.size(), total);
    read += static_cast<std::size_t>(std::max<std::streamsize>(got, 0));
    kept = rest.size();
    if (kept) std::memmove(buffer.get(), rest.data(), kept);
  }
  if (kept) reader.line(std::string_view(buffer.get(), kept), ++number);
  in.setstate(std::ios::eofbit);
  return reader.finish(number);
}

ReadResult parse_dlx(std::string_view text, const std::string& source) {
  Reader reader(source);
  std::size_t number = 0;
  // The first block's lines, then room for the rest at their rate.
  const std::string_view head = text.substr(0, std::size_t{1} << 16);
  const std::string_view tail = text.substr(head.size());
  std::string_view rest = split_lines(head, reader, number, !tail.empty());
  reader.expect(head.size() - rest.size(), text.size());
  rest = split_lines(text.substr(head.size() - rest.size()), reader, number, false);
  if (!rest.empty()) reader.line(rest, ++number);
  return reader.finish(number);
}

void write_dlx(std::ostream& out, const Problem& problem) {
  if (problem.item_count() == 0) throw ProblemError("a problem without items has no text form");
  std::string line;
  // The reader skips a byte-order mark at the start of the input: a first
  // name that begins with one keeps it behind a blank.
  if (problem.item_name(0).starts_with("\xEF\xBB\xBF")) line = " ";
  for (int i = 0; i < problem.item_count(); ++i) {
    // With no primary items the line starts " |", which is not a comment.
    if (i == problem.primary_count()) line += " |";
    if (!line.empty() && line != " ") line += ' ';
    if (problem.is_primary(i)) {
      const ItemBounds b = problem.item_bounds(i);
      if (b.lower != b.upper) line += std::to_string(b.lower) + ":";
      if (b != ItemBounds{}) line += std::to_string(b.upper) + "|";
    }
    line += problem.item_name(i);
  }
  out << line << '\n';
  for (int k = 0; k < problem.option_count(); ++k) {
    out << problem.option_text(k);
    if (const std::uint64_t cost = problem.option_cost(k); cost != 0) out << " |" << cost;
    out << '\n';
  }
}

std::string to_dlx(const Problem& problem) {
  std::ostringstream out;
  write_dlx(out, problem);
  return out.str();
}

}  // namespace xcover
