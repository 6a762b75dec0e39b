// SPDX-License-Identifier: MIT
// The library's one table of search options (xc.searchOptionTable()) against
// JavaScript: each call's allowed keys and index.d.ts name exactly the
// table's keys, every name of the tables is taken, and bad values and
// options that do not go together are refused with the table's message, in
// JavaScript's spelling (the CLI's half: tests/test_frontend_options.cpp;
// Python's: python/tests/test_options.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { xc, repoFile } from './support.mjs';

const knuth = readFileSync(repoFile('tests/data/knuth_example.dlx'), 'utf8');
const table = xc.searchOptionTable();
const row = Object.fromEntries(table.map((r) => [r.name, r]));
const names = xc.optionNames();

// The table's JavaScript keys for `call`, less those in `leaveOut`.
function tableKeys(call, leaveOut = []) {
  return table
    .filter((r) => r.javascript && r.calls.includes(call) && !leaveOut.includes(r.javascript))
    .map((r) => r.javascript)
    .sort();
}

// What a call takes, as its refusal of an unknown key lists it.
function allowedKeys(run) {
  try {
    run({ noSuchOption: 1 });
  } catch (e) {
    const listed = /\(it takes (.*)\)$/.exec(e.message);
    assert.ok(listed, e.message);
    return listed[1].split(', ').sort();
  }
  assert.fail('an unknown option was taken');
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('each call takes exactly the table options of its kind', () => {
  const p = xc.Problem.fromDlx(knuth);
  const solver = new xc.Solver(p);
  // A Solver's calls take no layout (the Solver has one); solve() no limit.
  const calls = [
    [(o) => p.count(o), tableKeys('count')],
    [(o) => p.solutions(o), tableKeys('solutions')],
    [(o) => p.solve(o), tableKeys('solutions', ['limit'])],
    [(o) => solver.count(o), tableKeys('count', ['layout'])],
    [(o) => solver.solutions(o), tableKeys('solutions', ['layout'])],
    [(o) => solver.solve(o), tableKeys('solutions', ['layout', 'limit'])],
    [(o) => solver.estimate(10, o), tableKeys('estimate')],
  ];
  // A Tiling runs on the automatic layout, without the memo's choice (as Python's).
  const tiling = new xc.polyform.Tiling({ board: '3x20' });
  calls.push(
    // (and the tiling's own: the assemblies that come apart)
    [(o) => tiling.count(o), [...tableKeys('count', ['layout', 'memo', 'symmetry']), 'disassemble', 'minLevel'].sort()],
    [(o) => tiling.solutions(o), [...tableKeys('solutions', ['layout']), 'disassemble', 'minLevel'].sort()],
    [(o) => tiling.solve(o), [...tableKeys('solutions', ['layout', 'limit']), 'disassemble', 'minLevel'].sort()],
  );
  for (const [run, keys] of calls) assert.deepEqual(allowedKeys(run), keys);
  for (const r of table) if (!r.javascript) assert.ok(r.elsewhere, r.name);
  tiling.dispose();
  solver.dispose();
  p.dispose();
});

test('index.d.ts declares exactly the table options of each kind', () => {
  const text = readFileSync(repoFile('web/npm/index.d.ts'), 'utf8');
  const keysOf = (name) => {
    const body = new RegExp(`export interface ${name} [^{]*\\{([\\s\\S]*?)\\n\\}`).exec(text)[1];
    return [...body.matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]);
  };
  const search = keysOf('SearchOptions');
  const problem = [...search, ...keysOf('ProblemSearchOptions')];
  const count = [...problem, ...keysOf('CountOptions')];
  assert.deepEqual(problem.sort(), tableKeys('solutions'));
  assert.deepEqual(count.sort(), tableKeys('count'));
  const estimate = /estimate\(\s*probes: number,\s*options\?: \{([^}]*)\}/.exec(text)[1];
  assert.deepEqual([...estimate.matchAll(/(\w+)\?:/g)].map((m) => m[1]).sort(), tableKeys('estimate'));
  // The layouts the type names are the table's.
  const layout = /export type Layout =([^;]*);/.exec(text)[1];
  assert.deepEqual([...layout.matchAll(/'([^']*)'/g)].map((m) => m[1]), names.layout.map((n) => n.name));
});

test('every name of the tables is taken, old spellings too', () => {
  const p = xc.Problem.fromDlx(knuth);
  for (const named of names.layout) {
    for (const word of [named.name, named.alias].filter(Boolean)) {
      if (named.asked) {
        const result = p.count({ layout: word, memo: false });
        assert.equal(result.solutions, 1n, word);
        const solver = new xc.Solver(p, { layout: word });
        assert.equal(solver.layout, named.name === 'auto' ? solver.layout : named.name);
        assert.ok(names.layout.some((n) => n.name === solver.statistics.layout || solver.statistics.layout === 'auto'));
        solver.dispose();
      } else {
        assert.throws(() => p.count({ layout: word }), new RegExp(`layout must be ${escape(row.layout.takes)}, not '${word}'$`));
      }
    }
  }
  for (const named of names['item-choice'])
    for (const word of [named.name, named.alias].filter(Boolean))
      assert.equal(p.count({ layout: 'bitsets', itemChoice: word }).solutions, 1n, word);
  // Reported by the table's one name.
  assert.equal(p.count({ layout: 'counted_bitsets', memo: false }).statistics.layout, 'counted-bitsets');
  assert.equal(p.count().status, names.status[0].name);
  p.dispose();
});

test('a bad value has the table message, in JavaScript spelling', () => {
  const p = xc.Problem.fromDlx(knuth);
  const message = (name, shown) => new RegExp(`${escape(row[name].javascript)} must be ${escape(row[name].takes)}, not '${escape(shown)}'$`);
  assert.throws(() => p.count({ layout: 'fast' }), message('layout', 'fast'));
  assert.throws(() => p.count({ itemChoice: 'best' }), message('item-choice', 'best'));
  assert.throws(() => p.count({ limit: -1 }), message('limit', '-1'));
  assert.throws(() => p.count({ nodeLimit: 1.5 }), message('node-limit', '1.5'));
  assert.throws(() => p.count({ seed: -2 }), message('seed', '-2'));
  assert.throws(() => p.count({ timeLimit: -1 }), message('time-limit', '-1'));
  p.dispose();
});

test('what does not go together is refused as the CLI and Python refuse it', () => {
  const p = xc.Problem.fromDlx(knuth);
  const why = " (a memoised count counts whole sub-problems, by DLX1's choice of item)";
  for (const [options, named] of [[{ limit: 3 }, 'limit'], [{ propagate: true, layout: 'bitsets' }, 'propagate'], [{ itemChoice: 'most-clashes' }, 'itemChoice'], [{ seed: 5 }, 'seed']])
    assert.throws(() => p.count({ memo: true, ...options }), new RegExp(`memo does not go with ${named}${escape(why)}$`));
  assert.throws(
    () => p.solutions({ layout: 'sparse', itemChoice: 'most-clashes' }),
    /Error: itemChoice: 'most-clashes' is followed by the bitsets layout only, and this problem runs on the sparse layout: add layout: 'bitsets', or leave itemChoice out$/,
  );
  const links = new xc.Solver(p, { layout: 'links' });
  assert.throws(() => links.estimate(10, { propagate: true }), /propagate is followed by the bitsets layout only/);
  assert.throws(() => links.solve({ propagate: true }), /propagate is followed by the bitsets layout only/);
  links.dispose();
  p.dispose();
});

test('every bad number has the table message, as in Python and the CLI', () => {
  const p = xc.Problem.fromDlx(knuth);
  const tiling = new xc.polyform.Tiling({ lattice: 'square', board: '3x20', pieces: 'pentominoes' });
  // The values python/tests/test_options.py gives too, quoted the same.
  const bad = { count: [-1], seconds: [-1], positive_seconds: [0, -2] };
  const progress = () => {};
  for (const r of table.filter((t) => t.javascript && bad[t.kind])) {
    for (const value of bad[r.kind]) {
      const want = `${r.javascript} must be ${r.takes}, not '${value}'`;
      for (const run of [(o) => p.count(o), (o) => p.solutions(o).next(), (o) => tiling.count(o), (o) => tiling.solutions(o).next()]) {
        assert.throws(() => run({ progress, [r.javascript]: value }), (e) => e.message.endsWith(want), `${r.javascript}: ${value}`);
      }
    }
  }
  tiling.dispose();
  p.dispose();
});
