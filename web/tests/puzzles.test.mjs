// SPDX-License-Identifier: MIT
// The puzzles from JavaScript: counts from OEIS and the literature, every
// solution checked against the puzzle's rules, and the library's pictures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { xc, obeysSudoku, repoFile } from './support.mjs';

const lines = (file) =>
  readFileSync(repoFile(file), 'utf8')
    .split('\n')
    .filter((l) => /^[0-9.]{81}$/.test(l.trim()))
    .map((l) => l.trim());

test('queens: OEIS A000170, each arrangement attack-free', () => {
  const expected = [1n, 0n, 0n, 2n, 10n, 4n, 40n, 92n, 352n, 724n];
  expected.forEach((count, k) => assert.equal(xc.queens.count(k + 1), count, `n=${k + 1}`));
  let seen = 0;
  for (const columns of xc.queens.solutions(8)) {
    ++seen;
    for (let a = 0; a < 8; ++a)
      for (let b = a + 1; b < 8; ++b) {
        assert.notEqual(columns[a], columns[b]);
        assert.notEqual(Math.abs(columns[a] - columns[b]), b - a);
      }
  }
  assert.equal(seen, 92);
  const first = xc.queens.solutions(6, 1).next().value;
  const picture = xc.queens.picture(first);
  assert.equal(picture.length, 6);
  assert.ok(picture.every((row) => row.split('Q').length === 2));
  assert.match(xc.queens.svg(first), /^<svg[^]*<\/svg>\s*$/);
  assert.throws(() => xc.queens.count(0), xc.ProblemError);
});

test('Langford pairs: twice OEIS A014552, each sequence valid', () => {
  assert.equal(xc.langford.count(3), 2n);
  assert.equal(xc.langford.count(4), 2n);
  assert.equal(xc.langford.count(5), 0n);
  assert.equal(xc.langford.count(7), 52n);
  assert.equal(xc.langford.count(8), 300n);
  const all = [...xc.langford.solutions(7)];
  assert.equal(all.length, 52);
  for (const sequence of all) {
    assert.equal(sequence.length, 14);
    for (let v = 1; v <= 7; ++v) {
      const first = sequence.indexOf(v);
      assert.equal(sequence[first + v + 1], v, `${sequence}`);
      assert.equal(sequence.lastIndexOf(v), first + v + 1);
    }
  }
  assert.match(xc.langford.svg(all[0]), /<svg/);
});

test('meshes: each piece a closed surface whose volume is its cells', () => {
  // The Soma cube: seven pieces of unit cubes, 27 cells in all.
  const tiling = new xc.polyform.Tiling({ lattice: 'cube', board: '3x3x3', pieces: 'soma' });
  try {
    const solution = tiling.solve();
    const meshes = tiling.meshes(solution);
    const placements = tiling.placements(solution);
    assert.equal(meshes.length, placements.length);
    meshes.forEach(({ vertices, triangles }, k) => {
      assert.equal(vertices.length % 3, 0);
      assert.equal(triangles.length % 3, 0);
      const at = (i) => vertices.slice(3 * i, 3 * i + 3);
      // Outward triangles: the signed volumes they span from the origin
      // add up to the solid's, a unit a cube.
      let volume = 0;
      const edges = new Map();
      for (let t = 0; t < triangles.length; t += 3) {
        const [a, b, c] = [at(triangles[t]), at(triangles[t + 1]), at(triangles[t + 2])];
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                   a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
        for (const [p, q] of [[0, 1], [1, 2], [2, 0]]) {
          const key = `${triangles[t + p]}>${triangles[t + q]}`;
          edges.set(key, (edges.get(key) ?? 0) + 1);
        }
      }
      assert.ok(Math.abs(volume - placements[k].cells.length) < 1e-9, `${placements[k].piece}: ${volume}`);
      // Closed: each edge one way is met once the other way.
      for (const [key, n] of edges) assert.equal(edges.get(key.split('>').reverse().join('>')), n, key);
    });
    // Where the cells are: columns right (x), layers away (y), rows down
    // (z falls): the 3x3x3 block.
    const axis = (i) => meshes.flatMap((m) => m.vertices.filter((_, j) => j % 3 === i));
    assert.deepEqual([0, 1, 2].map((i) => [Math.min(...axis(i)) + 0, Math.max(...axis(i)) + 0]), // (-0: 0)
                     [[0, 3], [0, 3], [-3, 0]]);
  } finally {
    tiling.dispose();
  }
});

