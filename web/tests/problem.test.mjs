// SPDX-License-Identifier: MIT
// Problem and Solver from JavaScript: building, reading, counting, the lazy
// iterator, limits, progress, errors and disposal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { xc, coversExactly, repoFile } from './support.mjs';

const knuth = readFileSync(repoFile('tests/data/knuth_example.dlx'), 'utf8');

test('Knuth example: one solution, the one his paper gives', () => {
  const p = xc.Problem.fromDlx(knuth, 'knuth_example.dlx');
  assert.equal(p.primaryCount, 7);
  const result = p.count();
  assert.equal(result.solutions, 1n);
  assert.equal(result.status, 'exhausted');
  assert.equal(result.complete, true);
  const solution = p.solve();
  assert.ok(coversExactly(p, solution));
  assert.deepEqual(solution.map((k) => p.optionText(k)).sort(), ['a d f', 'b g', 'c e']);
});

test('a problem from items and options, with colours', () => {
  // x may be shared by options that agree on its colour.
  const p = new xc.Problem({
    primary: ['p', 'q', 'r'],
    secondary: ['x', 'y'],
    options: [['p', 'q', 'x:A', 'y'], ['p', 'r', 'x:A', 'y'], ['p', 'x:B'], ['q', 'x:A'], ['r', 'y'], ['q', 'r']],
  });
  assert.deepEqual(p.items, ['p', 'q', 'r', 'x', 'y']);
  assert.deepEqual(p.secondary, ['x', 'y']);
  assert.deepEqual(p.option(0), ['p', 'q', 'x:A', 'y']);
  const all = [...p.solutions()];
  for (const s of all) assert.ok(coversExactly(p, s), `${s} breaks the rules`);
  // By hand: {p q x:A y, r y} clash on y; {p x:B, q r}; {p x:B, q x:A, r y}
  // clash on x; {p r x:A y, q x:A}.
  assert.equal(all.length, 2);
  assert.equal(p.count().solutions, 2n);
});

test('the constructor takes any iterables, and refuses what the library refuses', () => {
  function* names(...list) {
    yield* list;
  }
  const p = new xc.Problem({ primary: names('a', 'b'), secondary: new Set(['x']),
                             options: names(names('a', 'x:1'), ['b', 'x:1'], ['a', 'b']) });
  assert.deepEqual(p.options, [['a', 'x:1'], ['b', 'x:1'], ['a', 'b']]);
  assert.equal(p.count().solutions, 2n);
  p.dispose();
  assert.throws(() => new xc.Problem({ primary: ['a'], options: [[]] }), xc.XcoverError);
  assert.throws(() => new xc.Problem({ primary: ['a', 'a'] }), /a/);
  // A name holding the constructor's separators is taken whole, the slow way.
  const odd = new xc.Problem({ primary: ['a\x1fb', 'c'], options: [['a\x1fb'], ['c']] });
  assert.deepEqual(odd.items, ['a\x1fb', 'c']);
  assert.equal(odd.count().solutions, 1n);
  odd.dispose();
  const parts = new xc.Problem({ primary: ['c', 'p\x1dq'], options: [['c', 'p\x1dq']] });
  assert.deepEqual(parts.option(0), ['c', 'p\x1dq']);
  parts.dispose();
  // Names cross as UTF-8 and come back the same.
  const utf8 = new xc.Problem({ primary: ['é', '日本', '🧩'], options: [['é', '🧩'], ['日本']] });
  assert.deepEqual(utf8.items, ['é', '日本', '🧩']);
  assert.deepEqual(utf8.option(0), ['é', '🧩']);
  assert.equal(utf8.count().solutions, 1n);
  utf8.dispose();
  assert.throws(() => new xc.Problem({ primary: ['a'], options: [['b']] }), /b/);
});

