// SPDX-License-Identifier: MIT
// The page's code: loads the xcover module, solves a sample Sudoku at once
// (window.xcoverFirstSolveMs records when, for the browser test), then wires
// the three sections. Short work runs here; counts and tilings run in Web
// Workers (client.mjs) that show progress and stop on demand.
import { load } from './xcover/index.mjs';
import { createWorker } from './xcover/client.mjs';
import { SAMPLES } from './samples.mjs';

const $ = (id) => document.getElementById(id);

// Shows `text` in a message element; `error` marks it as an error.
function say(id, text, error = false) {
  const element = $(id);
  element.textContent = text;
  element.classList.toggle('error', error);
}

// Runs `body`, showing what it throws in the message element `id`.
async function guarded(id, body) {
  try {
    await body();
  } catch (e) {
    if (e?.name === 'CancelledError') return;
    say(id, `${e?.name ?? 'Error'}: ${e?.message ?? e}`, true);
  }
}

// Resolves after `ms` ms.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Lets the browser paint a message before a search blocks the thread.
const paint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// --- tabs -------------------------------------------------------------------

function setUpTabs() {
  const tabs = [...document.querySelectorAll('[role=tab]')];
  for (const tab of tabs)
    tab.addEventListener('click', () => {
      for (const other of tabs) {
        const selected = other === tab;
        other.setAttribute('aria-selected', String(selected));
        $(other.getAttribute('aria-controls')).hidden = !selected;
      }
    });
}

// --- long searches in workers -------------------------------------------------

// Idle workers; a job takes one (or starts one) and gives it back.
const idle = [];
const takeWorker = async () => idle.pop() ?? createWorker();

// A number or BigInt with thousands separators.
const format = (n) => n.toLocaleString('en-US');

/**
 * Runs `call` with `args` in a worker, with a line in the status area
 * (id job-NAME) showing progress and a Stop button (id stop-NAME). The
 * button `trigger` is disabled meanwhile. A stopped search that `counts`
 * says how many solutions it had found. Resolves with { result, seconds },
 * or with { stopped: true } (the section's message `messageId` says so).
 */
async function longJob(name, call, args, { trigger, messageId, label, counts = true }) {
  trigger.disabled = true;
  $(`job-${name}`)?.remove();
  const line = document.createElement('li');
  line.id = `job-${name}`;
  const text = document.createElement('span');
  text.className = 'progress';
  text.textContent = `${label}: running…`;
  const stop = document.createElement('button');
  stop.id = `stop-${name}`;
  stop.textContent = 'Stop';
  stop.setAttribute('aria-label', `Stop ${label}`);
  line.append(text, ' ', stop);
  $('jobs').append(line);
  let job = null;
  let stopped = false;
  stop.addEventListener('click', () => {
    stopped = true;
    job?.cancel();
  });
  const worker = await takeWorker();
  try {
    if (stopped) throw Object.assign(new Error('cancelled'), { name: 'CancelledError' });
    const started = performance.now();
    // Searches report progress; other jobs (generating) only show Stop.
    const onProgress = (p) => {
      const done = p.fractionDone > 0 ? `, ~${(100 * p.fractionDone).toFixed(1)}% done` : '';
      text.textContent = `${label}: ${format(p.nodes)} nodes, ${format(p.solutions)} solutions so far, ` +
        `${p.seconds.toFixed(1)} s${done}`;
    };
    job = worker.run(call, args, counts ? { onProgress } : {});
    const result = await job;
    const seconds = (performance.now() - started) / 1000;
    text.textContent = `${label}: done in ${seconds.toFixed(2)} s`;
    return { result, stopped: false, seconds };
  } catch (e) {
    if (e?.name !== 'CancelledError') {
      text.textContent = `${label}: failed`;
      throw e;
    }
    const message = counts ? `stopped after ${format(job?.progress?.solutions ?? 0n)} solutions` : 'stopped';
    text.textContent = `${label}: ${message}`;
    say(messageId, message);
    return { result: null, stopped: true };
  } finally {
    stop.remove();
    idle.push(worker); // a cancelled worker has restarted itself
    trigger.disabled = false;
  }
}

