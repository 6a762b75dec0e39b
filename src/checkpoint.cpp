// The checkpoint file: a small line-oriented text file, written atomically.
//
//   xcover checkpoint 1
//   fingerprint 9ae1c3f04b2d7e11
//   solutions 1234          (found in the finished part)
//   nodes 567890
//   updates 12345678
//   seconds 12.5
//   done 0.25               (part of the tree finished, estimated)
//   pending 2               (then one line a piece: weight, count, options)
//   0.125 3 4 17 20
//   0.125 1 5
//   end
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"

namespace xcover {

namespace {

std::string number(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

class CheckpointReader {
 public:
  CheckpointReader(std::istream& in, const std::string& path) : in_(in), path_(path) {}

  std::istringstream line() {
    std::string text;
    if (!std::getline(in_, text)) fail("the file ends early");
    ++line_number_;
    return std::istringstream(text);
  }

  template <typename T>
  T field(const char* name) {
    std::istringstream words = line();
    std::string key;
    T value{};
    if (!(words >> key) || key != name) fail(std::string("expected '") + name + "'");
    if (!(words >> value)) fail(std::string("'") + name + "' has no valid value");
    return value;
  }

  [[noreturn]] void fail(const std::string& reason) const {
    throw ParseError(path_, line_number_ ? line_number_ : 1, "not a valid checkpoint: " + reason);
  }

 private:
  std::istream& in_;
  const std::string& path_;
  std::size_t line_number_ = 0;
};

}  // namespace

void write_checkpoint(const std::string& path, const Checkpoint& c) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write '" + temporary + "': " + std::strerror(errno));
    char hex[20];
    std::snprintf(hex, sizeof hex, "%016" PRIx64, c.fingerprint);
    out << "xcover checkpoint 1\n"
        << "fingerprint " << hex << '\n'
        << "solutions " << c.solutions << '\n'
        << "nodes " << c.nodes << '\n'
        << "updates " << c.updates << '\n'
        << "seconds " << number(c.seconds) << '\n'
        << "done " << number(c.done) << '\n'
        << "pending " << c.pending.size() << '\n';
    for (const WorkPiece& piece : c.pending) {
      out << number(piece.weight) << ' ' << piece.forced.size();
      for (int option : piece.forced) out << ' ' << option;
      out << '\n';
    }
    out << "end\n";
    out.flush();
    if (!out) throw std::runtime_error("cannot write '" + temporary + "'");
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot rename '" + temporary + "' to '" + path +
                             "': " + std::strerror(errno));
}

Checkpoint read_checkpoint(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError(path, 0, "cannot open the checkpoint");
  CheckpointReader reader(in, path);
  Checkpoint c;
  {
    std::istringstream words = reader.line();
    std::string a, b;
    int version = 0;
    if (!(words >> a >> b >> version) || a != "xcover" || b != "checkpoint")
      reader.fail("the first line is not 'xcover checkpoint 1'");
    if (version != 1) reader.fail("unknown version " + std::to_string(version));
  }
  const std::string hex = reader.field<std::string>("fingerprint");
  char* end = nullptr;
  c.fingerprint = std::strtoull(hex.c_str(), &end, 16);
  if (hex.empty() || *end != '\0') reader.fail("the fingerprint is not hexadecimal");
  c.solutions = reader.field<std::uint64_t>("solutions");
  c.nodes = reader.field<std::uint64_t>("nodes");
  c.updates = reader.field<std::uint64_t>("updates");
  c.seconds = reader.field<double>("seconds");
  c.done = reader.field<double>("done");
  const auto pending = reader.field<std::size_t>("pending");
  for (std::size_t k = 0; k < pending; ++k) {
    std::istringstream words = reader.line();
    WorkPiece piece;
    std::size_t count = 0;
    if (!(words >> piece.weight >> count)) reader.fail("a piece needs a weight and a count");
    piece.forced.resize(count);
    for (int& option : piece.forced) {
      if (!(words >> option) || option < 0) reader.fail("a piece has a bad option index");
    }
    std::string extra;
    if (words >> extra) reader.fail("a piece has more options than its count");
    c.pending.push_back(std::move(piece));
  }
  std::istringstream last = reader.line();
  std::string word;
  if (!(last >> word) || word != "end") reader.fail("expected 'end' (was the file cut short?)");
  return c;
}

}  // namespace xcover
