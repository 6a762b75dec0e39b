// Rank 0 coordinates: it keeps the queue of pieces, answers requests for
// work, asks busy ranks to share when the queue is empty and others wait, and
// sums the results. Messages from one rank arrive in the order sent, so when
// rank 0 sees a rank ask for work, every piece that rank gave away is queued.
#include "xcover/distributed.hpp"

#include <boost/mpi.hpp>
#include <boost/serialization/vector.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <thread>

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
};

struct ResultMessage {
  std::uint64_t solutions = 0, nodes = 0, updates = 0;
  double done = 0;  // part of the tree finished
  bool cut_short = false;
  template <class Archive>
  void serialize(Archive& archive, unsigned) {
    archive& solutions& nodes& updates& done& cut_short;
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
    mpi::status status = world.probe(0, mpi::any_tag);
    if (status.tag() == tag_stop) {
      world.recv(0, tag_stop);
      return result;
    }
    if (status.tag() == tag_share) {  // a late request: we are idle already
      world.recv(0, tag_share);
      last.done = 0;
      continue;
    }
    WorkPiece piece;
    world.recv(0, tag_piece, piece);
    for (int option : piece.forced) solver.assume(option);
    std::atomic<bool> share{false}, halt{false};
    bool told_to_stop = false;
    double given = 0;
    SearchOptions o;
    o.cancel = &halt;
    o.random_seed = options.random_seed;
    o.share_request = &share;
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
    };
    o.on_split = [&](std::span<const int> forced, double part) {
      WorkPiece gift{std::vector<int>(forced.begin(), forced.end()), piece.weight * part};
      given += gift.weight;
      world.send(0, tag_split, gift);
    };
    const Status status_of_piece = solver.search(nullptr, o);
    solver.clear_assumptions();
    const Statistics& s = solver.statistics();
    last.solutions = s.solutions;
    last.nodes = s.nodes;
    last.updates = s.updates;
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
              std::size_t pieces_per_rank)
      : world_(world),
        problem_(problem),
        options_(options),
        workers_(world.size() - 1),
        busy_(world.size(), 0),
        asked_(world.size(), 0) {
    const std::vector<WorkPiece> pieces =
        cut_into_pieces(problem, pieces_per_rank * static_cast<std::size_t>(world.size()), &done_);
    queue_.assign(pieces.begin(), pieces.end());
  }

  DistributedResult run() {
    Solver solver(problem_);
    for (;;) {
      serve();
      if (stopped()) break;
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
    result_.stats.seconds = seconds();
    return result_;
  }

 private:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // Cancellation and the time limit end the count for every rank.
  bool stopped() {
    if (result_.status != Status::exhausted) return true;
    if (options_.cancel && options_.cancel->load()) result_.status = Status::cancelled;
    if (options_.time_limit > 0 && seconds() >= options_.time_limit)
      result_.status = Status::time_limit;
    return result_.status != Status::exhausted;
  }

  void search_piece(Solver& solver, const WorkPiece& piece) {
    for (int option : piece.forced) solver.assume(option);
    std::atomic<bool> share{false}, halt{false};
    double given = 0;
    SearchOptions o;
    o.cancel = &halt;
    o.random_seed = options_.random_seed;
    o.share_request = &share;
    // Often enough that a rank waiting for a piece waits little: a node
    // of a big problem can take a microsecond or more.
    o.progress_nodes = 256;
    o.on_progress = [&](const Progress&) {
      serve();
      if (stopped()) halt = true;
      // Others wait and nothing is queued: give some of this piece away.
      if (!idle_.empty() && queue_.empty()) share = true;
    };
    o.on_split = [&](std::span<const int> forced, double part) {
      WorkPiece gift{std::vector<int>(forced.begin(), forced.end()), piece.weight * part};
      given += gift.weight;
      queue_.push_back(std::move(gift));
    };
    const Status status = solver.search(nullptr, o);
    solver.clear_assumptions();
    const Statistics& s = solver.statistics();
    add({s.solutions, s.nodes, s.updates, status == Status::exhausted ? piece.weight - given : 0,
         status != Status::exhausted});
  }

  void add(const ResultMessage& r) {
    result_.stats.solutions += r.solutions;
    result_.stats.nodes += r.nodes;
    result_.stats.updates += r.updates;
    done_ += r.done;
    cut_short_ = cut_short_ || r.cut_short;
  }

  // Takes every message waiting, then hands queued pieces to idle ranks.
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
    while (!idle_.empty() && !queue_.empty() && result_.status == Status::exhausted) {
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
    p.seconds = now;
    p.fraction_done = std::min(done_, 1.0);
    options_.on_progress(p);
  }

  mpi::communicator& world_;
  const Problem& problem_;
  const SearchOptions& options_;
  const int workers_;
  const Clock::time_point start_ = Clock::now();
  std::deque<WorkPiece> queue_;
  std::vector<char> busy_, asked_;
  std::vector<int> idle_;
  int running_ = 0;
  double done_ = 0;
  bool cut_short_ = false;
  double next_progress_ = 1;
  DistributedResult result_;
};

}  // namespace

DistributedResult distributed_count(const Problem& problem, const SearchOptions& options,
                                    std::size_t pieces_per_rank) {
  mpi::communicator world;
  if (world.size() == 1) {
    // Nobody to hand work to: search here.
    DistributedResult result;
    result.coordinator = true;
    Solver solver(problem);
    result.status = solver.search(nullptr, options);
    result.stats = solver.statistics();
    return result;
  }
  if (world.rank() == 0) return Coordinator(world, problem, options, pieces_per_rank).run();
  return work(world, problem, options);
}

}  // namespace xcover