// --- Sudoku -----------------------------------------------------------------

const SAMPLE =
  '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

// `boxes` draws the grid's thick lines; `standard` shapes (square boxes)
// solve many lines at once with sudoku.solveAll, which picks the standard
// rules by each line's length.
const SHAPES = [
  { id: '4x4', label: '4×4 (2×2 boxes)', rules: { boxes: [2, 2] }, standard: true },
  { id: '6x6', label: '6×6 (2×3 boxes)', rules: { boxes: [2, 3] } },
  { id: '8x8', label: '8×8 (2×4 boxes)', rules: { boxes: [2, 4] } },
  { id: '9x9', label: '9×9', rules: {}, boxes: [3, 3], standard: true },
  { id: '9x9-x', label: '9×9 X-sudoku (diagonals)', rules: { diagonals: true }, boxes: [3, 3] },
  { id: '9x9-windoku', label: '9×9 windoku (four windows)', rules: { windows: true }, boxes: [3, 3] },
  { id: '12x12', label: '12×12 (3×4 boxes)', rules: { boxes: [3, 4] } },
  { id: '16x16', label: '16×16 (4×4 boxes)', rules: { boxes: [4, 4] }, standard: true },
  { id: '25x25', label: '25×25 (5×5 boxes)', rules: { boxes: [5, 5] }, standard: true },
  { id: 'latin-7', label: '7×7 Latin square', rules: { latin: 7 }, boxes: null },
];
// The shape a line of so many cells switches to.
const BY_CELLS = { 16: '4x4', 36: '6x6', 64: '8x8', 81: '9x9', 144: '12x12', 256: '16x16', 625: '25x25' };
const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function setUpSudoku(xc) {
  const shapeSelect = $('sudoku-shape');
  for (const shape of SHAPES) shapeSelect.add(new Option(shape.label, shape.id));
  shapeSelect.value = '9x9';
  const made = new Map(); // the Rules of each shape, made once
  let shape = null;
  let rules = null;
  let cells = [];

  const side = () => rules.side;
  const blank = () => '.'.repeat(side() * side());
  const gridLine = () => cells.map((cell) => cell.value.trim().toUpperCase() || '.').join('');

  function select(id) {
    shape = SHAPES.find((s) => s.id === id);
    if (!made.has(id)) made.set(id, new xc.sudoku.Rules(shape.rules));
    rules = made.get(id);
    shapeSelect.value = id;
    buildGrid();
    limitLevels();
  }

  // Minimal puzzles from 12x12 up need guessing: they all rate expert (20
  // of 20 made at 12x12, 4 of 4 at 16x16), so an easier level would never
  // come. Those levels are off there, and the choice comes back on a
  // smaller board.
  const levels = $('sudoku-difficulty');
  let wantedLevel = levels.value;
  levels.addEventListener('change', () => {
    wantedLevel = levels.value;
  });
  function limitLevels() {
    const onlyExpert = rules.side >= 12;
    for (const option of levels.options)
      option.disabled = onlyExpert && option.value !== '' && option.value !== 'expert';
    const wanted = [...levels.options].find((option) => option.value === wantedLevel);
    levels.value = wanted && !wanted.disabled ? wantedLevel : '';
    levels.title = onlyExpert ? 'minimal puzzles of this size all need guessing: expert' : '';
  }

  function buildGrid() {
    const n = side();
    const [boxRows, boxColumns] = shape.boxes === undefined ? shape.rules.boxes : shape.boxes ?? [n, n];
    const grid = $('sudoku-grid');
    grid.replaceChildren();
    grid.style.setProperty('--side', n);
    cells = [];
    for (let r = 0; r < n; ++r) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (let c = 0; c < n; ++c) {
        const cell = document.createElement('input');
        cell.className = 'cell';
        cell.maxLength = 1;
        cell.autocomplete = 'off';
        cell.spellcheck = false;
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-label', `row ${r + 1} column ${c + 1}`);
        cell.dataset.index = String(r * n + c);
        if (c % boxColumns === 0 && c > 0) cell.classList.add('box-left');
        if (r % boxRows === 0 && r > 0) cell.classList.add('box-top');
        row.append(cell);
        cells.push(cell);
      }
      grid.append(row);
    }
  }

  // The grid shows `puzzle` as givens and the rest of `solution` as found.
  function fill(puzzle, solution = null) {
    cells.forEach((cell, k) => {
      const given = puzzle[k] !== '.' && puzzle[k] !== '0';
      cell.value = given ? puzzle[k] : solution ? solution[k] : '';
      cell.classList.toggle('given', given);
      cell.classList.toggle('found', !given && solution !== null);
    });
  }

  function show(puzzle, solution = null) {
    fill(puzzle, solution);
    $('sudoku-svg').innerHTML = rules.svg(puzzle, solution);
  }

  // Typing in the grid: a symbol of the shape, or nothing; arrows move.
  $('sudoku-grid').addEventListener('input', (event) => {
    const cell = event.target;
    const symbol = cell.value.slice(-1).toUpperCase();
    cell.value = SYMBOLS.slice(0, side()).includes(symbol) ? symbol : '';
    cell.classList.remove('found');
    cell.classList.toggle('given', cell.value !== '');
    $('sudoku-text').value = gridLine();
  });
  $('sudoku-grid').addEventListener('keydown', (event) => {
    const moves = { ArrowUp: -side(), ArrowDown: side(), ArrowLeft: -1, ArrowRight: 1 };
    if (!(event.key in moves)) return;
    const next = cells[Number(event.target.dataset.index) + moves[event.key]];
    if (next) {
      next.focus();
      event.preventDefault();
    }
  });

  // Lines in the text area; one line of another size switches the shape.
  const lines = () =>
    $('sudoku-text').value.split('\n').map((l) => l.trim()).filter((l) => l !== '');

  function currentPuzzle() {
    const given = lines();
    if (given.length === 0) return gridLine();
    const line = given[0];
    if (line.length !== side() * side()) {
      const fits = BY_CELLS[line.length];
      if (!fits)
        throw new xc.SudokuError(`a line of ${line.length} cells is no Sudoku here (16, 36, 64, 81, 144, 256 or 625)`);
      select(fits);
    }
    return line;
  }

  function solveMany(given) {
    const results = shape.standard
      ? xc.sudoku.solveAll(given)
      : given.map((line) => {
          try {
            return rules.solve(line);
          } catch (e) {
            return e;
          }
        });
    const list = $('sudoku-results');
    list.replaceChildren();
    results.forEach((result) => {
      const item = document.createElement('li');
      if (result instanceof Error) {
        item.textContent = `error: ${result.message}`;
        item.className = 'error';
      } else {
        item.textContent = result ?? 'no solution';
      }
      list.append(item);
    });
    const solved = results.filter((r) => typeof r === 'string').length;
    say('sudoku-message', `${given.length} puzzles: ${solved} solved, ${given.length - solved} not`);
    const first = results.findIndex((r) => typeof r === 'string' && r.length === side() * side());
    if (first >= 0) show(given[first], results[first]);
  }

  $('sudoku-solve').addEventListener('click', () =>
    guarded('sudoku-message', () => {
      const given = lines();
      if (given.length > 1) return solveMany(given);
      $('sudoku-results').replaceChildren();
      const puzzle = currentPuzzle();
      const started = performance.now();
      const solution = rules.solve(puzzle);
      const ms = (performance.now() - started).toFixed(1);
      show(puzzle, solution);
      if (solution === null) say('sudoku-message', `no solution (${ms} ms)`, true);
      else say('sudoku-message', `solved in ${ms} ms`);
    }),
  );

  $('sudoku-count').addEventListener('click', () =>
    guarded('sudoku-message', async () => {
      const puzzle = currentPuzzle();
      const limit = Math.max(1, Math.floor(Number($('sudoku-limit').value)) || 1000);
      say('sudoku-message', 'counting…');
      await paint();
      const n = rules.count(puzzle, limit);
      const text =
        n === 0 ? 'no solution' : n === 1 ? 'unique' : n >= limit ? `at least ${format(n)} solutions` : `${format(n)} solutions`;
      say('sudoku-message', text);
    }),
  );

  // In a worker: some shapes and levels take long (Stop ends it).
  $('sudoku-generate').addEventListener('click', () =>
    guarded('sudoku-message', async () => {
      const difficulty = $('sudoku-difficulty').value;
      const options = { count: 1, seed: Math.floor(Math.random() * 2 ** 31), rules: shape.rules };
      if (difficulty !== '') options.difficulty = difficulty;
      const which = `${difficulty || 'new'} ${shape.label}`;
      say('sudoku-message', `generating: ${which}…`);
      const at = shape.id;
      const { result, stopped } = await longJob('sudoku-generate', 'sudoku.generate', [options], {
        trigger: $('sudoku-generate'),
        messageId: 'sudoku-message',
        label: `generate: ${which}`,
        counts: false,
      });
      if (stopped) return;
      const [made] = result;
      if (shape.id !== at) select(at);
      $('sudoku-text').value = made.puzzle;
      $('sudoku-results').replaceChildren();
      show(made.puzzle);
      say('sudoku-message', `a new ${made.level ?? ''} puzzle (seed ${made.seed})`.replace('  ', ' '));
    }),
  );

  $('sudoku-clear').addEventListener('click', () => {
    $('sudoku-text').value = '';
    $('sudoku-results').replaceChildren();
    $('sudoku-svg').replaceChildren();
    fill(blank());
    say('sudoku-message', '');
  });

  shapeSelect.addEventListener('change', () => {
    select(shapeSelect.value);
    $('sudoku-text').value = '';
    $('sudoku-svg').replaceChildren();
    $('sudoku-results').replaceChildren();
    say('sudoku-message', rules.describe());
  });

  // One line typed or pasted into the text area shows in the grid.
  $('sudoku-text').addEventListener('input', () => {
    const given = lines();
    if (given.length === 1 && given[0].length === side() * side()) fill(given[0].replace(/0/g, '.'));
  });

  select('9x9');
  return { solveSample: () => ($('sudoku-text').value = SAMPLE, $('sudoku-solve').click()) };
}

