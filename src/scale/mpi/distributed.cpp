// SPDX-License-Identifier: MIT
// Rank 0 coordinates: it keeps the queue of pieces, answers requests for
// work, asks busy ranks to share when the queue is empty and others wait, and
// sums the results. Messages from one rank arrive in the order sent, so when
// rank 0 sees a rank ask for work, every piece that rank gave away is queued.
// A checkpoint is taken the same way: rank 0 stops handing out pieces, has
// every busy rank (and its own search) give back all its work, and once all
// have asked for more, the queue is exactly the work left.
#include "xcover/distributed.hpp"

#include <boost/mpi.hpp>
#include <boost/serialization/vector.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include "engine/work_sharing.hpp"
#include "scale/piece_options.hpp"
#include "xcover/parallel.hpp"

namespace xcover {

// Pieces travel between ranks through Boost.Serialization.
template <class Archive>
void serialize(Archive& archive, WorkPiece& piece, unsigned) {
  archive& piece.forced& piece.weight;
}

namespace {

namespace mpi = boost::mpi;

enum Tag : int {
  tag_request = 1,  // worker -> 0: a result, and "give me work"
  tag_piece = 2,    // 0 -> worker: a piece to search
  tag_share = 3,    // 0 -> worker: give some of your work back
  tag_split = 4,    // worker -> 0: a piece given back
  tag_stop = 5,     // 0 -> worker: no more work
  tag_yield = 6,    // 0 -> worker: give all your work back (for a checkpoint)
};

struct ResultMessage {
  Count solutions = 0, nodes = 0, updates = 0;
  double done = 0;  // part of the tree finished
  bool cut_short = false;
  template <class Archive>
  void serialize(Archive& archive, unsigned) {
    // Each count as two 64-bit halves (the same code saves and loads).
    for (Count* count : {&solutions, &nodes, &updates}) {
      std::uint64_t high = count->high_half(), low = count->low_half();
      archive& high& low;
      *count = Count::from_halves(high, low);
    }
    archive& done& cut_short;
  }
};

using Clock = std::chrono::steady_clock;

DistributedResult work(mpi::communicator& world, const Problem& problem,
                       const SearchOptions& options) {
  DistributedResult result;
  Solver solver(problem);
  ResultMessage last;
  for (;;) {
    world.send(0, tag_request, last);
    last = ResultMessage{};
    // Wait for a piece. A request to share or yield that crossed the request
    // on the way is stale: this rank has nothing left to give.
    WorkPiece piece;
    for (;;) {
      const mpi::status status = world.probe(0, mpi::any_tag);
      if (status.tag() == tag_stop) {
        world.recv(0, tag_stop);
        return result;
      }
      if (status.tag() == tag_piece) {
        world.recv(0, tag_piece, piece);
        break;
      }
      world.recv(0, status.tag());
    }
    static_cast<void>(solver.assume(piece.forced));  // a conflict leaves nothing to find
    std::atomic<bool> share{false}, yield{false}, halt{false};
    bool told_to_stop = false;
    double given = 0;
    SearchOptions o = detail::piece_options(options);
    o.cancel = &halt;
    detail::WorkSharing sharing;
    sharing.share_request = &share;
    sharing.yield_request = &yield;
    o.progress_nodes = 4096;
    o.on_progress = [&](const Progress&) {
      if (options.cancel && options.cancel->load()) halt = true;
      if (world.iprobe(0, tag_stop)) {
        world.recv(0, tag_stop);
        told_to_stop = true;
        halt = true;
      }
      if (world.iprobe(0, tag_share)) {
        world.recv(0, tag_share);
        share = true;
      }
      if (world.iprobe(0, tag_yield)) {
        world.recv(0, tag_yield);
        yield = true;
      }
    };
    sharing.on_split = [&](std::span<const int> forced, double part) {
      WorkPiece gift{std::vector<int>(forced.begin(), forced.end()), piece.weight * part};
      given += gift.weight;
      world.send(0, tag_split, gift);
    };
    const Status status_of_piece = detail::SharedSearch::run(solver, nullptr, o, sharing);
    solver.clear_assumptions();
    const Statistics& s = solver.statistics();
    last.solutions = s.solutions;
    last.nodes = s.nodes;
    last.updates = s.updates;
    // A piece that yielded is exhausted too: done but for what it gave back.
    last.cut_short = status_of_piece != Status::exhausted;
    last.done = last.cut_short ? 0 : piece.weight - given;
    result.stats.nodes += s.nodes;
    result.stats.updates += s.updates;
    result.stats.solutions += s.solutions;
    if (told_to_stop) {
      result.status = Status::cancelled;
      return result;
    }
  }
}

// Rank 0 searches pieces too, and serves the other ranks between nodes.
class Coordinator {
 public:
  Coordinator(mpi::communicator& world, const Problem& problem, const SearchOptions& options,
              const DistributedOptions& distributed)
      : world_(world),
        problem_(problem),
        options_(options),
        distributed_(distributed),
        workers_(world.size() - 1),
        busy_(world.size(), 0),
        asked_(world.size(), 0) {
    next_checkpoint_ = distributed.checkpoint_seconds;
    if (distributed.resume) {
      Checkpoint from;
      try {
        from = distributed.resume();
        check(from);
      } catch (...) {
        for (int rank = 1; rank <= workers_; ++rank) world_.send(rank, tag_stop);
        throw;
      }
      result_.stats.solutions = from.solutions;
      result_.stats.nodes = from.nodes;
      result_.stats.updates = from.updates;
      earlier_seconds_ = from.seconds;
      done_ = from.done;
      queue_.assign(from.pending.begin(), from.pending.end());
      return;
    }
    const std::vector<WorkPiece> pieces = cut_into_pieces(
        problem, distributed.pieces_per_rank * static_cast<std::size_t>(world.size()), &done_);
    queue_.assign(pieces.begin(), pieces.end());
  }

