// SPDX-License-Identifier: MIT
// Times xcover's npm package (WebAssembly) against the pure-JavaScript
// dancing-links packages on npm (dancing-links, dlx, @algorithm.ts/dlx) and,
// optionally, the native CLI with its baseline kernels, on the same exact
// cover matrices, and prints a markdown table. Run by bench/compare_npm.sh:
//
//   node bench/compare_npm.mjs PEERS_DIR XCOVER_NPM_DIR
//
// PEERS_DIR holds node_modules with the peers; XCOVER_NPM_DIR the package
// (index.mjs; its column says "not built" while it is absent). Environment:
// RUNS (best of, default 3); CAP (seconds: a run slower than this is not
// repeated, default 60); TIMEOUT (seconds, default 600: a run still going is
// killed, and a Sudoku set stops there and its time is estimated from the
// puzzles done); SKIP ("dlx", "dlx:pento6x10 algorithm.ts:sudoku-hardest":
// library keys dancing-links, dlx, algorithm.ts, xcover, xcover-generic,
// xcover-propagate, xcover-whole, native, and the problem keys of PROBLEMS below);
// PROBLEMS (the keys to run, default all); XCOVER_CLI (the native CLI, '-' column if absent);
// NODE_FLAGS (flags for every run's node, e.g. --no-liftoff);
// SUDOKU_EASY / SUDOKU_HARD (puzzle files, one 81-character line each, '#'
// lines skipped), SUDOKU_COUNT (puzzles a set, default 10000; a shorter file
// is cycled); RANDOM_ITEMS, RANDOM_OPTIONS, RANDOM_PLANTED, RANDOM_SEED.
//
// Every run is a fresh node process (its own heap and JIT, and a run that
// hangs can be killed); the runs alternate between the libraries so that the
// VM's drift hits them alike. A time is wall seconds of building the
// library's matrix from the generic lists and solving, not loading the
// package. Every answer is checked: a wrong one is reported on stderr, shown
// in the table, and makes the exit status 1.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LIBS = ['dancing-links', 'dlx', 'algorithm.ts', 'xcover', 'native'];
const TITLES = {
  'dancing-links': 'dancing-links', dlx: 'dlx', 'algorithm.ts': '@algorithm.ts/dlx',
  xcover: 'xcover wasm', native: 'native baseline',
};
const JS_PEERS = ['dancing-links', 'dlx', 'algorithm.ts'];
const SUDOKU_COUNT = Number(process.env.SUDOKU_COUNT ?? 10000);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const CAP = Number(process.env.CAP ?? 60);
const TIMEOUT = Number(process.env.TIMEOUT ?? 600);
const NODE_FLAGS = (process.env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const SUDOKU_DIR = '/work/shared/data/sudoku';

// ---------------------------------------------------------------- problems
// A problem: item names (primary, then secondary) and options as lists of
// item indices into primary.concat(secondary); `expect` is the known count.

// Rows and columns from the centre outwards, interleaved (Knuth's organ-pipe
// order, as `xcover queens --emit`): branching on the first shortest item
// then tries the most constrained lines first. Corner diagonals (one
// square) are left out.
function queens(n) {
  const primary = [];
  for (let k = 0; k < n; ++k) {
    const line = ((n - 1) >> 1) + (k % 2 ? (k + 1) >> 1 : -((k + 1) >> 1));
    primary.push(`r${line + 1}`, `c${line + 1}`);
  }
  const secondary = [];
  for (let s = 3; s <= 2 * n - 1; ++s) secondary.push(`s${s}`);
  for (let d = 2; d <= 2 * n - 2; ++d) secondary.push(`d${d}`);
  const index = new Map([...primary, ...secondary].map((name, k) => [name, k]));
  const options = [];
  for (let r = 1; r <= n; ++r)
    for (let c = 1; c <= n; ++c) {
      const o = [index.get(`r${r}`), index.get(`c${c}`)];
      for (const diag of [`s${r + c}`, `d${r - c + n}`]) if (index.has(diag)) o.push(index.get(diag));
      options.push(o);
    }
  return { primary, secondary, options };
}

// Value v at positions i and i + v + 1, as `xcover langford --emit`: 216,288
// solutions, each of the 108,144 sequences and its reversal.
function langford(n) {
  const primary = [];
  for (let v = 1; v <= n; ++v) primary.push(`v${v}`);
  for (let i = 1; i <= 2 * n; ++i) primary.push(`p${i}`);
  const options = [];
  for (let v = 1; v <= n; ++v)
    for (let i = 1; i + v + 1 <= 2 * n; ++i) options.push([v - 1, n + i - 1, n + i + v]);
  return { primary, secondary: [], options };
}

// The 12 pentominoes as [row, column] cells; every one of the 8 rotations
// and reflections is placed (so each tiling is counted 4 times: 2,339 x 4).
const PENTOMINOES = {
  F: [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]], I: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]],
  L: [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]], N: [[0, 1], [1, 1], [2, 1], [2, 0], [3, 0]],
  P: [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]], T: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 1]],
  U: [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2]], V: [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]],
  W: [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2]], X: [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
  Y: [[0, 1], [1, 0], [1, 1], [2, 1], [3, 1]], Z: [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2]],
};

