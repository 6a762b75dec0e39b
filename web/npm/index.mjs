// SPDX-License-Identifier: MIT
// xcover for JavaScript: the API over the WebAssembly module (xcover.mjs,
// made by web/src/ with embind). It follows the Python module's names in
// camelCase: Problem, Solver, count(), solutions(), sudoku, queens,
// langford, polyomino and polyform.
//
//   import { load } from 'xcover';
//   const xc = await load();
//   xc.Problem.fromDlx('a b c\na b\nc\n').count().solutions   // 1n
//
// Objects that hold WebAssembly memory (Problem, Solver, the iterators,
// Rules, Tiling) free it on dispose() (or `using`), and otherwise when the
// garbage collector finds them unreachable.
import createXcover from './xcover.mjs';

const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');

// --- errors -------------------------------------------------------------------

/** Every error the library raises: its message says what is wrong. */
export class XcoverError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'XcoverError';
  }
}
/** A problem the engine cannot take (a bad item, option or layout). */
export class ProblemError extends XcoverError {
  constructor(message, options) {
    super(message, options);
    this.name = 'ProblemError';
  }
}
/** Text that does not read: `source` and `line` say where. */
export class ParseError extends XcoverError {
  constructor(message, source, line, options) {
    super(message, options);
    this.name = 'ParseError';
    this.source = source;
    this.line = line;
  }
}
/** A Sudoku that is not one (wrong length, unknown symbol...). */
export class SudokuError extends XcoverError {
  constructor(message, options) {
    super(message, options);
    this.name = 'SudokuError';
  }
}
/** A count past 2^128 - 1. */
export class CountOverflow extends XcoverError {
  constructor(message, options) {
    super(message, options);
    this.name = 'CountOverflow';
  }
}

// The module throws Errors named after the library's classes; these become
// the classes above. A callback's own exception is thrown as it was.
function translate(e, box) {
  if (box?.threw) return box.error;
  if (!(e instanceof Error)) return e;
  switch (e.name) {
    case 'ParseError': return new ParseError(e.message, e.source, e.line);
    case 'SudokuError': return new SudokuError(e.message);
    case 'ProblemError': return new ProblemError(e.message);
    case 'CountOverflow': return new CountOverflow(e.message);
    case 'Error': return e.constructor === Error ? new XcoverError(e.message) : e;
    default: return e;
  }
}

function call(fn, box) {
  try {
    return fn();
  } catch (e) {
    throw translate(e, box);
  }
}

// What each call's options may hold: a name it does not take is refused,
// never silently ignored (a typo would otherwise search without its limit).
// The search options are the library's table's (searchOptionTable(): its
// JavaScript keys, by the calls that take them); web/tests/options.test.mjs
// checks these lists against it.
const TREE = ['propagate', 'itemChoice'];
const SEARCH = ['limit', 'nodeLimit', 'timeLimit', 'progress', 'progressInterval', ...TREE, 'seed'];
const ALLOWED = {
  count: [...SEARCH, 'layout', 'memo', 'symmetry'],
  solve: [...SEARCH.slice(1), 'layout'],
  solutions: [...SEARCH, 'layout'],
  'Solver.count': [...SEARCH, 'memo', 'symmetry'],
  'Solver.solve': SEARCH.slice(1),
  'Solver.solutions': SEARCH,
  'Solver()': ['layout'],
  'Tiling.count': [...SEARCH, 'disassemble', 'minLevel'],
  'Tiling.solutions': [...SEARCH, 'disassemble', 'minLevel'],
  'Tiling.solve': [...SEARCH.slice(1), 'disassemble', 'minLevel'],
  'Tiling()': ['lattice', 'board', 'pieces', 'text', 'reflections', 'distinct', 'reduce'],
  'polyomino.count': [...SEARCH, 'reflections', 'distinct', 'reduce'],
  'puzzle.count': [...SEARCH, 'layout', 'memo', 'symmetry'],
  'Rules()': ['boxes', 'latin', 'regions', 'diagonals', 'windows', 'cages', 'alphabet'],
  generate: ['count', 'seed', 'symmetry', 'killer', 'difficulty', 'clues'],
  'sudoku.generate': ['count', 'seed', 'symmetry', 'killer', 'difficulty', 'clues', 'rules'],
  estimate: ['seed', 'timeLimit', ...TREE],
  solveAll: ['unique'],
  'Problem()': ['primary', 'secondary', 'options'],
  fromMatrix: ['secondary', 'names'],
};

