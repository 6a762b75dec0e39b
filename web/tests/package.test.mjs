// SPDX-License-Identifier: MIT
// The package as people take it: CommonJS and ES modules, the worker with
// progress and cancellation, its metadata, and counts against the native
// tool where it is built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { xc, packageDir, packageUrl, repoFile } from './support.mjs';

test('CommonJS: require() loads the same API', () => {
  const script = `require(${JSON.stringify(path.join(packageDir, 'index.cjs'))})
    .load().then((xc) => console.log(String(xc.queens.count(6))));`;
  assert.equal(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim(), '4');
});

test('package.json: version, entry points and the files npm pack takes', () => {
  const meta = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  assert.equal(meta.version, xc.version);
  for (const file of meta.files) assert.ok(existsSync(path.join(packageDir, file)), file);
  assert.equal(meta.exports['.'].import, './index.mjs');
  assert.equal(meta.exports['.'].require, './index.cjs');
  // The module is the size the page loads (at most 1 MB after gzip).
  const wasm = readFileSync(path.join(packageDir, 'xcover.wasm'));
  assert.ok(gzipSync(wasm, { level: 9 }).length <= 1 << 20);
});

test('the worker: jobs, progress, cancellation, errors', async () => {
  const { createWorker, CancelledError } = await import(packageUrl('client.mjs'));
  const worker = await createWorker();
  try {
    assert.equal(await worker.run('queens.count', [8]), 92n);
    assert.equal((await worker.run('problem.count', [{ dlx: 'a b\na\nb\na b\n' }])).solutions, 2n);
    const tiled = await worker.run('tiling.solve', [{ board: '6x10' }]);
    assert.match(tiled.svg, /<svg/);
    assert.deepEqual(tiled.placements.map((p) => p.cells.length), Array(12).fill(5));
    // The page's 3D view: an assembly that comes apart, then its plan.
    const soma = { lattice: 'cube', pieces: 'soma', board: '3x3x3' };
    const assembled = await worker.run('tiling.solve', [soma, { disassemble: true }]);
    const apart = await worker.run('tiling.disassemble', [soma, assembled.solution]);
    assert.equal(apart.apart, true);
    // The solve's own: what the filter found, the same plan.
    assert.deepEqual(assembled.disassembly, apart);
    assert.equal(tiled.disassembly, null);
    assert.equal(apart.lines.length, apart.moves);
    assert.equal(apart.plan.filter((m) => m.removes).length, 6);
    await assert.rejects(worker.run('problem.count', [{ dlx: 'a\nb\n', source: 'w.dlx' }]),
                         (e) => e.name === 'ParseError' && e.line === 2);
    await assert.rejects(worker.run('no.such', []), /no function 'no.such'/);
    await assert.rejects(worker.run('sudoku.solve', ['.'.repeat(81)], { onProgress: () => {} }),
                         /'sudoku.solve' reports no progress/);
    // Progress on a problem given as data: the options go beside it.
    const counted = await worker.run('problem.count', [{ dlx: 'a b\na\nb\na b\n' }],
                                     { onProgress: () => {} });
    assert.equal(counted.solutions, 2n);
    // A long count: stop it at its second report.
    const reports = [];
    const long = worker.run('queens.count', [18], {
      onProgress: (report) => {
        reports.push(report);
        if (reports.length === 2) long.cancel();
      },
    });
    await assert.rejects(long, (e) => e instanceof CancelledError);
    assert.equal(reports.length, 2);
    assert.equal(typeof long.progress.solutions, 'bigint');
    // A fresh worker took its place.
    assert.equal(await worker.run('sudoku.count', ['.'.repeat(16), 0]), 288);
  } finally {
    worker.terminate();
  }
});

// The native tool (build/xcover, or XCOVER_CLI) counts the same problems.
const cli = process.env.XCOVER_CLI ?? repoFile('build/xcover');
test('counts agree with the native library', { skip: !existsSync(cli) && `no ${cli}` }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xcover-web-'));
  const problems = [xc.queens.problem(9), xc.langford.problem(8), new xc.polyomino.Tiling({ board: '6x10' }).problem];
  for (const [k, problem] of problems.entries()) {
    const file = path.join(dir, `p${k}.dlx`);
    writeFileSync(file, problem.toDlx());
    const native = execFileSync(cli, ['solve', '--count', file], { encoding: 'utf8' }).trim();
    assert.equal(native, String(problem.count().solutions), file);
  }
});