  DistributedResult run() {
    Solver solver(problem_);
    for (;;) {
      serve();
      if (stopped() && !(checkpoints() && gather())) break;
      if (gathering_) {
        if (running_ == 0) {
          take_checkpoint();
          if (result_.status != Status::exhausted) break;  // the final one
          continue;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(100));
        continue;
      }
      if (due()) {
        gather();
        continue;
      }
      if (!queue_.empty()) {
        WorkPiece piece = std::move(queue_.front());
        queue_.pop_front();
        search_piece(solver, piece);
        continue;
      }
      if (running_ == 0) break;  // nothing queued, nobody busy: done
      ask_for_shares();
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    for (int rank = 1; rank <= workers_; ++rank) world_.send(rank, tag_stop);
    result_.coordinator = true;
    if (result_.status == Status::exhausted && cut_short_) result_.status = Status::cancelled;
    result_.stats.seconds = total_seconds();
    // Without checkpoints a stop drops the busy ranks' work: no state then.
    if (checkpoints() || result_.status == Status::exhausted) result_.checkpoint = state();
    return result_;
  }

 private:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double total_seconds() const { return earlier_seconds_ + seconds(); }
  // With checkpoints on, a stop gathers the work left for a final one.
  bool checkpoints() const {
    return distributed_.checkpoint_seconds > 0 || distributed_.on_checkpoint != nullptr;
  }
  bool due() const { return distributed_.checkpoint_seconds > 0 && seconds() >= next_checkpoint_; }

  void check(const Checkpoint& from) const { check_checkpoint(problem_, from); }

  // Cancellation and the time limit end the count for every rank.
  bool stopped() {
    if (result_.status != Status::exhausted) return true;
    if (options_.cancel && options_.cancel->load()) result_.status = Status::cancelled;
    if (options_.time_limit > 0 && seconds() >= options_.time_limit)
      result_.status = Status::time_limit;
    return result_.status != Status::exhausted;
  }

  // Starts gathering the work for a checkpoint: no more pieces go out, and
  // every busy rank gives back all it has. Returns true while gathering.
  bool gather() {
    if (!gathering_) {
      gathering_ = true;
      for (int rank = 1; rank <= workers_; ++rank)
        if (busy_[rank]) world_.send(rank, tag_yield);
    }
    return true;
  }

  Checkpoint state() const {
    Checkpoint c;
    c.fingerprint = fingerprint(problem_);
    c.solutions = result_.stats.solutions;
    c.nodes = result_.stats.nodes;
    c.updates = result_.stats.updates;
    c.seconds = total_seconds();
    c.done = std::min(done_, 1.0);
    c.pending.assign(queue_.begin(), queue_.end());
    return c;
  }

  void take_checkpoint() {
    gathering_ = false;
    if (distributed_.on_checkpoint) distributed_.on_checkpoint(state());
    next_checkpoint_ = seconds() + distributed_.checkpoint_seconds;
  }

  void search_piece(Solver& solver, const WorkPiece& piece) {
    static_cast<void>(solver.assume(piece.forced));  // a conflict leaves nothing to find
    std::atomic<bool> share{false}, yield{false}, halt{false};
    double given = 0;
    SearchOptions o = detail::piece_options(options_);
    o.cancel = &halt;
    detail::WorkSharing sharing;
    sharing.share_request = &share;
    sharing.yield_request = &yield;
    // Often enough that a rank waiting for a piece waits little: a node
    // of a big problem can take a microsecond or more.
    o.progress_nodes = 256;
    o.on_progress = [&](const Progress&) {
      serve();
      // A checkpoint, or a stop with checkpoints on: give all the rest back.
      if (checkpoints() && (gathering_ || stopped() || due())) {
        yield = true;
        return;
      }
      if (stopped()) halt = true;
      // Others wait and nothing is queued: give some of this piece away.
      if (!idle_.empty() && queue_.empty()) share = true;
    };
    sharing.on_split = [&](std::span<const int> forced, double part) {
      WorkPiece gift{std::vector<int>(forced.begin(), forced.end()), piece.weight * part};
      given += gift.weight;
      queue_.push_back(std::move(gift));
    };
    const Status status = detail::SharedSearch::run(solver, nullptr, o, sharing);
    solver.clear_assumptions();
    const Statistics& s = solver.statistics();
    const bool whole = status == Status::exhausted;
    add({s.solutions, s.nodes, s.updates, whole ? piece.weight - given : 0, !whole});
  }

  void add(const ResultMessage& r) {
    result_.stats.solutions += r.solutions;
    result_.stats.nodes += r.nodes;
    result_.stats.updates += r.updates;
    done_ += r.done;
    cut_short_ = cut_short_ || r.cut_short;
  }

  // Takes every message waiting, then hands queued pieces to idle ranks
  // (unless a checkpoint is being gathered).
  void serve() {
    while (const auto incoming = world_.iprobe(mpi::any_source, mpi::any_tag)) {
      const int from = incoming->source();
      if (incoming->tag() == tag_split) {
        WorkPiece piece;
        world_.recv(from, tag_split, piece);
        queue_.push_back(std::move(piece));
      } else {
        ResultMessage r;
        world_.recv(from, tag_request, r);
        add(r);
        if (busy_[from]) --running_;
        busy_[from] = 0;
        asked_[from] = 0;
        idle_.push_back(from);
      }
    }
    while (!gathering_ && !idle_.empty() && !queue_.empty() &&
           result_.status == Status::exhausted) {
      const int rank = idle_.back();
      idle_.pop_back();
      world_.send(rank, tag_piece, queue_.front());
      queue_.pop_front();
      busy_[rank] = 1;
      ++running_;
    }
    report_progress();
  }

  void ask_for_shares() {
    if (idle_.empty()) return;
    for (int rank = 1; rank <= workers_; ++rank) {
      if (busy_[rank] && !asked_[rank]) {
        world_.send(rank, tag_share);
        asked_[rank] = 1;
      }
    }
  }

  void report_progress() {
    if (!options_.on_progress || options_.progress_seconds <= 0) return;
    const double now = seconds();
    if (now < next_progress_) return;
    next_progress_ = now + options_.progress_seconds;
    Progress p;
    p.nodes = result_.stats.nodes;
    p.updates = result_.stats.updates;
    p.solutions = result_.stats.solutions;
    p.seconds = total_seconds();
    p.fraction_done = std::min(done_, 1.0);
    options_.on_progress(p);
  }

  mpi::communicator& world_;
  const Problem& problem_;
  const SearchOptions& options_;
  const DistributedOptions& distributed_;
  const int workers_;
  const Clock::time_point start_ = Clock::now();
  std::deque<WorkPiece> queue_;
  std::vector<char> busy_, asked_;
  std::vector<int> idle_;
  int running_ = 0;
  double done_ = 0;
  bool cut_short_ = false;
  double next_progress_ = 1;
  bool gathering_ = false;
  double next_checkpoint_ = 0;
  double earlier_seconds_ = 0;  // from the checkpoint resumed
  DistributedResult result_;
};

}  // namespace

DistributedResult distributed_count(const Problem& problem, const SearchOptions& options,
                                    std::size_t pieces_per_rank) {
  DistributedOptions distributed;
  distributed.pieces_per_rank = pieces_per_rank;
  return distributed_count(problem, options, distributed);
}

DistributedResult distributed_count(const Problem& problem, const SearchOptions& options,
                                    const DistributedOptions& distributed) {
  mpi::communicator world;
  const bool checkpoints = distributed.checkpoint_seconds > 0 || distributed.on_checkpoint;
  if (world.size() == 1 && !checkpoints && !distributed.resume) {
    // Nobody to hand work to: search here.
    DistributedResult result;
    result.coordinator = true;
    Solver solver(problem);
    result.status = solver.search(nullptr, options);
    result.stats = solver.statistics();
    if (result.status == Status::exhausted) {
      result.checkpoint.fingerprint = fingerprint(problem);
      result.checkpoint.solutions = result.stats.solutions;
      result.checkpoint.nodes = result.stats.nodes;
      result.checkpoint.updates = result.stats.updates;
      result.checkpoint.seconds = result.stats.seconds;
      result.checkpoint.done = 1;
    }
    return result;
  }
  if (world.rank() == 0) return Coordinator(world, problem, options, distributed).run();
  return work(world, problem, options);
}

}  // namespace xcover
