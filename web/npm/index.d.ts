// SPDX-License-Identifier: MIT
// Types of the xcover package (index.mjs). Objects that hold WebAssembly
// memory have dispose(); the garbage collector frees the ones nobody
// disposed.

/** Why a search ended. */
export type Status =
  | 'exhausted'
  | 'stopped'
  | 'solution_limit'
  | 'node_limit'
  | 'time_limit'
  | 'cancelled';

/**
 * The search structure a Solver builds, by the library's one name for it
 * ('auto' picks one); costs and memo are only reported (cheapest() and a
 * memoised count build their own).
 */
export type Layout =
  | 'auto'
  | 'links'
  | 'bitsets'
  | 'counted-bitsets'
  | 'sparse'
  | 'multiplicities'
  | 'costs'
  | 'memo';

/** A layout a search may ask for; 'automatic' and 'counted_bitsets' are the old spellings, taken for one release. */
export type LayoutName =
  | Exclude<Layout, 'costs' | 'memo'>
  | 'automatic'
  | 'counted_bitsets';

/** The item a search branches on (the library's names). */
export type ItemChoice = 'first-shortest' | 'most-clashes';

/** One row of the library's table of search options (searchOptionTable()). */
export interface SearchOptionRow {
  /** The canonical name: 'item-choice'. */
  name: string;
  /** Each front end's spelling ('' where it has none: see elsewhere). */
  cli: string;
  python: string;
  javascript: string;
  kind: 'switch' | 'count' | 'positive_count' | 'seconds' | 'threads' | 'mebibytes' | 'file' | 'name' | 'callback' | 'positive_seconds';
  /** A name's table, in optionNames(): 'layout', 'item-choice', 'zdd-format' or 'zdd-order'. */
  names: string;
  default: string;
  /** The calls that take it. */
  calls: Array<'solutions' | 'count' | 'estimate' | 'cheapest' | 'zdd'>;
  /** The CLI's --help text. */
  help: string;
  /** What the front ends without it have instead. */
  elsewhere: string;
  /** What it takes, as its message says: 'a whole number (0 or more)'. */
  takes: string;
}

/** One value's names in one of the library's name tables (optionNames()). */
export interface NameRow {
  name: string;
  /** An older spelling still taken, or ''. */
  alias: string;
  /** Whether a caller may ask for it. */
  asked: boolean;
}

/** A report while a search runs. */
export interface Progress {
  nodes: number;
  updates: number;
  solutions: bigint;
  seconds: number;
  level: number;
  /** Knuth's estimate of the share of the tree explored, 0 to 1. */
  fractionDone: number;
}

/** What bounds a search, and its progress reports. */
export interface SearchOptions {
  /** Stop after this many solutions (0: all). */
  limit?: number;
  /** Stop before entering more nodes (0: no limit). */
  nodeLimit?: number;
  /** Seconds (0: no limit). */
  timeLimit?: number;
  /** Called every progressInterval seconds; returning false stops the search. */
  progress?: (report: Progress) => boolean | void;
  progressInterval?: number;
  /**
   * Commit forced options ahead (an item with one option left), all at
   * once: the same solutions, perhaps in another order, often faster. The
   * bitsets layout alone follows it; another throws.
   */
  propagate?: boolean;
  /** The item to branch on: the first of fewest options (default), or of the first 7 of fewest options, the one whose options clash with the most (bitsets layout only). */
  itemChoice?: ItemChoice;
  /** Break ties between items of equal length at random with this seed (0: the first). */
  seed?: number;
}

export interface ProblemSearchOptions extends SearchOptions {
  layout?: LayoutName;
}

export interface CountOptions extends ProblemSearchOptions {
  /** true: memoised (Knuth's DLX6); false: plain; unset: whichever pays. */
  memo?: boolean;
  /**
   * false: never split the count by the problem's symmetries. By default a count that is not
   * plain counts one option of each class that permutations of the items (mapping the options
   * onto themselves) make among an item's options, times the class's size.
   */
  symmetry?: boolean;
}

export interface Statistics {
  nodes: number;
  updates: number;
  solutions: bigint;
  seconds: number;
  bytes: number;
  layout: Layout;
  memoHits: number;
  memoEntries: number;
  /** A count split by symmetry: the item's options, and the classes counted (else 0, 0). */
  symmetryOptions: number;
  symmetryClasses: number;
  levelNodes: number[];
}