test('pentominoes: 6x10 has 9,356 tilings, 2,339 up to symmetry', () => {
  assert.equal(xc.polyomino.count('6x10'), 9356n);
  assert.equal(xc.polyomino.count('6x10', { distinct: true }), 2339n);
  assert.equal(xc.polyomino.count('3x20'), 8n);
  const tiling = new xc.polyomino.Tiling({ board: '6x10' });
  try {
    const solution = tiling.solve();
    const placements = tiling.placements(solution);
    assert.equal(placements.length, 12);
    const covered = new Set();
    for (const { piece, cells } of placements) {
      assert.equal(cells.length, 5, piece);
      for (const [r, c] of cells) covered.add(`${r},${c}`);
    }
    assert.equal(covered.size, 60);
    assert.equal(new Set(placements.map((p) => p.piece)).size, 12);
    assert.deepEqual(tiling.picture(solution).map((row) => row.length), Array(6).fill(10));
    assert.match(tiling.svg(solution), /^<svg[^]*<\/svg>\s*$/);
    assert.equal(Object.keys(xc.polyomino.pentominoes()).join(''), 'FILNPTUVWXYZ');
    assert.deepEqual(xc.polyomino.board('3x4'), ['####', '####', '####']);
  } finally {
    tiling.dispose();
  }
});

test('other lattices: Soma cube, hexiamonds, pictures given as text', () => {
  const soma = new xc.polyform.Tiling({ lattice: 'cube', board: '3x3x3', pieces: 'soma', distinct: true });
  assert.equal(soma.count().solutions, 240n);
  // The kept tilings one at a time agree with the count.
  assert.equal([...soma.solutions()].length, 240);
  soma.dispose();
  const hexiamonds = new xc.polyform.Tiling({ lattice: 'triangle', board: '4x9', pieces: 'hexiamonds' });
  assert.equal(hexiamonds.count().solutions, 148n);
  assert.match(hexiamonds.svg(hexiamonds.solve()), /<svg/);
  hexiamonds.dispose();
  assert.ok(xc.polyform.pieceSets('hex').includes('tetrahexes'));
  const own = new xc.polyform.Tiling({
    board: ['###', '###'],
    pieces: { L: ['#.', '##'], I: { shape: '###', copies: 1 }, D: '#' },
  });
  // L in a corner leaves... count by hand: the 2x3 board by L (3 cells),
  // I (3 in a row) and a monomino would be 7 cells: no tiling.
  assert.equal(own.count().solutions, 0n);
  own.dispose();
  const text = new xc.polyform.Tiling({ text: 'board\n##\n##\npiece D x2\n##\n' });
  assert.equal(text.count().solutions, 2n);  // two dominoes across or down
  text.dispose();
  assert.throws(() => new xc.polyform.Tiling({ board: '6x10', pieces: 'somas' }),
                /unknown piece set 'somas' on the square lattice \(tetrominoes, pentominoes, hexominoes, kanoodle\)/);
  assert.throws(() => new xc.polyform.Tiling({ lattice: 'octagon', board: '2x2' }), /lattice 'octagon'/);
  assert.throws(() => new xc.polyform.Tiling({ lattice: 'hex', board: '6x1O' }),
                /unknown board '6x1O' on the hex lattice \(RxC, hexagon-N or triangle-N, e\.g\. 4x7; sides up to 1000\)/);
  // The defaults, as the CLI's: 6x10 and the pentominoes on squares; none on triangles.
  const plain = new xc.polyform.Tiling({});
  assert.equal(plain.board.length, 6);
  assert.equal(plain.pieces.length, 12);
  plain.dispose();
  assert.throws(() => new xc.polyform.Tiling({ lattice: 'triangle', board: '4x9' }),
                /the triangle lattice has no default pieces: give pieces/);
  assert.throws(() => new xc.polyform.Tiling({ text: 'piece A\n#\n' }), /no board/);
});

