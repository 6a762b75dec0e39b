// SPDX-License-Identifier: MIT
// Compiled by `tsc --strict --noEmit` (scripts/web.sh --test): the
// declarations (build-wasm/npm/index.d.ts) describe the API as used here,
// imported by the package's name as its users do.
import { load, type CountResult, type Xcover } from 'xcover';

async function main(): Promise<void> {
  const xc: Xcover = await load();
  const p = xc.Problem.fromDlx('a b c\na b\nc\n');
  const result: CountResult = p.count({ limit: 10, timeLimit: 1, progress: (r) => r.nodes < 1e9 });
  const solutions: bigint = result.solutions;
  const first: number[] | null = p.solve();
  for (const s of p.solutions({ limit: 2 })) console.log(s.length);
  p.dispose();
  const queens: bigint = xc.queens.count(8);
  const tree: bigint = p.count({ propagate: true, itemChoice: 'most-clashes', seed: 3 }).solutions;
  const guess: number = new xc.Solver(p).estimate(10, { propagate: true }).nodes;
  const line: string | null = xc.sudoku.solve('.'.repeat(81));
  const rules = new xc.sudoku.Rules({ boxes: [2, 3], diagonals: false });
  const made: string = rules.generate({ count: 1, difficulty: 'easy' })[0].puzzle;
  const tiling = new xc.polyform.Tiling({ lattice: 'cube', board: '3x3x3', pieces: 'soma' });
  const svg: string | undefined = tiling.solve() === null ? undefined : tiling.svg(tiling.solve()!);
  const apart = tiling.solutions({ disassemble: true, minLevel: 1 });
  for (const s of apart) console.log(s.length, apart.disassembly?.levelText, apart.assemblies);
  const firstApart = tiling.solve({ disassemble: true, minLevel: 1 });
  const level: string | undefined = firstApart === null ? undefined : tiling.disassemble(firstApart).levelText;
  try {
    xc.Problem.fromDlx('a\nb\n', 'x.dlx');
  } catch (e) {
    if (e instanceof xc.ParseError) console.log(e.source, e.line);
  }
  console.log(solutions, first, queens, tree, guess, line, made, svg, level, xc.polyomino.count('6x10', { distinct: true }));
}

void main();

async function worker(): Promise<void> {
  const { createWorker, CancelledError } = await import('xcover/client');
  const w = await createWorker();
  const job = w.run<bigint>('queens.count', [8], { onProgress: (p) => console.log(p.solutions) });
  try {
    const count: bigint = await job;
    console.log(count, job.progress?.nodes);
  } catch (e) {
    if (e instanceof CancelledError) console.log('stopped');
  }
  w.terminate();
}

void worker();