export interface CountResult {
  /** The solutions counted: all of them when complete. */
  solutions: bigint;
  status: Status;
  complete: boolean;
  statistics: Statistics;
}

export interface Estimate {
  probes: number;
  nodes: number;
  updates: number;
  solutions: number;
  seconds: number;
  nodesSpread: number;
  solutionsSpread: number;
  status: Status;
}

/** Something that holds WebAssembly memory until dispose(). */
export interface Disposable {
  dispose(): void;
  readonly disposed: boolean;
}

/** Solutions searched for one at a time: arrays of option indices. */
export interface SolutionIterator<T = number[]> extends IterableIterator<T>, Disposable {
  /** Ends the search early (a break out of for...of does). */
  close(): void;
  /** Why the search ended; null while it can go on. */
  readonly status: Status | null;
  readonly statistics: Statistics;
}

export interface ProblemSpec {
  primary?: Iterable<string>;
  secondary?: Iterable<string>;
  /** Each option's items; "item:colour" for a coloured secondary item. */
  options?: Iterable<Iterable<string>>;
}

export interface Problem extends Disposable {
  addPrimary(name: string, lower?: number, upper?: number): number;
  addSecondary(name: string): number;
  addOption(items: Iterable<string>): number;
  readonly itemCount: number;
  readonly primaryCount: number;
  readonly secondaryCount: number;
  readonly optionCount: number;
  readonly items: string[];
  readonly primary: string[];
  readonly secondary: string[];
  readonly options: string[][];
  itemName(item: number): string;
  option(index: number): string[];
  optionText(index: number): string;
  itemBounds(item: number): [number, number];
  readonly hasMultiplicities: boolean;
  setOptionCost(option: number, cost: number): void;
  optionCost(option: number): number;
  readonly hasCosts: boolean;
  toDlx(): string;
  copy(): Problem;
  count(options?: CountOptions): CountResult;
  solve(options?: ProblemSearchOptions): number[] | null;
  solutions(options?: ProblemSearchOptions): SolutionIterator;
}

export interface ProblemConstructor {
  new (spec?: ProblemSpec): Problem;
  /** Knuth's text format; ParseError names source and line. */
  fromDlx(text: string, source?: string): Problem;
  /** Rows are options, columns items (the last `secondary` ones secondary). */
  fromMatrix(
    matrix: ArrayLike<ArrayLike<number | boolean>>,
    options?: { secondary?: number; names?: Iterable<string> },
  ): Problem;
}

export interface Solver extends Disposable {
  count(options?: CountOptions): CountResult;
  solve(options?: SearchOptions): number[] | null;
  solutions(options?: SearchOptions): SolutionIterator;
  assume(options: number | number[]): boolean;
  clearAssumptions(): void;
  readonly assumptions: number[];
  estimate(
    probes: number,
    options?: { seed?: number; timeLimit?: number; propagate?: boolean; itemChoice?: ItemChoice },
  ): Estimate;
  readonly layout: Layout;
  readonly kernels: string;
  readonly statistics: Statistics;
}

export interface SolverConstructor {
  new (problem: Problem, options?: { layout?: LayoutName }): Solver;
}

// --- Sudoku ---

export interface RulesOptions {
  /** Boxes of [rows, columns]; 9x9 with 3x3 boxes by default. */
  boxes?: [number, number];
  /** A Latin square of this side (no boxes). */
  latin?: number;
  /** Jigsaw: one symbol per cell names its region. */
  regions?: string;
  diagonals?: boolean;
  windows?: boolean;
  /** Killer cages: "r1c1r1c2=3 ...". */
  cages?: string;
  /** The symbols, in order ('.' stays the blank). */
  alphabet?: string;
}

export interface Rating {
  level: 'simple' | 'easy' | 'intermediate' | 'expert';
  score: number;
  logical: boolean;
  nakedSingles: number;
  hiddenSingles: number;
  lockedCandidates: number;
  nakedPairs: number;
  solutions: number;
}