function checkOptions(options, call) {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object') throw new TypeError(`${call}: options must be an object`);
  const allowed = ALLOWED[call];
  for (const key of Object.keys(options)) {
    if (allowed.includes(key)) continue;
    if (key === 'threads')
      throw new XcoverError(
        `${call}: the WebAssembly build runs on one thread (no 'threads'); ` +
          'run searches side by side in Workers (xcover/client)',
      );
    throw new XcoverError(`${call}: no option '${key}' (it takes ${allowed.join(', ')})`);
  }
}

// Search options as the module takes them: a progress callback is wrapped
// so that what it throws waits here while the search unwinds.
function searchOptions(options, call) {
  checkOptions(options, call);
  if (options === undefined || options === null) return [undefined, null];
  const box = { threw: false, error: undefined };
  const progress = options.progress;
  if (progress === undefined || progress === null) return [options, box];
  if (typeof progress !== 'function') throw new TypeError('progress must be a function');
  const wrapped = (report) => {
    try {
      report.solutions = BigInt(report.solutions);
      return progress(report) !== false;
    } catch (error) {
      box.threw = true;
      box.error = error;
      return 'threw';
    }
  };
  return [{ ...options, progress: wrapped }, box];
}

function countResult(raw) {
  const solutions = BigInt(raw.solutions);
  const statistics = statisticsOf(raw.statistics);
  const result = {
    solutions,
    status: raw.status,
    complete: raw.status === 'exhausted',
    statistics,
  };
  // A tiling's count with disassemble: every assembly met too.
  if (raw.assemblies !== undefined) result.assemblies = raw.assemblies;
  return result;
}

function statisticsOf(raw) {
  return { ...raw, solutions: BigInt(raw.solutions) };
}

// --- memory -------------------------------------------------------------------

// Frees what the garbage collector finds unreachable and nobody disposed.
const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((handle) => {
        if (!handle.isDeleted()) handle.delete();
      })
    : null;