// --- tilings ----------------------------------------------------------------

// Boards to suggest on each lattice for each piece set (the first is the
// default), with a default set.
const TILINGS = {
  square: {
    set: 'pentominoes',
    boards: {
      pentominoes: ['6x10', '5x12', '4x15', '3x20', '8x8-centre'],
      tetrominoes: ['4x5'],
      hexominoes: ['15x14'],
    },
  },
  triangle: { set: 'hexiamonds', boards: { hexiamonds: ['6x6', '4x9', '3x12', '2x18'] } },
  hex: { set: 'tetrahexes', boards: { tetrahexes: ['4x7', '2x14'] } },
  cube: {
    set: 'soma',
    boards: {
      soma: ['3x3x3'],
      pentominoes: ['2x5x6', '3x4x5', '2x3x10'],
      tetrominoes: ['2x2x5'],
      hexominoes: ['5x6x7'],
      bedlam: ['4x4x4'],
    },
  },
};

function setUpTiling(xc) {
  const lattice = $('tiling-lattice');
  const pieces = $('tiling-pieces');
  const board = $('tiling-board');

  function suggestBoards() {
    const names = TILINGS[lattice.value].boards[pieces.value] ?? [];
    $('tiling-boards').replaceChildren(...names.map((name) => new Option(name, name)));
    if (names.length > 0) board.value = names[0];
  }
  function listSets() {
    // Only assemblies on cubes come apart.
    $('tiling-apart').disabled = lattice.value !== 'cube';
    const sets = xc.polyform.pieceSets(lattice.value);
    pieces.replaceChildren(...sets.map((name) => new Option(name, name)));
    pieces.value = sets.includes(TILINGS[lattice.value].set) ? TILINGS[lattice.value].set : sets[0];
    suggestBoards();
  }
  lattice.addEventListener('change', listSets);
  pieces.addEventListener('change', suggestBoards);
  listSets();

  // A picture file, when given, stands for the pieces and board chosen.
  const text = $('tiling-text');
  const example = $('tiling-example');
  // The choices a picture file stands for are off while there is one.
  const given = () => {
    pieces.disabled = board.disabled = text.value.trim() !== '';
  };
  example.addEventListener('change', () => {
    const sample = SAMPLES[example.value];
    text.value = sample?.text ?? '';
    if (sample) {
      lattice.value = sample.lattice;
      listSets();
      $('tiling-apart').checked = true;
    }
    given();
  });
  text.addEventListener('input', () => {
    example.value = '';
    given();
  });

  const options = () =>
    text.value.trim() !== ''
      ? { lattice: lattice.value, text: text.value }
      : { lattice: lattice.value, board: board.value.trim(), pieces: pieces.value };
  const describe = (o) =>
    o.text === undefined ? `${o.board} ${o.lattice} board with ${o.pieces}` : `${o.lattice} picture file`;
  // Checks the options here, so that a bad board says so at once.
  const check = (o) => new xc.polyform.Tiling(o).dispose();
  const player = setUpPlayer();
  window.xcoverPlayer = player; // for the browser test

  $('tiling-solve').addEventListener('click', () =>
    guarded('tiling-message', async () => {
      $('tiling-svg').replaceChildren();
      player.clear();
      const o = options();
      check(o);
      const apart = $('tiling-apart').checked && o.lattice === 'cube';
      const kept = apart ? ' that comes apart' : '';
      say('tiling-message', `solving the ${describe(o)}…`);
      const { result: found, stopped } = await longJob('tiling-solve', 'tiling.solve',
        [o, apart ? { disassemble: true } : {}], {
          trigger: $('tiling-solve'),
          messageId: 'tiling-message',
          label: `tiling: ${describe(o)}`,
          counts: false,
        });
      if (stopped) return;
      if (found === null) return say('tiling-message', `the ${describe(o)} has no tiling${kept}`);
      $('tiling-svg').innerHTML = found.svg;
      say('tiling-message', `a tiling of the ${describe(o)}${kept}`);
      if (o.lattice === 'cube') await player.show(o, found);
    }),
  );

  $('tiling-count').addEventListener('click', () =>
    guarded('tiling-message', async () => {
      const o = options();
      check(o);
      const apart = $('tiling-apart').checked && o.lattice === 'cube';
      say('tiling-message', `counting the tilings of the ${describe(o)}…`);
      const { result, stopped, seconds } = await longJob('tiling-count', 'tiling.count',
        [o, apart ? { disassemble: true } : {}], {
          trigger: $('tiling-count'),
          messageId: 'tiling-message',
          label: `tiling count: ${describe(o)}`,
        });
      if (!stopped)
        say('tiling-message', `${format(result.solutions)} tilings of the ${describe(o)}` +
          (apart ? ` that come apart, of ${format(result.assemblies)} assemblies` : '') +
          ` (${seconds.toFixed(2)} s)`);
    }),
  );
}

