// SPDX-License-Identifier: MIT
// Fuzzes the checkpoint reader. The invariant that matters for a count that
// ran for days: a checkpoint file is either refused, or it resumes to the
// exact total. The first byte picks the mode:
//   even: the rest is the file itself (anything at all must be refused
//         cleanly or resume without crashing, within the memory limit);
//   odd:  the rest is a list of (offset, byte) edits applied to a genuine
//         checkpoint of 8-queens (the damage a disk or a person does); the
//         result must be refused, or count exactly 92 solutions (unless the
//         edits also rewrote the checksum to match: a forgery).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/queens.hpp"

namespace {

struct Fixture {
  xcover::QueensProblem queens = xcover::make_queens(8);
  std::string genuine;
  Fixture() {
    // The state of a count just started: the first cut, nothing done.
    xcover::Checkpoint start;
    start.fingerprint = xcover::fingerprint(queens.problem);
    start.pending = xcover::cut_into_pieces(queens.problem, 40, &start.done);
    genuine = xcover::checkpoint_text(start);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const Fixture fixture;
  if (size == 0) return 0;
  const bool edits = (data[0] & 1) != 0;
  std::string text;
  if (edits) {
    text = fixture.genuine;
    for (std::size_t k = 1; k + 2 < size; k += 3) {
      const std::size_t at = (static_cast<std::size_t>(data[k]) << 8 | data[k + 1]) % text.size();
      text[at] = static_cast<char>(data[k + 2]);
    }
  } else {
    text.assign(reinterpret_cast<const char *>(data + 1), size - 1);
  }
  xcover::Checkpoint checkpoint;
  try {
    checkpoint = xcover::parse_checkpoint(text, "fuzz");
  } catch (const xcover::ParseError &e) {
    FUZZ_CHECK(std::string_view(e.what()).substr(0, 5) == "fuzz:");
    return 0;
  }
  xcover::ParallelOptions options;
  options.threads = 1;
  xcover::ParallelSearch search(fixture.queens.problem, options);
  try {
    search.resume(checkpoint);
  } catch (const xcover::CheckpointError &) {
    return 0;
  }
  const xcover::Status status = search.run();
  FUZZ_CHECK(status == xcover::Status::exhausted);
  // Edits that also rewrote the checksum to match are a forgery, not damage
  // (the fuzzer can learn the expected digits from the comparison).
  const std::size_t sum = fixture.genuine.rfind("checksum ");
  const bool forged = text.compare(sum, std::string::npos, fixture.genuine, sum) != 0;
  if (edits && !forged) FUZZ_CHECK(search.statistics().solutions == 92);
  return 0;
}