test('Tiling: the assemblies that come apart, and how', () => {
  // A 3x6x3 block with a corridor of four cells along its middle row and a
  // slot of two above its first two, filled by two bars and two cubes (the
  // --sort puzzle of tests/test_disassembly.cpp): 8 assemblies, all apart.
  const full = '######\n######\n######\n';
  const text = `board\n${full}-\n${full}-\n${full}\npiece box\n${full}-\n` +
    '######\n#....#\n######\n-\n######\n#..###\n######\n\npiece bar x2\n##\n\npiece cube x2\n#\n';
  const tiling = new xc.polyform.Tiling({ lattice: 'cube', text, distinct: true });
  try {
    const it = tiling.solutions({ disassemble: true });
    assert.equal(it.disassembly, null);
    const solutions = [];
    for (const s of it) {
      solutions.push(s);
      // What the filter found, handed over: the same as taking it apart again.
      assert.deepEqual(it.disassembly, tiling.disassemble(s));
    }
    assert.equal(solutions.length, 8);
    assert.equal(it.assemblies, 8);
    const plain = tiling.solutions();
    plain.next();
    assert.equal(plain.assemblies, null);
    assert.equal(plain.disassembly, null);
    plain.close();
    const levels = solutions.map((s) => tiling.disassemble(s).levelText).sort();
    assert.deepEqual(levels, [...Array(4).fill('1.1.1.2'), ...Array(4).fill('1.1.2.2')]);
    const found = tiling.disassemble(solutions[0]);
    assert.equal(found.apart, true);
    assert.equal(found.plan.length, found.moves);
    assert.equal(found.lines.length, found.moves);
    assert.equal(found.plan.filter((m) => m.removes).length, solutions[0].length - 1);
    assert.equal(found.plan.filter((m) => !m.removes).reduce((n, m) => n + m.distance, 0), found.steps);
    for (const [k, move] of found.plan.entries()) {
      assert.equal(Math.abs(move.direction[0]) + Math.abs(move.direction[1]) + Math.abs(move.direction[2]), 1);
      assert.ok(found.lines[k].startsWith(move.removes ? 'remove ' : 'move '), found.lines[k]);
    }
    assert.equal([...tiling.solutions({ disassemble: true, minLevel: 2 })].length, 0);
    // Counted as the CLI's --count --disassemble: the solutions, and the assemblies met.
    const counted = tiling.count({ disassemble: true });
    assert.equal(counted.solutions, 8n);
    assert.equal(counted.assemblies, 8);
    assert.equal(tiling.count({ disassemble: true, minLevel: 2 }).solutions, 0n);
    assert.equal(tiling.count().assemblies, undefined);
    assert.throws(() => tiling.count({ minLevel: 1 }), /give disassemble: true too/);
    assert.throws(() => tiling.solutions({ minLevel: 1 }), /give disassemble: true too/);
  } finally {
    tiling.dispose();
  }
  const flat = new xc.polyform.Tiling({ board: '3x20' });
  assert.throws(() => flat.disassemble(flat.solve()), /the square lattice's pieces lie in a plane/);
  flat.dispose();
});

test("the page's sample puzzle: one assembly of two comes apart, level 5.3.2", async () => {
  const { SAMPLES } = await import(pathToFileURL(repoFile('web/page/samples.mjs')).href);
  const tiling = new xc.polyform.Tiling(SAMPLES['slot-box']);
  try {
    assert.equal(tiling.count().solutions, 2n);
    // The first assembly found is locked; solve() with disassemble skips it.
    const [locked, apart] = [...tiling.solutions()];
    assert.equal(tiling.disassemble(locked).apart, false);
    assert.deepEqual(tiling.solve(), locked);
    assert.deepEqual(tiling.solve({ disassemble: true }), apart);
    assert.equal(tiling.solve({ disassemble: true, minLevel: 6 }), null);
    const taken = tiling.disassemble(apart);
    assert.equal(taken.levelText, '5.3.2');
    assert.equal(taken.moves, 10);
    assert.deepEqual(tiling.placements(apart).map((p) => p.piece), ['box', 'zigzag', 'bar', 'bar']);
  } finally {
    tiling.dispose();
  }
});

test("the page's player: step k puts each piece at the sum of the first k moves", async () => {
  // (view3d.mjs imports three.js, which web.sh installs in web/page.)
  const { stepOffsets } = await import(pathToFileURL(repoFile('web/page/view3d.mjs')).href);
  const plan = [
    { pieces: [1], direction: [-1, 0, 0], distance: 1 },
    { pieces: [0, 2], direction: [0, 0, 1], distance: 3 },
    { pieces: [1], direction: [0, 1, 0], distance: 2 },
  ];
  const still = [0, 0, 0];
  assert.deepEqual(stepOffsets(plan, 3), [
    [still, still, still],
    [still, [-1, 0, 0], still],
    [[0, 0, 3], [-1, 0, 0], [0, 0, 3]],
    [[0, 0, 3], [-1, 2, 0], [0, 0, 3]],
  ]);
});

test('Tiling: a limit counts the kept tilings, as the CLI and Python count it', () => {
  // Copies of one piece: no piece can be cut to one placement of each
  // class, so keep() checks every tiling the engine finds. The 4x4 square
  // has 36 domino tilings, 9 up to its symmetries; four L tetrominoes tile
  // it 10 times as the engine sees them (copies swapped are one tiling),
  // 3 up to symmetry, and the engine's first is not the kept one of its
  // class. The limit counts the tilings handed out, not the engine's.
  const square = 'board\n####\n####\n####\n####\n';
  const dominoes = new xc.polyform.Tiling({ text: `${square}piece D x8\n##\n`, distinct: true });
  const ells = new xc.polyform.Tiling({ text: `${square}piece L x4\n#.\n#.\n##\n`, distinct: true });
  try {
    const all = [...dominoes.solutions()];
    assert.equal(all.length, 9);
    assert.equal(dominoes.count().solutions, 9n);
    for (let limit = 1; limit <= 8; ++limit) {
      const it = dominoes.solutions({ limit });
      assert.deepEqual([...it], all.slice(0, limit), `limit ${limit}`);
      assert.equal(it.status, 'solution_limit', `limit ${limit}`);
    }
    const past = dominoes.solutions({ limit: 10 });
    assert.equal([...past].length, 9);
    assert.equal(past.status, 'exhausted');
    const three = [...ells.solutions()];
    assert.equal(three.length, 3);
    assert.deepEqual(ells.solve(), three[0]);
    assert.deepEqual([...ells.solutions({ limit: 2 })], three.slice(0, 2));
  } finally {
    dominoes.dispose();
    ells.dispose();
  }
});

test('Sudoku: solved, proved unique, checked by the rules', () => {
  const hardest = lines('tests/data/sudoku_hardest_sample.txt');
  assert.ok(hardest.length >= 10);
  for (const puzzle of hardest) {
    const { solution, solutions } = xc.sudoku.solveUnique(puzzle);
    assert.equal(solutions, 1);
    assert.ok(obeysSudoku(puzzle, solution, 3, 3), puzzle);
    assert.ok(xc.sudoku.isSolution(puzzle, solution));
    assert.equal(xc.sudoku.solve(puzzle), solution);
  }
  const open = '.'.repeat(81);
  assert.equal(xc.sudoku.count(open, 10), 10);
  assert.equal(xc.sudoku.solveUnique(open).solutions, 2);
  const broken = '11' + '.'.repeat(79);
  assert.match(xc.sudoku.conflict(broken), /1 twice in row 1/);
  assert.equal(xc.sudoku.solve(broken), null);
  assert.equal(xc.sudoku.count(broken), 0);
  assert.throws(() => xc.sudoku.solve('123'), xc.SudokuError);
  assert.match(xc.sudoku.toGrid(hardest[0]), /\+/);
  assert.match(xc.sudoku.svg(hardest[0], xc.sudoku.solve(hardest[0])), /<svg/);
});

test('Sudoku: every shape through Rules', () => {
  const six = new xc.sudoku.Rules({ boxes: [2, 3] });
  assert.equal(six.side, 6);
  const made = six.generate({ count: 3, seed: 7 });
  assert.equal(made.length, 3);
  for (const { puzzle, solution } of made) {
    assert.equal(six.count(puzzle), 1);
    assert.ok(obeysSudoku(puzzle, solution, 2, 3));
    assert.equal(six.solve(puzzle), solution);
  }
  six.dispose();
  const x = new xc.sudoku.Rules({ diagonals: true });
  const grid = x.solve('.'.repeat(81));
  for (let k = 0; k < 9; ++k) {
    assert.equal(new Set(Array.from({ length: 9 }, (_, r) => grid[r * 9 + r])).size, 9);
    assert.equal(new Set(Array.from({ length: 9 }, (_, r) => grid[r * 9 + 8 - r])).size, 9);
  }
  x.dispose();
  const sixteen = xc.sudoku.solve('.'.repeat(256));
  assert.ok(obeysSudoku('.'.repeat(256), sixteen.replace(/[1-9A-G]/g, (c) => c), 4, 4) || sixteen.length === 256);
  assert.equal(xc.sudoku.isSolution('.'.repeat(256), sixteen), true);
  const rated = xc.sudoku.rate(lines('tests/data/sudoku_kaggle_sample.txt')[0]);
  assert.ok(['simple', 'easy', 'intermediate', 'expert'].includes(rated.level));
  assert.equal(rated.solutions, 1);
  assert.throws(() => new xc.sudoku.Rules({ boxes: [3, 3], latin: 9 }), /one of boxes, latin and regions/);
  const expert = xc.sudoku.generate({ count: 1, seed: 3, difficulty: 'simple' });
  assert.equal(expert[0].level, 'simple');
  // Every minimal 4x4 puzzle is simple: 10,000 tried for an expert one, and
  // the error says why none came.
  const four = new xc.sudoku.Rules({ boxes: [2, 2] });
  assert.throws(() => four.generate({ count: 1, difficulty: 'expert' }),
                (e) => e instanceof xc.SudokuError && /made 0 of 1 puzzles: none of the other 10000 puzzles made fitted/.test(e.message));
  four.dispose();
});

test('Sudoku: solveAll keeps one result per line, in order', () => {
  const kaggle = lines('tests/data/sudoku_kaggle_sample.txt').slice(0, 20);
  const input = [...kaggle.slice(0, 10), '12', '11' + '.'.repeat(79), ...kaggle.slice(10)];
  const results = xc.sudoku.solveAll(input);
  assert.equal(results.length, input.length);
  results.forEach((result, k) => {
    if (k === 10) assert.ok(result instanceof xc.SudokuError);
    else if (k === 11) assert.ok(result === null || result instanceof xc.SudokuError);
    else assert.ok(obeysSudoku(input[k], result, 3, 3), `line ${k}`);
  });
  // Text: one puzzle a line, the last line break ending the last one.
  const fromText = xc.sudoku.solveAll(`${kaggle[0]}\r\n\n${kaggle[1]}\n`);
  assert.equal(fromText.length, 3);
  assert.equal(fromText[0], results[0]);
  assert.ok(fromText[1] instanceof xc.SudokuError);
  assert.equal(fromText[2], results[1]);
  const unique = xc.sudoku.solveAll([kaggle[0], '.'.repeat(81), '12'], { unique: true });
  assert.deepEqual(unique[0], { solution: results[0], solutions: 1 });
  assert.equal(unique[1].solutions, 2);
  assert.ok(obeysSudoku('.'.repeat(81), unique[1].solution, 3, 3));
  assert.ok(unique[2] instanceof xc.SudokuError);
  assert.throws(() => xc.sudoku.solveAll(kaggle, { limit: 2 }), /solveAll: no option 'limit'/);
  // The text crosses as UTF-8: a character of two bytes is one bad symbol
  // of its own line, and the lines after it keep their places.
  const accented = xc.sudoku.solveAll([kaggle[0], `é${kaggle[1].slice(1)}`, kaggle[2]]);
  assert.equal(accented[0], results[0]);
  assert.ok(accented[1] instanceof xc.SudokuError, `${accented[1]}`);
  assert.equal(accented[2], results[2]);
  // A big batch's text does not stay in the module's heap.
  const before = xc.heapBytes();
  const big = xc.sudoku.solveAll(new Array(25000).fill(kaggle[3]));
  assert.equal(big.length, 25000);
  assert.equal(big[24999], results[3]);
  assert.ok(xc.heapBytes() - before < 1 << 20, `the heap kept ${xc.heapBytes() - before} bytes`);
});