// The base of every class that holds module memory.
class Owner {
  #handle;
  #name;
  constructor(handle, name) {
    this.#handle = handle;
    this.#name = name;
    registry?.register(this, handle, this);
  }
  get _handle() {
    if (this.#handle === null) throw new XcoverError(`this ${this.#name} was disposed`);
    return this.#handle;
  }
  /** Frees the WebAssembly memory it holds; later calls throw. */
  dispose() {
    if (this.#handle === null) return;
    registry?.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
  /** Whether dispose() was called. */
  get disposed() {
    return this.#handle === null;
  }
  [dispose]() {
    this.dispose();
  }
}

// --- the API over a loaded module ----------------------------------------------

// Bulk text crosses as UTF-8 through the module's memory (see
// bindings.hpp: bulk_input).
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function makeApi(m) {
  // Puts `text` where the module's next bulk call reads it.
  const putText = (text) => {
    const bytes = encoder.encode(text);
    m.inputBuffer(bytes.length).set(bytes);
  };
  /** Solutions one at a time, each searched for when asked. */
  class SolutionIterator extends Owner {
    #box;
    #status = null;
    #statistics = null;
    #assemblies = null;
    #disassembly = null;
    #map;
    constructor(handle, box, map) {
      super(handle, 'SolutionIterator');
      this.#box = box;
      this.#map = map;
    }
    next() {
      if (this.disposed) return { done: true, value: undefined };
      const found = call(() => this._handle.next(), this.#box);
      if (found === null) {
        this.#finish();
        return { done: true, value: undefined };
      }
      return { done: false, value: this.#map ? this.#map(found) : found };
    }
    /** Ends the search (a `break` out of for...of calls it). */
    return() {
      this.#finish();
      return { done: true, value: undefined };
    }
    close() {
      this.#finish();
    }
    [Symbol.iterator]() {
      return this;
    }
    /** Why the search ended, or null while it can go on. */
    get status() {
      return this.disposed ? this.#status : this._handle.status();
    }
    get statistics() {
      return this.disposed ? this.#statistics : statisticsOf(this._handle.statistics());
    }
    /** A tiling's solutions with disassemble: the assemblies met so far; else null. */
    get assemblies() {
      return this.disposed ? this.#assemblies : this._handle.assemblies();
    }
    /**
     * A tiling's solutions with disassemble: how the solution handed out last
     * comes apart (what the filter found, not taken apart again); else null.
     */
    get disassembly() {
      return this.disposed ? this.#disassembly : this._handle.disassembly();
    }
    #finish() {
      if (this.disposed) return;
      this._handle.close();
      this.#status = this._handle.status();
      this.#statistics = statisticsOf(this._handle.statistics());
      this.#assemblies = this._handle.assemblies();
      this.#disassembly = this._handle.disassembly();
      this.dispose();
    }
  }

  const searches = {
    count(handle, options, what = 'count') {
      const [opts, box] = searchOptions(options, what);
      return countResult(call(() => handle.count(opts), box));
    },
    solve(handle, options, what = 'solve') {
      const [opts, box] = searchOptions(options, what);
      return call(() => handle.solve(opts), box);
    },
    solutions(handle, options, map, what = 'solutions') {
      const [opts, box] = searchOptions(options, what);
      return new SolutionIterator(
        call(() => handle.solutions(opts), box),
        box,
        map,
      );
    },
  };

  /** An exact-cover problem: primary items, secondary items, options. */
  class Problem extends Owner {
    /**
     * new Problem({ primary, secondary, options }): items are names; an
     * option lists its items, "item:colour" for a coloured secondary item.
     */
    constructor(spec = {}, handle = undefined) {
      super(handle ?? new m.Problem(), 'Problem');
      if (handle !== undefined) return;
      try {
        checkOptions(spec, 'Problem()');
        const { primary = [], secondary = [], options = [] } = spec;
        // All in one call, names joined by separators no name holds (a call
        // an option cost 0.5 ms for a Sudoku), the text crossing as UTF-8;
        // a name that holds one, or an empty option, goes item by item,
        // where the library says what is wrong. (Plain loops: Array.from
        // with a map took most of a Sudoku's 0.5 ms.)
        const first = Array.from(primary, String);
        const second = Array.from(secondary, String);
        const clean = (name) => !name.includes('\x1d') && !name.includes('\x1e') && !name.includes('\x1f');
        const rows = [];
        let joined = true;
        for (const option of options) {
          const row = [];
          for (const item of option) {
            const name = String(item);
            if (!clean(name)) joined = false;
            row.push(name);
          }
          if (row.length === 0) joined = false;
          rows.push(row);
        }
        if (joined && first.every(clean) && second.every(clean)) {
          const text = rows.map((row) => row.join('\x1f')).join('\x1e');
          call(() => {
            putText(`${first.join('\x1f')}\x1d${second.join('\x1f')}\x1d${text}\x1d`);
            this._handle.addAll();
          });
        } else {
          for (const item of first) this.addPrimary(item);
          for (const item of second) this.addSecondary(item);
          for (const option of rows) this.addOption(option);
        }
      } catch (e) {
        this.dispose();
        throw e;
      }
    }
    /** A problem in Knuth's text format (DLX1/DLX2's). */
    static fromDlx(text, source = '<string>') {
      return new Problem(
        undefined,
        call(() => {
          putText(String(text));
          return m.Problem.fromDlx(String(source));
        }),
      );
    }
    /**
     * Rows of 0/1 as options, columns as items: an array of arrays (or of
     * typed arrays). `secondary`: how many of the last columns are
     * secondary; `names`: the columns' items (else "0", "1", ...).
     */
    static fromMatrix(matrix, options = {}) {
      checkOptions(options, 'fromMatrix');
      const { secondary = 0, names = undefined } = options;
      const rows = matrix.length;
      const columns = rows > 0 ? matrix[0].length : names ? names.length : 0;
      const cells = new Uint8Array(rows * columns);
      for (let r = 0; r < rows; ++r) {
        const row = matrix[r];
        if (row.length !== columns)
          throw new XcoverError(`row ${r} has ${row.length} entries, not ${columns}`);
        for (let c = 0; c < columns; ++c) {
          const v = Number(row[c]);
          if (v !== 0 && v !== 1)
            throw new XcoverError(`row ${r}, column ${c}: ${row[c]} is not 0 or 1`);
          cells[r * columns + c] = v;
        }
      }
      const list = names === undefined ? undefined : Array.from(names, String);
      return new Problem(
        undefined,
        call(() => m.Problem.fromMatrix(cells, rows, columns, secondary, list)),
      );
    }
    addPrimary(name, lower = undefined, upper = undefined) {
      return call(() => this._handle.addPrimary(String(name), lower, upper));
    }
    addSecondary(name) {
      return call(() => this._handle.addSecondary(String(name)));
    }
    addOption(items) {
      return call(() => this._handle.addOption(Array.from(items, String)));
    }
    get itemCount() {
      return this._handle.itemCount();
    }
    get primaryCount() {
      return this._handle.primaryCount();
    }
    get secondaryCount() {
      return this._handle.secondaryCount();
    }
    get optionCount() {
      return this._handle.optionCount();
    }
    /** Item names: primary then secondary. */
    get items() {
      return Array.from({ length: this.itemCount }, (_, k) => this.itemName(k));
    }
    get primary() {
      return this.items.slice(0, this.primaryCount);
    }
    get secondary() {
      return this.items.slice(this.primaryCount);
    }
    /** Each option's items, as the constructor takes them. */
    get options() {
      return Array.from({ length: this.optionCount }, (_, k) => this.option(k));
    }
    itemName(item) {
      return call(() => this._handle.itemName(item));
    }
    option(index) {
      return call(() => this._handle.option(index));
    }
    optionText(index) {
      return call(() => this._handle.optionText(index));
    }
    itemBounds(item) {
      return call(() => this._handle.itemBounds(item));
    }
    get hasMultiplicities() {
      return this._handle.hasMultiplicities();
    }
    setOptionCost(option, cost) {
      call(() => this._handle.setOptionCost(option, Number(cost)));
    }
    optionCost(option) {
      return call(() => this._handle.optionCost(option));
    }
    get hasCosts() {
      return this._handle.hasCosts();
    }
    /** Knuth's text format. */
    toDlx() {
      return call(() => this._handle.toDlx());
    }
    copy() {
      return new Problem(undefined, this._handle.copy());
    }
    /**
     * The solutions counted: { solutions (a BigInt), status, complete,
     * statistics }. Options: limit, nodeLimit, timeLimit (seconds), layout,
     * memo, progress (a function; it returns false to stop), progressInterval.
     */
    count(options = undefined) {
      return searches.count(this._handle, options);
    }
    /** The first solution (option indices), or null. */
    solve(options = undefined) {
      return searches.solve(this._handle, options);
    }
    /** A lazy iterator over the solutions (arrays of option indices). */
    solutions(options = undefined) {
      return searches.solutions(this._handle, options);
    }
  }

  /** A problem ready to search many times, with assumptions. */
  class Solver extends Owner {
    constructor(problem, options = {}) {
      if (!(problem instanceof Problem)) throw new TypeError('Solver takes a Problem');
      checkOptions(options, 'Solver()');
      const layout = options.layout ?? 'auto';
      super(
        call(() => new m.Solver(problem._handle, layout)),
        'Solver',
      );
    }
    count(options = undefined) {
      return searches.count(this._handle, options, 'Solver.count');
    }
    solve(options = undefined) {
      return searches.solve(this._handle, options, 'Solver.solve');
    }
    solutions(options = undefined) {
      return searches.solutions(this._handle, options, undefined, 'Solver.solutions');
    }
    /** Forces an option (or several) into every solution; false on a clash. */
    assume(options) {
      return call(() => this._handle.assume(options));
    }
    clearAssumptions() {
      call(() => this._handle.clearAssumptions());
    }
    get assumptions() {
      return call(() => this._handle.assumptions());
    }
    /** Knuth's estimate of the search tree from random probes. */
    estimate(probes, options = {}) {
      checkOptions(options, 'estimate');
      const { seed = 0, ...rest } = options ?? {};
      return call(() => this._handle.estimate(probes, seed, rest));
    }
    get layout() {
      return this._handle.layout();
    }
    get kernels() {
      return this._handle.kernels();
    }
    get statistics() {
      return statisticsOf(this._handle.statistics());
    }
  }

  // --- Sudoku ---

  /** Sudoku rules of any shape; puzzles are lines of symbols. */
  class Rules extends Owner {
    /**
     * new Rules({ boxes: [rows, columns] | latin: side | regions: "AAAB...",
     * diagonals, windows, cages: "r1c1r1c2=3 ...", alphabet }); 9x9 by default.
     */
    constructor(options = {}) {
      checkOptions(options, 'Rules()');
      super(call(() => new m.SudokuRules(options)), 'Rules');
    }
    get side() {
      return this._handle.side();
    }
    get cages() {
      return this._handle.cages();
    }
    describe() {
      return this._handle.describe();
    }
    solve(puzzle) {
      return call(() => this._handle.solve(String(puzzle)));
    }
    solveUnique(puzzle) {
      return call(() => this._handle.solveUnique(String(puzzle)));
    }
    count(puzzle, limit = 2) {
      return call(() => this._handle.count(String(puzzle), Number(limit)));
    }
    conflict(puzzle) {
      return call(() => this._handle.conflict(String(puzzle)));
    }
    isSolution(puzzle, solution) {
      return call(() => this._handle.isSolution(String(puzzle), String(solution)));
    }
    toGrid(puzzle) {
      return call(() => this._handle.toGrid(String(puzzle)));
    }
    rate(puzzle) {
      return call(() => this._handle.rate(String(puzzle)));
    }
    generate(options = {}) {
      checkOptions(options, 'generate');
      return call(() => this._handle.generate(options));
    }
    svg(puzzle, solution = null) {
      return call(() => this._handle.svg(String(puzzle), solution === null ? null : String(solution)));
    }
  }

  // The standard rules of each side, for the module's functions (never
  // disposed: they live as long as the module).
  const standard = new Map();
  const sides = new Map([[16, 4], [81, 9], [256, 16], [625, 25]]);
  const standardRules = (puzzle) => {
    const line = String(puzzle);
    // The side from the length, as the library reads it (which says why
    // when a line is no puzzle).
    const side = sides.get(line.length) ?? call(() => m.sudokuSide(line));
    if (!standard.has(side)) standard.set(side, call(() => m.sudokuStandard(side)));
    return [standard.get(side), line];
  };
  const onStandard = (method) => (puzzle, ...rest) => {
    const [rules, line] = standardRules(puzzle);
    return call(() => rules[method](line, ...rest));
  };

  const sudoku = Object.freeze({
    Rules,
    /** The first solution, or null when there is none. */
    solve: onStandard('solve'),
    /** One search to two solutions: { solution, solutions: 0, 1 or 2 }. */
    solveUnique: onStandard('solveUnique'),
    /** The solutions up to `limit` (0: all). */
    count: (puzzle, limit = 0) => onStandard('count')(puzzle, Number(limit)),
    conflict: onStandard('conflict'),
    isSolution: (puzzle, solution) => onStandard('isSolution')(puzzle, String(solution)),
    toGrid: onStandard('toGrid'),
    rate: onStandard('rate'),
    svg: (puzzle, solution = null) =>
      onStandard('svg')(puzzle, solution === null ? null : String(solution)),
    /** Puzzles of the standard 9x9 rules (or new Rules(...).generate). */
    generate(options = {}) {
      checkOptions(options, 'sudoku.generate');
      const { rules: shape = {}, ...how } = options;
      const rules = new Rules(shape);
      try {
        return rules.generate(how);
      } finally {
        rules.dispose();
      }
    },
    /**
     * One result per puzzle, in order, in one call: its solution, null, or a
     * SudokuError; with { unique: true }, { solution, solutions } as
     * solveUnique gives (solutions up to 2) in place of the solution.
     */
    solveAll(puzzles, options = {}) {
      checkOptions(options, 'solveAll');
      const unique = options.unique === true;
      // Text's last line break ends its last line; it starts none.
      const lines =
        typeof puzzles === 'string' ? puzzles.replace(/\r?\n$/, '').split(/\r?\n/) : Array.from(puzzles, String);
      if (lines.length === 0) return [];
      if (lines.some((line) => line.includes('\n')))
        throw new SudokuError('a puzzle is one line: it holds no line break');
      let out, solutions;
      try {
        out = call(() => {
          putText(lines.join('\n'));
          return m.sudokuSolveAll(unique ? 2 : 1);
        });
        solutions = decoder.decode(out.solutions).split('\n');
      } finally {
        m.releaseBulk();
      }
      return lines.map((_, k) => {
        const error = out.errors[k];
        if (error !== undefined) return new SudokuError(error);
        const solution = solutions[k] === '' ? null : solutions[k];
        return unique ? { solution, solutions: out.counts[k] } : solution;
      });
    },
  });

  // --- queens and Langford pairs ---

  function puzzleNamespace(Make, read, name) {
    const problem = (n) => {
      const made = call(() => new Make(n));
      try {
        return new Problem(undefined, made.problem());
      } finally {
        made.delete();
      }
    };
    const withPuzzle = (n, body) => {
      const made = call(() => new Make(n));
      try {
        return body(made);
      } finally {
        made.delete();
      }
    };
    return {
      problem,
      /** The solutions counted, a BigInt (options as Problem.count's). */
      count(n, options = undefined) {
        return withPuzzle(n, (made) => {
          const handle = made.problem();
          try {
            return searches.count(handle, options, 'puzzle.count').solutions;
          } finally {
            handle.delete();
          }
        });
      },
      /** The first `limit` solutions (0: all) in the puzzle's terms. */
      *solutions(n, limit = 0) {
        const made = call(() => new Make(n));
        const handle = made.problem();
        const it = searches.solutions(handle, { limit }, (found) => call(() => made[read](found)));
        try {
          yield* it;
        } finally {
          it.dispose();
          handle.delete();
          made.delete();
        }
      },
      /** The library's SVG picture of a solution given in the puzzle's terms. */
      svg(solution) {
        return withPuzzle(name === 'queens' ? solution.length : solution.length / 2, (made) =>
          call(() => made.svgOf(Array.from(solution))),
        );
      },
    };
  }

  const queens = Object.freeze({
    ...puzzleNamespace(m.Queens, 'columns', 'queens'),
    /** One string a row, 'Q' a queen. */
    picture: (columns) => call(() => m.queensPicture(Array.from(columns))),
  });
  const langford = Object.freeze(puzzleNamespace(m.Langford, 'sequence', 'langford'));

  // --- tilings ---

  /**
   * A board to tile with pieces, on any lattice: new Tiling({ lattice,
   * board, pieces, text, reflections, distinct, reduce }).
   */
  class Tiling extends Owner {
    #problem = null;
    constructor(options = {}) {
      checkOptions(options, 'Tiling()');
      super(call(() => new m.Tiling(options)), 'Tiling');
    }
    /** A copy of its exact-cover problem. */
    get problem() {
      this.#problem ??= new Problem(undefined, this._handle.problem());
      return this.#problem;
    }
    get lattice() {
      return this._handle.lattice();
    }
    get board() {
      return this._handle.board();
    }
    get pieces() {
      return this._handle.pieces();
    }
    count(options = undefined) {
      return searches.count(this._handle, options, 'Tiling.count');
    }
    solutions(options = undefined) {
      return searches.solutions(this._handle, options, undefined, 'Tiling.solutions');
    }
    solve(options = undefined) {
      checkOptions(options, 'Tiling.solve');
      const it = this.solutions({ ...options, limit: 1 });
      try {
        const first = it.next();
        return first.done ? null : first.value;
      } finally {
        it.dispose();
      }
    }
    /**
     * How a solution's pieces come apart (cubes and prisms): { apart, level,
     * levelText, moves, steps, positions, plan, lines }.
     */
    disassemble(solution) {
      return call(() => this._handle.disassemble(Array.from(solution)));
    }
    /**
     * Each piece's closed surface in space, in the solution's order:
     * { vertices: [x, y, z, ...] (x right, y away, z up, in edges),
     * triangles: [a, b, c, ...] (counter-clockwise seen from outside) }.
     */
    meshes(solution) {
      return call(() => this._handle.meshes(Array.from(solution)));
    }
    /** What each option of a solution places: { piece, copy, cells }. */
    placements(solution) {
      return call(() => this._handle.placements(Array.from(solution)));
    }
    /** The tiled board as text, a row a string. */
    picture(solution) {
      return call(() => this._handle.picture(Array.from(solution)));
    }
    /** The library's SVG picture of a solution. */
    svg(solution) {
      return call(() => this._handle.svg(Array.from(solution)));
    }
    dispose() {
      this.#problem?.dispose();
      super.dispose();
    }
  }

  const polyform = Object.freeze({
    Tiling,
    /** The named piece sets of a lattice. */
    pieceSets: (lattice) => call(() => m.pieceSets(lattice)),
    /** A named set's pieces as pictures: { NAME: rows }. */
    pieces: (lattice, name) => call(() => m.piecePictures(lattice, name)),
    /** A named board's picture, or null. */
    board: (lattice, name) => call(() => m.boardPicture(lattice, name)),
  });

  const polyomino = Object.freeze({
    /** A board of squares tiled with pieces (pentominoes by default). */
    Tiling: class extends Tiling {
      constructor(options = {}) {
        super({ ...options, lattice: 'square' });
      }
    },
    /** The tilings of a named board ("6x10") by the 12 pentominoes, a BigInt. */
    count(board = '6x10', options = {}) {
      checkOptions(options, 'polyomino.count');
      const { reflections, distinct, reduce, ...search } = options;
      const tiling = new Tiling({ lattice: 'square', board, reflections, distinct, reduce });
      try {
        return tiling.count(search).solutions;
      } finally {
        tiling.dispose();
      }
    },
    pentominoes: () => polyform.pieces('square', 'pentominoes'),
    board: (name) => polyform.board('square', name),
  });

  return Object.freeze({
    version: m.version,
    Problem,
    Solver,
    SolutionIterator,
    sudoku,
    queens,
    langford,
    polyomino,
    polyform,
    XcoverError,
    ProblemError,
    ParseError,
    SudokuError,
    CountOverflow,
    /** Bytes the module's allocator holds now (for leak checks). */
    heapBytes: () => m.heapBytes(),
    /** The library's one table of search options (xcover/frontend/options.hpp). */
    searchOptionTable: () => m.searchOptionTable(),
    /** The library's name tables (xcover/frontend/names.hpp). */
    optionNames: () => m.optionNames(),
  });
}

let loaded = null;

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// V8 runs a WebAssembly function in baseline code (2-3x slower) until it
// has run for a while; then it compiles it optimised, in the background,
// and calls that code from the function's next call on (no on-stack
// replacement: the search loop returns and is called again every thousand
// nodes or so for this, src/engine/search.hpp). Searches at load, in the
// bit sets of every size and the Sudoku solver, have the hot functions
// compiled optimised before the first real search (about 0.1 s).
async function warmUp(xc) {
  for (let k = 0; k < 10; ++k) xc.queens.count(6);
  for (const n of [12, 16]) xc.queens.count(n, { nodeLimit: 20000 });
  const sudoku = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  for (let k = 0; k < 5; ++k) xc.sudoku.solveUnique(sudoku);
  // (V8 tiers a function up after it has run for a while: a batch of a
  // few hundred, not a few, has the batch's own functions compiled
  // optimised; the first batch of 10,000 then took 55 ms rather than 80.)
  xc.sudoku.solveAll(new Array(300).fill(sudoku), { unique: true });
  xc.polyomino.count('6x10', { reduce: false, nodeLimit: 20000 });
  // The optimised code is compiled in the background: a moment for it.
  await new Promise((resolve) => setTimeout(resolve, 30));
}

// Node reads the .wasm beside this file (its fetch() takes no file: URL).
async function instantiate(options) {
  const { warmUp: warm = true, ...given } = { ...options };
  if (isNode && given.wasmBinary === undefined && given.locateFile === undefined) {
    const { readFile } = await import('node:fs/promises');
    given.wasmBinary = await readFile(new URL('./xcover.wasm', import.meta.url));
  }
  const xc = makeApi(await createXcover(given));
  if (warm) await warmUp(xc);
  return xc;
}

/**
 * Loads the WebAssembly module (once; later calls share it) and returns the
 * API. In a browser, xcover.wasm is fetched from beside this file; Node
 * reads it from there. `options.wasmBinary` or `options.locateFile` (as
 * Emscripten takes them) say otherwise, and load a module of their own;
 * `options.warmUp: false` skips the warm-up searches (see warmUp above).
 */
export function load(options = undefined) {
  if (options !== undefined) return instantiate(options);
  loaded ??= instantiate({});
  return loaded;
}

export default load;