test('fromMatrix takes arrays and typed arrays, and names bad entries', () => {
  const rows = [[0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
                [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]];
  const p = xc.Problem.fromMatrix(rows, { names: 'ABCDEFG' });
  assert.deepEqual([...p.solve()].sort(), [0, 3, 4]);
  const typed = xc.Problem.fromMatrix(rows.map((r) => Uint8Array.from(r)), { secondary: 1 });
  assert.equal(typed.secondaryCount, 1);
  assert.equal(typed.items.at(-1), '6');
  assert.throws(() => xc.Problem.fromMatrix([[0, 2]]), /row 0, column 1: 2 is not 0 or 1/);
  assert.throws(() => xc.Problem.fromMatrix([[0, 0]]), /row 0 has no 1/);
  assert.throws(() => xc.Problem.fromMatrix([[1, 0], [1]]), /row 1 has 1 entries, not 2/);
});

test('toDlx and fromDlx make the same problem again', () => {
  const p = xc.Problem.fromDlx(knuth);
  const again = xc.Problem.fromDlx(p.toDlx());
  assert.deepEqual(again.options, p.options);
  assert.deepEqual(again.items, p.items);
});

test('bad input: ParseError with the source and line; ProblemError; no crash', () => {
  const bad = () => xc.Problem.fromDlx('a b\na\nb zz\n', 'bad.dlx');
  assert.throws(bad, (e) => {
    assert.ok(e instanceof xc.ParseError);
    assert.ok(e instanceof xc.XcoverError);
    assert.equal(e.source, 'bad.dlx');
    assert.equal(e.line, 3);
    assert.match(e.message, /^bad\.dlx:3: .*zz/);
    return true;
  });
  const p = new xc.Problem({ primary: ['a'] });
  assert.throws(() => p.addOption(['b']), xc.XcoverError);
  assert.throws(() => p.addPrimary('a'), /a/);
  assert.throws(() => p.option(5), xc.ProblemError);
  assert.throws(() => p.itemName(-1), /no item -1/);
  assert.throws(() => p.count({ limit: -1 }), /limit must be a whole number/);
  assert.throws(() => p.count({ layout: 'fast' }), /layout must be auto, links, bitsets, counted-bitsets, sparse or multiplicities, not 'fast'$/);
  // The module still works after every error.
  p.addOption(['a']);
  assert.equal(p.count().solutions, 1n);
});

test('multiplicities: an item covered 0 to 2 times', () => {
  const p = new xc.Problem();
  p.addPrimary('a', 0, 2);
  p.addPrimary('b');
  p.addOption(['a']);
  p.addOption(['a', 'b']);
  p.addOption(['b']);
  assert.ok(p.hasMultiplicities);
  assert.deepEqual(p.itemBounds(0), [0, 2]);
  // {b}, {a, b}, {ab}, {a, ab}.
  assert.equal(p.count().solutions, 4n);
});

test('the iterator is lazy, and says why it ended', () => {
  const p = xc.queens.problem(8);
  const it = p.solutions();
  const first = it.next();
  assert.equal(first.done, false);
  assert.equal(it.status, null);
  let seen = 1;
  for (const s of it) {
    assert.ok(coversExactly(p, s));
    if (++seen === 10) break;
  }
  assert.equal(it.status, 'stopped');
  assert.ok(it.statistics.nodes > 0);
  assert.ok(it.disposed);
  const all = p.solutions();
  assert.equal([...all].length, 92);
  assert.equal(all.status, 'exhausted');
  const limited = p.solutions({ limit: 5 });
  assert.equal([...limited].length, 5);
  assert.equal(limited.status, 'solution_limit');
});

test('limits: solutions, nodes and time cut a count short', () => {
  const p = xc.queens.problem(10);
  const limited = p.count({ limit: 100 });
  assert.equal(limited.solutions, 100n);
  assert.equal(limited.status, 'solution_limit');
  assert.equal(limited.complete, false);
  const nodes = p.count({ nodeLimit: 50 });
  assert.equal(nodes.status, 'node_limit');
  assert.ok(nodes.statistics.nodes <= 50);
  const slow = xc.queens.problem(16);
  const timed = slow.count({ timeLimit: 0.2 });
  assert.equal(timed.status, 'time_limit');
  assert.ok(timed.solutions < 14772512n);
  assert.equal(p.count().solutions, 724n);
});

test('progress reports; false stops the search; a throw comes out as thrown', () => {
  const p = xc.queens.problem(14);
  const reports = [];
  const stopped = p.count({
    progressInterval: 0.01,
    progress: (report) => {
      reports.push(report);
      return reports.length < 3;
    },
  });
  assert.equal(stopped.status, 'cancelled');
  assert.equal(reports.length, 3);
  assert.equal(typeof reports[0].solutions, 'bigint');
  assert.ok(reports[2].nodes >= reports[0].nodes);
  assert.ok(reports[2].fractionDone >= 0 && reports[2].fractionDone <= 1);
  class Budget extends Error {}
  const thrown = new Budget('over budget');
  assert.throws(
    () => p.count({ progressInterval: 0.01, progress: () => { throw thrown; } }),
    (e) => e === thrown,
  );
  // The solver unwound: the problem counts again, and completely.
  const small = xc.queens.problem(8);
  assert.equal(small.count({ progress: () => true }).solutions, 92n);
});

test('Solver: assumptions, estimate, layout', () => {
  const p = xc.queens.problem(8);
  const solver = new xc.Solver(p, { layout: 'links' });
  assert.equal(solver.layout, 'links');
  assert.equal(typeof solver.kernels, 'string');
  assert.equal(solver.count().solutions, 92n);
  // A queen in the corner: 4 of the 92 solutions have one at a1.
  const corner = p.options.findIndex((o) => o.includes('r1') && o.includes('c1'));
  assert.ok(solver.assume(corner));
  assert.deepEqual(solver.assumptions, [corner]);
  assert.equal(solver.count().solutions, 4n);
  for (const s of solver.solutions()) assert.ok(s.includes(corner));
  solver.clearAssumptions();
  assert.equal(solver.count().solutions, 92n);
  const e = solver.estimate(200, { seed: 1 });
  assert.equal(e.probes, 200);
  assert.ok(e.solutions > 20 && e.solutions < 400, `estimate ${e.solutions}`);
  // A search in progress holds the solver: other calls are refused.
  const it = solver.solutions();
  it.next();
  assert.throws(() => solver.count(), /xcover|solver|search/i);
  it.close();
  assert.equal(solver.count().solutions, 92n);
});

test('tree options: propagate, itemChoice and seed grow other trees with the same solutions', () => {
  const p = xc.queens.problem(10);
  const plain = p.count({ memo: false });
  assert.equal(plain.solutions, 724n); // OEIS A000170
  for (const options of [{ propagate: true }, { itemChoice: 'most-clashes' }, { seed: 7 }, { propagate: true, itemChoice: 'most-clashes' }]) {
    const r = p.count({ memo: false, ...options });
    assert.equal(r.solutions, 724n, JSON.stringify(options));
    assert.notEqual(r.statistics.nodes, plain.statistics.nodes, `${JSON.stringify(options)} grew DLX1's tree`);
    const found = [...p.solutions(options)];
    assert.equal(found.length, 724);
    for (const s of found.slice(0, 20)) assert.ok(coversExactly(p, s));
  }
  // A layout that does not follow one is refused, naming it.
  assert.throws(() => p.count({ propagate: true, layout: 'links' }), /propagate is followed by the bitsets layout only, and this problem runs on the links layout: add layout: 'bitsets', or leave propagate out$/);
  assert.throws(() => p.count({ propagate: 1 }), /propagate must be true or false/);
  assert.throws(() => p.count({ itemChoice: 'fewest' }), /itemChoice must be first-shortest or most-clashes, not 'fewest'$/);
  const solver = new xc.Solver(p);
  assert.equal(solver.estimate(50, { seed: 2, propagate: true }).probes, 50);
  assert.throws(() => solver.estimate(50, { limit: 2 }), /estimate: no option 'limit'/);
  solver.dispose();
  p.dispose();
});

test('a count splits by the problem\'s symmetries, unless told not to, with the same count', () => {
  // Langford pairs of 11 (A014552: 17,792 arrangements, each and its reversal).
  const p = xc.langford.problem(11);
  const split = p.count();
  assert.equal(split.solutions, 35584n);
  // The value 11's ten places, in five pairs of mirror images.
  assert.equal(split.statistics.symmetryOptions, 10);
  assert.equal(split.statistics.symmetryClasses, 5);
  const whole = p.count({ symmetry: false });
  assert.equal(whole.solutions, 35584n);
  assert.equal(whole.statistics.symmetryClasses, 0);
  assert.ok(split.statistics.nodes < whole.statistics.nodes);
  // A plain count visits every solution: no split.
  assert.equal(p.count({ memo: false }).statistics.symmetryClasses, 0);
  assert.throws(() => p.count({ symmetry: 'no' }), /symmetry must be true or false/);
  const solver = new xc.Solver(p);
  assert.equal(solver.count({ symmetry: true }).solutions, 35584n);
  assert.throws(() => solver.solve({ symmetry: false }), /no option 'symmetry'/);
  solver.dispose();
  assert.equal(xc.langford.count(11), 35584n);
  p.dispose();
});

test('dispose: twice is harmless, use afterwards is an error', () => {
  const p = xc.Problem.fromDlx(knuth);
  p.dispose();
  p.dispose();
  assert.ok(p.disposed);
  assert.throws(() => p.count(), /this Problem was disposed/);
  const it = xc.queens.problem(4).solutions();
  it.dispose();
  assert.deepEqual(it.next(), { done: true, value: undefined });
});

test('no growth of the heap over 100,000 solves', () => {
  const round = () => {
    const p = new xc.Problem({ primary: ['a', 'b', 'c'], options: [['a', 'b'], ['c'], ['a'], ['b', 'c']] });
    const found = p.solve();
    p.dispose();
    assert.equal(found.length, 2);
  };
  for (let k = 0; k < 1000; ++k) round();
  const before = xc.heapBytes();
  for (let k = 0; k < 100000; ++k) round();
  const after = xc.heapBytes();
  assert.ok(after - before < 4096, `the heap grew by ${after - before} bytes`);
});

test('an option a call does not take is refused, not ignored', () => {
  const p = xc.queens.problem(6);
  assert.throws(() => p.count({ limt: 5 }), /count: no option 'limt' \(it takes limit, nodeLimit/);
  assert.throws(() => p.count({ threads: 2 }), /one thread/);
  assert.throws(() => p.solve({ limit: 2 }), /solve: no option 'limit'/);
  assert.throws(() => new xc.Solver(p, { kernels: 'avx2' }), /no option 'kernels'/);
  assert.throws(() => xc.polyomino.count('6x10', { board: '5x12' }), /no option 'board'/);
  assert.throws(() => new xc.sudoku.Rules({ box: [2, 3] }), /no option 'box'/);
  p.dispose();
});