// The 3D view of a cube tiling and its disassembly, played move by move:
// step k shows the pieces after the plan's first k moves. The view's
// element carries data-step=k once the pieces stand exactly there.
function setUpPlayer() {
  const element = $('tiling-view');
  let three = null; // view3d.mjs, imported when first needed
  let view = null;
  let shown = null; // { options, solution }
  let steps = null; // the offsets of each step, once disassembled
  let plan = null;
  let at = 0;
  let playing = false;
  let plays = 0; // a Play after a Pause starts a new run: the old one ends

  const buttons = () => ['tiling-back', 'tiling-play', 'tiling-forward'].map($);
  function update() {
    const [back, play, forward] = buttons();
    back.disabled = steps === null || at === 0;
    forward.disabled = steps === null || at === plan.moves;
    play.disabled = steps === null;
    play.textContent = playing ? 'Pause' : 'Play';
    if (steps === null) return;
    say('tiling-step', at === 0 ? `move 0 of ${plan.moves}: assembled` :
      `move ${at} of ${plan.moves}: ${plan.lines[at - 1]}`);
  }

  // Goes to step k, sliding there unless `jump`; true once the pieces are
  // there (false when another step was asked for meanwhile).
  async function go(k, jump = false) {
    const from = at;
    at = k;
    delete element.dataset.step;
    update();
    if (jump) {
      view.place(steps[k]);
    } else {
      // The longer a move, the longer its slide (a removal's is long).
      const cells = Math.max(...steps[k].map((o, p) => o.reduce((n, v, i) => n + Math.abs(v - steps[from][p][i]), 0)));
      if (!(await view.slideTo(steps[k], Math.min(900, 250 + 80 * cells)))) return false;
    }
    element.dataset.step = String(k);
    return true;
  }

  async function play() {
    const run = ++plays;
    playing = true;
    update();
    if (at === plan.moves) await go(0, true);
    while (playing && run === plays && at < plan.moves) {
      if (!(await go(at + 1))) break;
      await sleep(300);
    }
    if (run !== plays) return;
    playing = false;
    update();
  }

  $('tiling-back').addEventListener('click', () => {
    playing = false;
    if (at > 0) go(at - 1);
  });
  $('tiling-forward').addEventListener('click', () => {
    playing = false;
    if (at < plan.moves) go(at + 1);
  });
  $('tiling-play').addEventListener('click', () => {
    if (playing) playing = false;
    else play();
    update();
  });

  $('tiling-disassemble').addEventListener('click', () =>
    guarded('tiling-level', async () => {
      playing = false;
      const { options, solution } = shown;
      // A solution solved with "only apart" came with its disassembly.
      let result = shown.disassembly;
      if (!result) {
        say('tiling-level', 'taking it apart…');
        const job = await longJob('tiling-disassemble', 'tiling.disassemble', [options, solution], {
          trigger: $('tiling-disassemble'),
          messageId: 'tiling-level',
          label: 'disassembly',
          counts: false,
        });
        if (job.stopped || shown?.solution !== solution) return;
        result = job.result;
      }
      if (!result.apart) return say('tiling-level', 'not apart: these pieces do not come apart');
      plan = result;
      steps = three.stepOffsets(plan.plan, solution.length);
      at = 0;
      view.frame(steps);
      say('tiling-level', `level ${plan.levelText}, ${plan.moves} moves`);
      await go(0, true);
    }),
  );

  return {
    /** Draws `found` (a 'tiling.solve' result) of the tiling `options`. */
    async show(options, found) {
      three ??= await import('./view3d.mjs');
      // The SVG's fills, piece by piece in the solution's order.
      const colours = [...found.svg.matchAll(/<path class="piece"[^>]*? fill="([^"]+)"/g)].map((m) => m[1]);
      view = new three.AssemblyView(element, found.placements, found.meshes, colours);
      shown = { options, solution: found.solution, disassembly: found.disassembly };
      element.dataset.solution = JSON.stringify(found.solution);
      element.dataset.step = '0';
      $('tiling-3d').hidden = false;
    },
    /** Takes the view away. */
    clear() {
      playing = false;
      view?.dispose();
      view = shown = steps = plan = null;
      at = 0;
      delete element.dataset.step;
      delete element.dataset.solution;
      $('tiling-3d').hidden = true;
      say('tiling-level', '');
      say('tiling-step', '');
      update();
    },
    /** The view, for the browser test. */
    get view() {
      return view;
    },
  };
}