export interface GenerateOptions {
  count?: number;
  seed?: number;
  symmetry?: 'none' | 'rotate180' | 'rotate90' | 'mirror' | 'flip' | 'diagonal';
  killer?: boolean;
  difficulty?: 'simple' | 'easy' | 'intermediate' | 'expert';
  /** At most this many clues. */
  clues?: number;
}

export interface Generated {
  puzzle: string;
  solution: string;
  seed: number;
  cages?: string;
  level?: string;
}

export interface Unique {
  solution: string | null;
  /** 0, 1, or 2 for two or more. */
  solutions: number;
}

/** What Rules and the sudoku namespace (standard boards) both do. */
export interface SudokuMethods {
  solve(puzzle: string): string | null;
  solveUnique(puzzle: string): Unique;
  count(puzzle: string, limit?: number): number;
  conflict(puzzle: string): string | null;
  isSolution(puzzle: string, solution: string): boolean;
  toGrid(puzzle: string): string;
  rate(puzzle: string): Rating;
  svg(puzzle: string, solution?: string | null): string;
}

export interface Rules extends Disposable, SudokuMethods {
  readonly side: number;
  readonly cages: string;
  describe(): string;
  generate(options?: GenerateOptions): Generated[];
}

export interface Sudoku extends SudokuMethods {
  Rules: new (options?: RulesOptions) => Rules;
  generate(options?: GenerateOptions & { rules?: RulesOptions }): Generated[];
  /** One result per puzzle, in order, in one call. */
  solveAll(puzzles: Iterable<string> | string): (string | null | SudokuError)[];
  /** With uniqueness proved: solutions up to 2 for each puzzle. */
  solveAll(puzzles: Iterable<string> | string, options: { unique: true }): (Unique | SudokuError)[];
}

// --- queens, Langford pairs ---

export interface PuzzleNamespace {
  problem(n: number): Problem;
  count(n: number, options?: SearchOptions): bigint;
  solutions(n: number, limit?: number): Generator<number[], void, undefined>;
  svg(solution: number[]): string;
}

export interface Queens extends PuzzleNamespace {
  picture(columns: number[]): string[];
}

// --- tilings ---

export type Lattice =
  | 'square'
  | 'triangle'
  | 'hex'
  | 'cube'
  | 'prism'
  | 'sphere'
  | 'rhombic'
  | 'tetra-octa';
export type Picture = string | string[];

export interface TilingOptions {
  lattice?: Lattice;
  /** A named board ("6x10", "hexagon-3", "3x4x5") or a picture ('#' cells). */
  board?: Picture;
  /** A named set ("pentominoes", "hexiamonds", "soma") or pictures by name. */
  pieces?: string | Record<string, Picture | { shape: Picture; copies?: number }>;
  /** A whole picture file: "board" and "piece NAME" sections. */
  text?: string;
  reflections?: boolean;
  /** One tiling of each class under the board's symmetries. */
  distinct?: boolean;
  reduce?: boolean;
}

export interface Placement {
  piece: string;
  copy: number;
  cells: [number, number, number][];
}

/** A piece's closed surface in space (Tiling.meshes). */
export interface Mesh {
  /** x, y, z of each vertex in turn, in edges: x right, y away, z up. */
  vertices: number[];
  /** Three vertex indices a triangle, counter-clockwise seen from outside. */
  triangles: number[];
}

/** One move of a disassembly (Tiling.disassemble). */
export interface Move {
  /** The pieces that move, as indices into the solution's options. */
  pieces: number[];
  /** One step, [row, column, layer]: a unit step on cubes; on prisms a layer, two columns, or a row and a column. */
  direction: [number, number, number];
  /** How many steps they go. */
  distance: number;
  /** Whether they leave the rest for good: a part of their own from then on. */
  removes: boolean;
}

/** How an assembly comes apart, as BurrTools takes it apart. */
export interface Disassembly {
  apart: boolean;
  /** BurrTools' level: the moves until the first part comes off, then each part's. */
  level: number[];
  /** The level as BurrTools writes it: "98.2.4.2" ("" when not apart). */
  levelText: string;
  /** The moves in all. */
  moves: number;
  /** The steps of the moves that remove nothing, in all. */
  steps: number;
  /** The positions looked at. */
  positions: number;
  plan: Move[];
  /** The moves as `xcover polyform --moves` prints them: "move A B right 2". */
  lines: string[];
}

