// SPDX-License-Identifier: MIT
// The Web Worker (or Node worker thread) side of client.mjs: it loads the
// module, runs each job it is sent, posts progress while a search runs and
// the result (or the error) at the end. A job is a call by name:
//   { id, call: 'polyomino.count', args: ['6x10'], progress: true }
// and three that take a problem as plain data instead of an object:
//   'problem.count' / 'problem.solve' / 'problem.solutions'
//     args: [{ dlx: text } | { primary, secondary, options }, searchOptions]
//   'tiling.count' / 'tiling.solve' / 'tiling.svg'
//     args: [tilingOptions, searchOptions]; 'tiling.solve' gives { solution,
//     picture, svg, placements, meshes, disassembly } (null for none; disassembly:
//     with searchOptions.disassemble, how it comes apart, else null)
//   'tiling.disassemble'
//     args: [tilingOptions, solution]: how the solution comes apart
import { load } from './index.mjs';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const port = isNode ? (await import('node:worker_threads')).parentPort : self;
const post = (message) => port.postMessage(message);
const xc = await load();

function problemOf(spec) {
  if (typeof spec?.dlx === 'string') return xc.Problem.fromDlx(spec.dlx, spec.source ?? '<dlx>');
  return new xc.Problem(spec);
}

const jobs = {
  'problem.count': (spec, options) => {
    const problem = problemOf(spec);
    try {
      return problem.count(options);
    } finally {
      problem.dispose();
    }
  },
  'problem.solve': (spec, options) => {
    const problem = problemOf(spec);
    try {
      return problem.solve(options);
    } finally {
      problem.dispose();
    }
  },
  'problem.solutions': (spec, options = {}) => {
    const problem = problemOf(spec);
    try {
      return [...problem.solutions(options)];
    } finally {
      problem.dispose();
    }
  },
  'tiling.count': (tiling, options) => withTiling(tiling, (t) => t.count(options)),
  'tiling.solve': (tiling, options) =>
    withTiling(tiling, (t) => {
      // As Tiling.solve, and with disassemble, what the filter found.
      const it = t.solutions({ ...options, limit: 1 });
      try {
        const first = it.next();
        if (first.done) return null;
        const solution = first.value;
        return { solution, picture: t.picture(solution), svg: t.svg(solution),
                 placements: t.placements(solution), meshes: t.meshes(solution),
                 disassembly: it.disassembly };
      } finally {
        it.dispose();
      }
    }),
  'tiling.svg': (tiling, solution) => withTiling(tiling, (t) => t.svg(solution)),
  'tiling.disassemble': (tiling, solution) => withTiling(tiling, (t) => t.disassemble(solution)),
};

function withTiling(options, body) {
  const tiling = new xc.polyform.Tiling(options);
  try {
    return body(tiling);
  } finally {
    tiling.dispose();
  }
}

// A call by name into the API: 'sudoku.solve', 'queens.count', ...
function named(path) {
  const parts = path.split('.');
  let owner = xc;
  for (const part of parts.slice(0, -1)) owner = owner?.[part];
  const fn = owner?.[parts.at(-1)];
  if (typeof fn !== 'function' || /^[A-Z]/.test(parts.at(-1)))
    throw new Error(`no function '${path}' in the xcover API`);
  return (...args) => fn.apply(owner, args);
}

if (isNode) port.on('message', run);
else port.addEventListener('message', (event) => run(event.data));

// The calls that search, and where their search options go: a progress
// report is posted from there every progressInterval seconds (default 0.25).
const optionsAt = {
  'problem.count': 1,
  'problem.solve': 1,
  'problem.solutions': 1,
  'tiling.count': 1,
  'tiling.solve': 1,
  'queens.count': 1,
  'langford.count': 1,
  'polyomino.count': 1,
};

function run({ id, call, args = [], progress = false }) {
  try {
    const fn = jobs[call] ?? named(call);
    const given = [...args];
    if (progress) {
      const at = optionsAt[call];
      if (at === undefined) throw new Error(`'${call}' reports no progress`);
      given[at] = {
        progressInterval: 0.25,
        ...given[at],
        progress: (report) => post({ id, progress: report }),
      };
    }
    post({ id, result: fn(...given) });
  } catch (error) {
    post({
      id,
      error: { name: error?.name ?? 'Error', message: String(error?.message ?? error),
               source: error?.source, line: error?.line },
    });
  }
}

post({ ready: true, version: xc.version });