// --- exact cover in Knuth's format ----------------------------------------------

const KNUTH = `| Knuth's example from "Dancing links": one solution
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`;

function setUpDlx(xc) {
  const text = $('dlx-text');
  const example = () => {
    const which = $('dlx-example').value;
    if (which === 'knuth') return KNUTH;
    const n = which === 'queens8' ? 8 : 16;
    const problem = xc.queens.problem(n);
    try {
      return `| ${n} queens: rows r and columns c, diagonals s and d (secondary)\n${problem.toDlx()}`;
    } finally {
      problem.dispose();
    }
  };
  $('dlx-example').addEventListener('change', () => {
    text.value = example();
    $('dlx-solution').replaceChildren();
    say('dlx-message', '');
  });
  text.value = example();

  // Parses here, so that a mistake is shown at once with its line.
  const parse = () => xc.Problem.fromDlx(text.value, 'problem');

  $('dlx-solve').addEventListener('click', () =>
    guarded('dlx-message', async () => {
      const problem = parse();
      try {
        $('dlx-solution').replaceChildren();
        say('dlx-message', 'solving…');
        const { result: solution, stopped } = await longJob('dlx-solve', 'problem.solve',
          [{ dlx: text.value }, {}], {
            trigger: $('dlx-solve'),
            messageId: 'dlx-message',
            label: 'exact cover: first solution',
            counts: false,
          });
        if (stopped) return;
        if (solution === null) return say('dlx-message', 'no solution');
        const items = solution.map((i) => {
          const item = document.createElement('li');
          item.textContent = problem.option(i).join(' ');
          return item;
        });
        $('dlx-solution').replaceChildren(...items);
        say('dlx-message', `a solution of ${solution.length} options:`);
      } finally {
        problem.dispose();
      }
    }),
  );

  $('dlx-count').addEventListener('click', () =>
    guarded('dlx-message', async () => {
      parse().dispose();
      say('dlx-message', 'counting…');
      const { result, stopped, seconds } = await longJob('dlx-count', 'problem.count', [{ dlx: text.value }, {}], {
        trigger: $('dlx-count'),
        messageId: 'dlx-message',
        label: 'exact cover: count',
      });
      if (stopped) return;
      const n = result.solutions;
      say('dlx-message', `${format(n)} solution${n === 1n ? '' : 's'} (${seconds.toFixed(2)} s, ` +
        `${format(result.statistics.nodes)} nodes)`);
    }),
  );
}

// --- start ------------------------------------------------------------------

async function start() {
  setUpTabs();
  window.addEventListener('unhandledrejection', (event) =>
    say('status-message', `error: ${event.reason?.message ?? event.reason}`, true));
  // No warm-up here: the page's own searches are short, and the long ones
  // run in workers, which warm up their own module. The first solve comes
  // sooner (the warm-up's searches took 0.1-0.2 s).
  const xc = await load({ warmUp: false });
  $('version').textContent = xc.version;
  const sudoku = setUpSudoku(xc);
  sudoku.solveSample();
  const ms = performance.now();
  window.xcoverFirstSolveMs = ms;
  $('first-solve').textContent = `${ms.toFixed(0)} ms after loading began`;
  $('first-solve').dataset.ms = String(ms);
  setUpTiling(xc);
  setUpDlx(xc);
  // A worker ready for the first long search.
  createWorker().then((worker) => idle.push(worker), (e) =>
    say('status-message', `no worker: ${e.message}`, true));
  document.body.dataset.ready = 'true';
}

start().catch((e) => say('status-message', `xcover did not load: ${e?.message ?? e}`, true));