export interface TilingSearchOptions extends SearchOptions {
  /** Only the assemblies that come apart (cube and prism lattices): BurrTools' solutions. */
  disassemble?: boolean;
  /** With disassemble, only those whose first part needs at least this many moves. */
  minLevel?: number;
}

/** A tiling's count; with disassemble, the assemblies that come apart, and all those met. */
export interface TilingCountResult extends CountResult {
  /** With disassemble, every assembly met, apart or not. */
  assemblies?: number;
}

/** A tiling's solutions; with disassemble, what the filter found too. */
export interface TilingSolutionIterator extends SolutionIterator {
  /** With disassemble, the assemblies met so far, apart or not; else null. */
  readonly assemblies: number | null;
  /**
   * With disassemble, how the solution handed out last comes apart (what the
   * filter found: not taken apart again); else null.
   */
  readonly disassembly: Disassembly | null;
}

export interface Tiling extends Disposable {
  readonly problem: Problem;
  readonly lattice: Lattice;
  readonly board: string[];
  readonly pieces: string[];
  /**
   * The kept tilings counted (one of each class with distinct). Its statistics
   * hold only the solutions: the count may take the memo, or check each tiling.
   */
  count(options?: TilingSearchOptions): TilingCountResult;
  solutions(options?: TilingSearchOptions): TilingSolutionIterator;
  /** The first tiling kept (with disassemble: the first assembly that comes apart). */
  solve(options?: Omit<TilingSearchOptions, 'limit'>): number[] | null;
  /** How a solution's pieces come apart (cube and prism lattices; ProblemError on another). */
  disassemble(solution: number[]): Disassembly;
  placements(solution: number[]): Placement[];
  /** Each piece's surface in space, in the solution's order (what STL and SVG draw). */
  meshes(solution: number[]): Mesh[];
  picture(solution: number[]): string[];
  svg(solution: number[]): string;
}

export interface Polyform {
  Tiling: new (options?: TilingOptions) => Tiling;
  pieceSets(lattice: Lattice): string[];
  pieces(lattice: Lattice, name: string): Record<string, string[]>;
  board(lattice: Lattice, name: string): string[] | null;
}

export interface Polyomino {
  Tiling: new (options?: Omit<TilingOptions, 'lattice'>) => Tiling;
  count(
    board?: string,
    options?: SearchOptions & Pick<TilingOptions, 'reflections' | 'distinct' | 'reduce'>,
  ): bigint;
  pentominoes(): Record<string, string[]>;
  board(name: string): string[] | null;
}

// --- errors ---

export class XcoverError extends Error {}
export class ProblemError extends XcoverError {}
export class ParseError extends XcoverError {
  source: string;
  line: number;
}
export class SudokuError extends XcoverError {}
export class CountOverflow extends XcoverError {}

export interface Xcover {
  readonly version: string;
  Problem: ProblemConstructor;
  Solver: SolverConstructor;
  sudoku: Sudoku;
  queens: Queens;
  langford: PuzzleNamespace;
  polyomino: Polyomino;
  polyform: Polyform;
  XcoverError: typeof XcoverError;
  ProblemError: typeof ProblemError;
  ParseError: typeof ParseError;
  SudokuError: typeof SudokuError;
  CountOverflow: typeof CountOverflow;
  /** Bytes the module's allocator holds now. */
  heapBytes(): number;
  /** The library's one table of search options, as the CLI, Python and JavaScript read it. */
  searchOptionTable(): SearchOptionRow[];
  /** The library's name tables: layout, item-choice, status, kernels, counting, zdd-format, zdd-order. */
  optionNames(): Record<string, NameRow[]>;
}

export interface LoadOptions {
  /** The module's bytes, instead of fetching xcover.wasm. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where xcover.wasm is, given its name and this file's folder. */
  locateFile?: (path: string, prefix: string) => string;
  /**
   * Run small searches at load (default true, about 0.1 s) so that V8 has the
   * engine's hot code optimised before the first long search.
   */
  warmUp?: boolean;
}

/** Loads the module (once; later calls share it) and returns the API. */
export function load(options?: LoadOptions): Promise<Xcover>;
export default load;