function pentominoes(rows, cols) {
  const pieces = Object.keys(PENTOMINOES);
  const primary = [...pieces];
  for (let r = 0; r < rows; ++r) for (let c = 0; c < cols; ++c) primary.push(`r${r}c${c}`);
  const options = [];
  pieces.forEach((piece, p) => {
    const seen = new Set();
    for (let turn = 0; turn < 8; ++turn) {
      // Rotate a quarter turn `turn % 4` times, mirrored when turn >= 4, then
      // shift to the origin; the sorted cells name the orientation.
      let cells = PENTOMINOES[piece].map(([r, c]) => (turn >= 4 ? [r, -c] : [r, c]));
      for (let q = 0; q < turn % 4; ++q) cells = cells.map(([r, c]) => [c, -r]);
      const r0 = Math.min(...cells.map(([r]) => r)), c0 = Math.min(...cells.map(([, c]) => c));
      cells = cells.map(([r, c]) => [r - r0, c - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const key = cells.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const h = Math.max(...cells.map(([r]) => r)), w = Math.max(...cells.map(([, c]) => c));
      for (let dr = 0; dr + h < rows; ++dr)
        for (let dc = 0; dc + w < cols; ++dc)
          options.push([p, ...cells.map(([r, c]) => pieces.length + (r + dr) * cols + c + dc)]);
    }
  });
  return { primary, secondary: [], options };
}

// Deterministic everywhere, so every library (and every run) gets the same matrix.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// RANDOM_ITEMS items; PLANTED solutions (each the items shuffled and cut
// into options of 5-10) so that some exist; then RANDOM_OPTIONS options of
// 5-10 distinct random items; all the options shuffled together.
const PLANTED = Number(process.env.RANDOM_PLANTED ?? 3);
function randomMatrix(items, count, seed) {
  const random = mulberry32(seed);
  const size = () => 5 + Math.floor(random() * 6);
  const shuffle = (list) => {
    for (let k = list.length - 1; k > 0; --k) {
      const j = Math.floor(random() * (k + 1));
      [list[k], list[j]] = [list[j], list[k]];
    }
    return list;
  };
  const primary = Array.from({ length: items }, (_, k) => `i${k}`);
  const options = [];
  for (let planted = 0; planted < PLANTED; ++planted) {
    const order = shuffle([...primary.keys()]);
    for (let k = 0; k < items; ) {
      const n = Math.min(size(), items - k);
      options.push(order.slice(k, k + n));
      k += n;
    }
  }
  for (let k = 0; k < count; ++k) options.push(shuffle([...primary.keys()]).slice(0, size()));
  for (const o of options) o.sort((a, b) => a - b);
  return { primary, secondary: [], options: shuffle(options) };
}

// Sudoku: 324 items (cell, row-digit, column-digit, box-digit) and option
// 81 r + 9 c + d for digit d + 1 at row r, column c. A puzzle keeps the
// given's option in its cell and drops every option that conflicts with a
// given, so each library searches the same, smaller matrix.
const SUDOKU = (() => {
  const primary = [];
  for (const kind of ['p', 'r', 'c', 'b'])
    for (let a = 0; a < 9; ++a) for (let d = 1; d <= 9; ++d) primary.push(`${kind}${a}${kind === 'p' ? d - 1 : 'd' + d}`);
  const options = [];
  for (let r = 0; r < 9; ++r)
    for (let c = 0; c < 9; ++c)
      for (let d = 0; d < 9; ++d)
        options.push([r * 9 + c, 81 + r * 9 + d, 162 + c * 9 + d, 243 + (3 * Math.floor(r / 3) + Math.floor(c / 3)) * 9 + d]);
  return { primary, options };
})();

function sudokuKept(line) {
  const given = [...line.slice(0, 81)].map((ch) => (ch >= '1' && ch <= '9' ? ch - 1 : -1));
  const taken = new Uint8Array(324);
  given.forEach((d, cell) => { if (d >= 0) for (const item of SUDOKU.options[cell * 9 + d]) taken[item] = 1; });
  const kept = [];
  for (let o = 0; o < 729; ++o) {
    const d = given[(o / 9) | 0];
    if (d >= 0 ? o % 9 === d : !SUDOKU.options[o].some((item) => taken[item])) kept.push(o);
  }
  return Uint16Array.from(kept);
}

function readPuzzles(file) {
  if (!existsSync(file)) throw new Error(`${file}: no such puzzle file (set SUDOKU_EASY / SUDOKU_HARD)`);
  const lines = readFileSync(file, 'utf8').split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')).map((l) => l.slice(0, 81).replace(/0/g, '.'));
  if (!lines.length || lines.some((l) => !/^[.1-9]{81}$/.test(l))) throw new Error(`${file}: not 81-character Sudoku lines`);
  return Array.from({ length: SUDOKU_COUNT }, (_, k) => lines[k % lines.length]);
}

// The grid an option list gives (81 digits, or null), checked to be a valid
// Sudoku agreeing with the givens.
function sudokuGrid(line, options) {
  if (!options || options.length !== 81) return null;
  const grid = new Array(81).fill(0);
  for (const o of options) grid[(o / 9) | 0] = (o % 9) + 1;
  return sudokuValid(line, grid.join('')) ? grid.join('') : null;
}

function sudokuValid(line, solution) {
  if (typeof solution !== 'string' || !/^[1-9]{81}$/.test(solution)) return false;
  for (let k = 0; k < 81; ++k) if (line[k] !== '.' && line[k] !== solution[k]) return false;
  for (let a = 0; a < 9; ++a) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let b = 0; b < 9; ++b) {
      row.add(solution[a * 9 + b]);
      col.add(solution[b * 9 + a]);
      box.add(solution[(3 * Math.floor(a / 3) + Math.floor(b / 3)) * 9 + 3 * (a % 3) + (b % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}

const RANDOM = {
  items: Number(process.env.RANDOM_ITEMS ?? 100),
  options: Number(process.env.RANDOM_OPTIONS ?? 700),
  seed: Number(process.env.RANDOM_SEED ?? 1),
};
// The count of the default random matrix (agreed by every library); another
// RANDOM_* setting is compared between the libraries only.
const RANDOM_DEFAULT = RANDOM.items === 100 && RANDOM.options === 700 && PLANTED === 3 && RANDOM.seed === 1;

const PROBLEMS = {
  queens13: { title: '13-queens, all', make: () => queens(13), expect: '73712' },
  langford12: { title: 'Langford n=12, all', make: () => langford(12), expect: '216288' },
  pento6x10: { title: 'pentominoes 6x10, all', make: () => pentominoes(6, 10), expect: '9356' },
  'sudoku-kaggle': {
    title: `Sudoku kaggle x${SUDOKU_COUNT}, unique`, sudoku: true,
    file: process.env.SUDOKU_EASY || `${SUDOKU_DIR}/puzzles0_kaggle_first9999`,
  },
  'sudoku-hardest': {
    title: `Sudoku hardest x${SUDOKU_COUNT}, unique`, sudoku: true,
    file: process.env.SUDOKU_HARD || `${SUDOKU_DIR}/puzzles6_forum_hardest_1106`,
  },
  random100: {
    title: `random: ${RANDOM.items} items, ${RANDOM.options} options + ${PLANTED} planted solutions, all`,
    make: () => randomMatrix(RANDOM.items, RANDOM.options, RANDOM.seed),
    expect: RANDOM_DEFAULT ? '3' : undefined,
  },
};
for (const p of Object.values(PROBLEMS)) if (p.sudoku) p.expect = `${SUDOKU_COUNT} unique`;

// ---------------------------------------------------------------- libraries
// Each: load(peers, xcoverDir) -> solver; solver.count(problem) -> count as
// a string; solver.sudoku(line, kept) -> { count (up to 2, or all), options
// of a solution } or { count, grid }. Throwing NoSecondary gives the cell
// "no secondary items".

class NoSecondary extends Error {}

// The entry point of an installed package: ESM ones by their "exports".
function packageEntry(peers, name) {
  const dir = join(peers, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const ex = pkg.exports?.['.'] ?? pkg.exports;
  const entry = (typeof ex === 'string' ? ex : ex?.import ?? ex?.default) ?? pkg.module ?? pkg.main ?? 'index.js';
  return pathToFileURL(join(dir, entry)).href;
}

const loaders = {
  async 'dancing-links'(peers) {
    const { DancingLinks } = await import(packageEntry(peers, 'dancing-links'));
    const dl = new DancingLinks();
    return {
      // Secondary columns are numbered from 0 among themselves, after the primary ones.
      count({ primary, secondary, options }) {
        const np = primary.length, ns = secondary.length;
        let solver;
        if (ns) {
          solver = dl.createSolver({ primaryColumns: np, secondaryColumns: ns });
          solver.addSparseConstraints(options.map((o, k) => ({
            data: k,
            columnIndices: { primary: o.filter((i) => i < np), secondary: o.filter((i) => i >= np).map((i) => i - np) },
          })));
        } else {
          solver = dl.createSolver({ columns: np });
          solver.addSparseConstraints(options.map((o, k) => ({ data: k, columnIndices: o })));
        }
        return String(solver.findAll().length);
      },
      sudoku(line, kept) {
        const solver = dl.createSolver({ columns: 324 });
        const rows = new Array(kept.length);
        for (let k = 0; k < kept.length; ++k) rows[k] = { data: kept[k], columnIndices: SUDOKU.options[kept[k]] };
        solver.addSparseConstraints(rows);
        const found = solver.find(2);
        return { count: found.length, options: found[0]?.map((s) => s.data) };
      },
    };
  },

  async dlx(peers) {
    const dlx = createRequire(join(peers, 'node_modules', 'dlx', 'package.json'))('./index.js');
    return {
      // No secondary items, and no solution limit: solve_sparse_matrix finds
      // them all (the same work for a unique puzzle). Its rows are indices.
      count({ secondary, options }) {
        if (secondary.length) throw new NoSecondary();
        return String(dlx.solve_sparse_matrix(options).length);
      },
      sudoku(line, kept) {
        const sparse = new Array(kept.length);
        for (let k = 0; k < kept.length; ++k) sparse[k] = SUDOKU.options[kept[k]];
        const found = dlx.solve_sparse_matrix(sparse);
        return { count: found.length, options: found[0]?.map((row) => kept[row]) };
      },
    };
  },

  async 'algorithm.ts'(peers) {
    const { DancingLinkX } = await import(packageEntry(peers, '@algorithm.ts/dlx'));
    // The package's solve() stops at the first solution and has no secondary
    // items. This subclass counts, up to a limit, with the package's own
    // arrays, column choice (first shortest) and _removeColumn/_restoreColumn;
    // secondary items are left out of the header ring (Knuth's trick), so the
    // search never branches on them. Rows and columns number from 1.
    class Counting extends DancingLinkX {
      countUpTo(limit, secondary = 0) {
        if (secondary) {
          const { _L, _R } = this;
          const last = _L[0], first = last - secondary + 1;
          _R[first - 1] = 0;
          _L[0] = first - 1;
          for (let c = first; c <= last; ++c) _L[c] = _R[c] = c;
        }
        this.limit = limit;
        this.found = 0;
        this.first = null;
        this.search(0, []);
        return this.found;
      }
      search(dep, chosen) {
        const { _count, _row, _col, _L, _R, _D } = this;
        if (_R[0] === 0) {
          if (++this.found === 1) this.first = chosen.slice(0, dep);
          return this.found >= this.limit;
        }
        let c = _R[0];
        for (let i = _R[0]; i !== 0; i = _R[i]) if (_count[i] < _count[c]) c = i;
        this._removeColumn(c);
        for (let i = _D[c]; i !== c; i = _D[i]) {
          chosen[dep] = _row[i];
          for (let j = _R[i]; j !== i; j = _R[j]) this._removeColumn(_col[j]);
          const stop = this.search(dep + 1, chosen);
          for (let j = _L[i]; j !== i; j = _L[j]) this._restoreColumn(_col[j]);
          if (stop) {
            this._restoreColumn(c);
            return true;
          }
        }
        this._restoreColumn(c);
        return false;
      }
    }
    // One instance, init() per problem, as the package's README does.
    let dlx = null, size = 0;
    const instance = (nodes) => {
      if (nodes > size) dlx = new Counting({ MAX_N: (size = nodes) });
      return dlx;
    };
    return {
      count({ primary, secondary, options }) {
        const columns = primary.length + secondary.length;
        const d = instance(options.reduce((n, o) => n + o.length, 0) + columns + 1);
        d.init(columns);
        options.forEach((o, k) => d.addRow(k + 1, o.map((i) => i + 1)));
        return String(d.countUpTo(Infinity, secondary.length));
      },
      sudoku(line, kept) {
        const d = instance(729 * 4 + 325);
        d.init(324);
        const cols = [0, 0, 0, 0];
        for (let k = 0; k < kept.length; ++k) {
          const o = SUDOKU.options[kept[k]];
          for (let j = 0; j < 4; ++j) cols[j] = o[j] + 1;
          d.addRow(kept[k] + 1, cols);
        }
        const count = d.countUpTo(2);
        return { count, options: d.first?.map((row) => row - 1) };
      },
    };
  },

  // xcover's package, fed the same generic lists by item name; Sudoku by its
  // own solver, all the puzzles in one call (sudoku.solveAll with unique:
  // solutions up to 2 each), which is what a user with a batch would call.
  async xcover(peers, xcoverDir) {
    const index = join(xcoverDir, 'index.mjs');
    if (!existsSync(index)) throw new Error('not built');
    const xc = await (await import(pathToFileURL(index).href)).load();
    return {
      xc,
      // (`tree`: count options, as xcover-propagate and xcover-whole ask.)
      count({ primary, secondary, options }, tree = {}) {
        const names = [...primary, ...secondary];
        const p = new xc.Problem({ primary, secondary, options: options.map((o) => o.map((i) => names[i])) });
        try {
          const r = p.count(tree);
          if (r.status !== 'exhausted') throw new Error(`status ${r.status}`);
          return String(r.solutions);
        } finally {
          p.dispose();
        }
      },
      sudoku(line) {
        const r = xc.sudoku.solveUnique(line);
        return { count: r.solutions, grid: r.solution };
      },
      sudokuAll(lines) {
        return xc.sudoku.solveAll(lines, { unique: true }).map((r) => {
          if (r instanceof Error) throw r;
          return { count: r.solutions, grid: r.solution };
        });
      },
    };
  },

  // The same package counting with { propagate: true } (forced options
  // committed ahead; another tree, the same count): a footnote to the table.
  async 'xcover-propagate'(peers, xcoverDir) {
    const xcover = await loaders.xcover(peers, xcoverDir);
    return { count: (problem) => xcover.count(problem, { propagate: true }) };
  },

  // The same package counting with { symmetry: false }: the whole tree, as
  // the peers search it (engine against engine; the table's xcover column
  // splits the count by the problem's symmetries where it finds some).
  async 'xcover-whole'(peers, xcoverDir) {
    const xcover = await loaders.xcover(peers, xcoverDir);
    return { count: (problem) => xcover.count(problem, { symmetry: false }) };
  },

  // The same package fed each puzzle's generic 324-item matrix (a footnote
  // to the table: the engine on Sudoku rather than its Sudoku solver), up to
  // 2 solutions as option indices.
  async 'xcover-generic'(peers, xcoverDir) {
    const { xc } = await loaders.xcover(peers, xcoverDir);
    const names = SUDOKU.options.map((o) => o.map((i) => SUDOKU.primary[i]));
    return {
      sudoku(line, kept) {
        const options = new Array(kept.length);
        for (let k = 0; k < kept.length; ++k) options[k] = names[kept[k]];
        const p = new xc.Problem({ primary: SUDOKU.primary, secondary: [], options });
        try {
          const found = [...p.solutions({ limit: 2 })];
          return { count: found.length, options: found[0]?.map((o) => kept[o]) };
        } finally {
          p.dispose();
        }
      },
    };
  },
};

// ---------------------------------------------------------------- one run
// `--child LIB PROBLEM PEERS XCOVER`: one timed run, a JSON line on stdout:
// { seconds, answer } or { note } (a cell such as "no secondary items").
async function child([lib, key, peers, xcoverDir]) {
  const problem = PROBLEMS[key];
  let solver;
  try {
    solver = await loaders[lib](peers, xcoverDir);
  } catch (e) {
    return { note: e.message };
  }
  if (!problem.sudoku) {
    const generic = problem.make();
    const start = performance.now();
    let answer;
    try {
      answer = solver.count(generic);
    } catch (e) {
      if (e instanceof NoSecondary) return { note: 'no secondary items' };
      throw e;
    }
    return { seconds: (performance.now() - start) / 1000, answer };
  }
  const puzzles = readPuzzles(problem.file);
  const kept = puzzles.map(sudokuKept);
  const results = new Array(puzzles.length);
  // Past the TIMEOUT budget the run stops and the time of the whole set is
  // estimated from the puzzles done.
  const start = performance.now(), budget = TIMEOUT * 1000;
  let done = 0;
  if (solver.sudokuAll) {
    const all = solver.sudokuAll(puzzles);
    return { seconds: (performance.now() - start) / 1000, answer: sudokuAnswer(puzzles, all) };
  }
  while (done < puzzles.length) {
    results[done] = solver.sudoku(puzzles[done], kept[done]);
    if (++done < puzzles.length && performance.now() - start > budget) break;
  }
  const seconds = (performance.now() - start) / 1000;
  if (done < puzzles.length) {
    return { seconds: (seconds * puzzles.length) / done, estimatedFrom: done, answer: sudokuAnswer(puzzles.slice(0, done), results.slice(0, done)) };
  }
  return { seconds, answer: sudokuAnswer(puzzles, results) };
}

// "N unique" when every puzzle has one solution, a valid grid agreeing with
// its givens; else what went wrong with the first bad one.
function sudokuAnswer(puzzles, results) {
  let unique = 0, first = '';
  results.forEach((r, k) => {
    const ok = r.count === 1 &&
      (r.grid !== undefined ? sudokuValid(puzzles[k], r.grid) : sudokuGrid(puzzles[k], r.options) !== null);
    if (ok) ++unique;
    else if (!first) first = `; puzzle ${k + 1}: ${r.count === 1 ? 'a wrong grid' : `${r.count} solutions`}`;
  });
  return `${unique} unique${first}`;
}

// ---------------------------------------------------------------- native
// `xcover solve --count` on the problem written as a .dlx file, and `xcover
// sudoku --format csv` on the puzzles, both one thread, baseline kernels;
// wall time of the process.
function dlxText({ primary, secondary, options }) {
  const names = [...primary, ...secondary];
  const lines = [primary.join(' ') + (secondary.length ? ' | ' + secondary.join(' ') : '')];
  for (const o of options) lines.push(o.map((i) => names[i]).join(' '));
  return lines.join('\n') + '\n';
}

function runNative(cli, work, key) {
  const problem = PROBLEMS[key];
  let args, file;
  if (problem.sudoku) {
    file = join(work, `${key}.txt`);
    if (!existsSync(file)) writeFileSync(file, readPuzzles(problem.file).join('\n') + '\n');
    args = ['sudoku', file, '--format', 'csv', '--threads', '1'];
  } else {
    file = join(work, `${key}.dlx`);
    if (!existsSync(file)) writeFileSync(file, dlxText(problem.make()));
    args = ['solve', file, '--count', '--threads', '1'];
  }
  const start = performance.now();
  const out = spawnSync(cli, args, {
    env: { ...process.env, XCOVER_KERNELS: 'baseline' }, encoding: 'utf8', maxBuffer: 1 << 28,
    timeout: TIMEOUT * 1000,
  });
  const seconds = (performance.now() - start) / 1000;
  if (out.error || out.status !== 0) return { note: `failed (${out.error?.code ?? 'exit ' + out.status}: ${out.stderr.trim().split('\n')[0] ?? ''})` };
  if (!problem.sudoku) {
    const last = out.stdout.trim().split('\n').filter((l) => /^\d+$/.test(l.trim())).pop();
    return { seconds, answer: last?.trim() ?? `no count in: ${out.stdout.slice(0, 80)}` };
  }
  const puzzles = readPuzzles(problem.file);
  const rows = out.stdout.trim().split('\n').filter((l) => !l.startsWith('puzzle,'));
  const results = puzzles.map((_, k) => {
    const [, grid, count] = (rows[k] ?? '').split(',');
    return { count: Number(count), grid };
  });
  return { seconds, answer: sudokuAnswer(puzzles, results) };
}

// ---------------------------------------------------------------- main

function skipped(lib, key) {
  return (process.env.SKIP ?? '').split(/[\s,]+/).filter(Boolean)
    .some((s) => s === lib || s === `${lib}:${key}` || s === TITLES[lib] || s === `${TITLES[lib]}:${key}`);
}

const fmt = (s) => (s >= 100 ? s.toFixed(0) : s >= 10 ? s.toFixed(1) : s >= 1 ? s.toFixed(2) : s.toFixed(3));

async function main([peers, xcoverDir]) {
  if (!peers || !xcoverDir) {
    console.error('usage: node compare_npm.mjs PEERS_DIR XCOVER_NPM_DIR');
    process.exit(2);
  }
  const self = fileURLToPath(import.meta.url);
  const cli = process.env.XCOVER_CLI ?? '';
  const haveCli = cli && existsSync(cli);
  if (!existsSync(join(xcoverDir, 'index.mjs'))) console.error(`xcover: ${join(xcoverDir, 'index.mjs')} not there, its column says "not built"`);
  if (!haveCli) console.error(`native: ${cli || '(XCOVER_CLI unset)'} not there, its column is '-'`);
  const keys = (process.env.PROBLEMS ?? Object.keys(PROBLEMS).join(' ')).split(/[\s,]+/).filter(Boolean);
  for (const key of keys) if (!PROBLEMS[key]) throw new Error(`unknown problem ${key}: one of ${Object.keys(PROBLEMS).join(' ')}`);
  // A missing puzzle file (a fresh clone has no /work/shared) fails here, before any run.
  for (const key of keys) {
    if (!PROBLEMS[key].sudoku) continue;
    try {
      readPuzzles(PROBLEMS[key].file);
    } catch (e) {
      throw new Error(`${e.message}; or leave the Sudoku out: PROBLEMS="queens13 langford12 pento6x10 random100"`);
    }
  }
  const work = mkdtempSync(join(tmpdir(), 'xcover-npm-'));
  let wrong = 0;
  const rows = [], footnotes = [];
  try {
    for (const key of keys) {
      const problem = PROBLEMS[key];
      const libs = [...LIBS, ...(problem.sudoku ? ['xcover-generic'] : ['xcover-propagate', 'xcover-whole'])];
      const best = {}, note = {}, answers = {}, done = {}, estimated = {};
      for (const lib of libs) {
        if (skipped(lib, key)) note[lib] = 'skipped';
        else if (lib === 'native' && !haveCli) note[lib] = '-';
      }
      for (let run = 1; run <= RUNS; ++run) {
        for (const lib of libs) {
          if (note[lib] || done[lib]) continue;
          let result;
          if (lib === 'native') result = runNative(cli, work, key);
          else {
            const out = spawnSync(process.execPath, [...NODE_FLAGS, self, '--child', lib, key, peers, xcoverDir], {
              encoding: 'utf8', timeout: (TIMEOUT + (problem.sudoku ? 60 : 0)) * 1000, maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'pipe'],
            });
            if (out.error?.code === 'ETIMEDOUT' || out.signal) result = { note: `> ${TIMEOUT} s` };
            else if (out.status !== 0) result = { note: `failed: ${(out.stderr.trim().split('\n').find((l) => /Error/.test(l)) ?? out.stderr.trim().split('\n').pop() ?? '').slice(0, 80)}` };
            else result = JSON.parse(out.stdout.trim().split('\n').pop());
          }
          if (result.note) {
            note[lib] = result.note;
            console.error(`${key} ${lib}: ${result.note}`);
            continue;
          }
          const partial = result.estimatedFrom ? ` (stopped after ${result.estimatedFrom} puzzles: estimate)` : '';
          console.error(`${key} ${lib} run ${run}: ${result.seconds.toFixed(3)} s${partial}, ${result.answer}`);
          best[lib] = Math.min(best[lib] ?? Infinity, result.seconds);
          if (result.estimatedFrom) estimated[lib] = result.estimatedFrom;
          (answers[lib] ??= []).push([result.answer, result.estimatedFrom && `${result.estimatedFrom} unique`]);
          if (result.seconds > CAP) done[lib] = true; // slow: once is enough
        }
      }
      // Every answer against the known one, or else against the first library's.
      const expect = problem.expect ?? Object.values(answers).flat()[0]?.[0] ?? '?';
      const cell = {}, good = {};
      for (const lib of libs) {
        const bad = (answers[lib] ?? []).find(([a, partial]) => a !== (partial || expect));
        if (bad !== undefined) {
          ++wrong;
          console.error(`*** ${key}: ${TITLES[lib] ?? lib} answered ${bad[0]}, expected ${bad[1] || expect} ***`);
          cell[lib] = `WRONG: ${bad[0]}`;
        } else if (note[lib] || best[lib] === undefined) cell[lib] = note[lib] ?? '-';
        else {
          good[lib] = best[lib];
          cell[lib] = estimated[lib] ? `~${fmt(best[lib])} (est. from ${estimated[lib]} puzzles)` : fmt(best[lib]);
        }
      }
      // An estimate counts: a peer too slow to finish is still slower.
      const fastest = Math.min(...JS_PEERS.map((l) => good[l] ?? Infinity));
      const ratio = Number.isFinite(fastest) && good.xcover ? `${(fastest / good.xcover).toFixed(1)}x` : '-';
      rows.push(`| ${problem.title}: ${expect} | ${LIBS.map((l) => cell[l]).join(' | ')} | ${ratio} |`);
      const seconds = (c) => `${c}${/^[~\d]/.test(c) ? ' s' : ''}`;
      if (problem.sudoku) {
        footnotes.push(`${key}: xcover wasm fed the generic 324-item matrices (new Problem, solutions up to 2, a puzzle): ${seconds(cell['xcover-generic'])}`);
      } else {
        for (const [lib, how] of [['xcover-whole', '{ symmetry: false } (the whole tree, as the peers search it)'], ['xcover-propagate', '{ propagate: true }']]) {
          const ratio = Number.isFinite(fastest) && good[lib] ? `, ${(fastest / good[lib]).toFixed(1)}x the fastest JS` : '';
          footnotes.push(`${key}: xcover wasm counting with ${how}: ${seconds(cell[lib])}${ratio}`);
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const runs = RUNS === 1 ? 'one run' : `best of ${RUNS} runs (one if a run takes over ${CAP} s)`;
  console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${runs}, wall seconds, one thread`);
  console.log();
  console.log(`| problem: answer | ${LIBS.map((l) => TITLES[l]).join(' | ')} | fastest JS / xcover |`);
  console.log(`| --- | ${LIBS.map(() => '---:').join(' | ')} | ---: |`);
  for (const row of rows) console.log(row);
  console.log();
  for (const f of footnotes) console.log(`- ${f}`);
  if (wrong) {
    console.error(`*** ${wrong} wrong answer(s) ***`);
    process.exitCode = 1;
  }
}

// `--dlx KEY` prints a counting problem's matrix (to check it, or to feed other solvers).
if (process.argv[2] === '--dlx') {
  process.stdout.write(dlxText(PROBLEMS[process.argv[3]].make()));
} else if (process.argv[2] === '--child') {
  child(process.argv.slice(3)).then((r) => console.log(JSON.stringify(r)), (e) => {
    console.error(e?.stack ?? e);
    process.exit(1);
  });
} else {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`compare_npm: ${e.message}`);
    process.exit(2);
  });
}
