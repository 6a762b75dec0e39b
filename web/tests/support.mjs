// SPDX-License-Identifier: MIT
// What the Node tests share: the package under test (build-wasm/npm, or
// XCOVER_NPM) and checks of solutions against the rules.
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const packageDir = path.resolve(process.env.XCOVER_NPM ?? path.join(root, 'build-wasm', 'npm'));
export const packageUrl = (file) => pathToFileURL(path.join(packageDir, file)).href;
export const repoFile = (file) => path.join(root, file);

const { load } = await import(packageUrl('index.mjs'));
export const xc = await load();

// Each primary item of `problem` covered exactly once, each secondary at
// most once or by options that agree on its colour.
export function coversExactly(problem, solution) {
  const seen = new Map();
  for (const index of solution) {
    for (const token of problem.option(index)) {
      const [item, colour] = token.split(':');
      const before = seen.get(item);
      if (before === undefined) seen.set(item, { times: 1, colour });
      else if (colour !== undefined && before.colour === colour) continue;
      else before.times += 1;
    }
  }
  for (const item of problem.primary) if (seen.get(item)?.times !== 1) return false;
  for (const item of problem.secondary) if ((seen.get(item)?.times ?? 0) > 1) return false;
  return true;
}

// A full Sudoku grid of side n*n with boxes of rows x columns (a line of
// symbols '1'..'9' then 'A'..), agreeing with the givens.
export function obeysSudoku(puzzle, solution, boxRows, boxColumns) {
  const side = boxRows * boxColumns;
  if (solution.length !== side * side) return false;
  const value = (c) => parseInt(c, 36);
  for (let k = 0; k < puzzle.length; ++k)
    if (puzzle[k] !== '.' && puzzle[k] !== '0' && puzzle[k] !== solution[k]) return false;
  const houses = [];
  for (let r = 0; r < side; ++r) {
    houses.push(Array.from({ length: side }, (_, c) => r * side + c));
    houses.push(Array.from({ length: side }, (_, c) => c * side + r));
  }
  for (let br = 0; br < side; br += boxRows)
    for (let bc = 0; bc < side; bc += boxColumns) {
      const box = [];
      for (let r = 0; r < boxRows; ++r)
        for (let c = 0; c < boxColumns; ++c) box.push((br + r) * side + bc + c);
      houses.push(box);
    }
  return houses.every((cells) => {
    const values = new Set(cells.map((k) => value(solution[k])));
    return values.size === side && [...values].every((v) => v >= 1 && v <= side);
  });
}
