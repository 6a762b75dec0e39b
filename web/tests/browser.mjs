// SPDX-License-Identifier: MIT
// The page in a real browser: serves the page's folder (build-wasm/web) from
// a small Node server, starts Debian's Chromium headless and drives it over
// the DevTools protocol (a WebSocket from Debian's node-ws, found through
// NODE_PATH or in /usr/share/nodejs). No npm packages.
//
//   node web/tests/browser.mjs build-wasm/web
//
// Checks that the page loads without errors, that it solves the sample
// Sudoku at start-up (the time logged), that what it solves obeys the rules, its answers
// (counts of a unique Sudoku, of Knuth's example, of 4x4 Sudoku grids), a
// tiling drawn, a long count that shows progress and stops on Stop, and the
// sample puzzle in 3D taken apart step by step (screenshots of its canvas:
// a move changes the picture only where its pieces are, a step back gives
// the picture before again). WebGL runs on SwiftShader, Chromium's software
// renderer, as there is no GPU. XCOVER_SCREENSHOTS=DIR keeps the pictures.
// Exits 0 when all pass, 1 with the reason otherwise; timings on stderr.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

// ws from NODE_PATH (an ES import does not look there), else where Debian's
// node-ws puts it.
const require = createRequire(import.meta.url);
function requireWs() {
  try {
    return require('ws');
  } catch {
    return require('/usr/share/nodejs/ws');
  }
}
const WebSocket = requireWs();

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TOTAL_TIMEOUT_MS = 120_000;

const began = performance.now();
const log = (...what) =>
  console.error(`[browser ${((performance.now() - began) / 1000).toFixed(2)} s]`, ...what);

class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the static server ----------------------------------------------------------

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

function serve(root) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    const inside = file === root || file.startsWith(root + path.sep);
    if (inside && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// --- Chromium and the DevTools protocol ------------------------------------------

function startChromium(profile) {
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      // No GPU: WebGL on SwiftShader (Chromium's own software renderer),
      // which Chromium uses only when told so.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Failure(`Chromium gave no DevTools URL in 30 s:\n${seen}`)), 30_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('error', (e) => reject(new Failure(`cannot start ${CHROMIUM}: ${e.message}`)));
    child.once('exit', (code, signal) =>
      reject(new Failure(`Chromium exited (${code ?? signal}) before it listened:\n${seen}`)));
  });
  return { child, url };
}

// One WebSocket to the browser; sessions (flattened) address targets.
class DevTools {
  #ws;
  #next = 1;
  #pending = new Map();
  #listeners = [];

  static open(url) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => resolve(new DevTools(ws)));
      ws.once('error', reject);
    });
  }

  constructor(ws) {
    this.#ws = ws;
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id !== undefined) {
        const waiting = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (!waiting) return;
        if (message.error) waiting.reject(new Failure(`${waiting.method}: ${message.error.message}`));
        else waiting.resolve(message.result);
        return;
      }
      for (const listener of this.#listeners) listener(message);
    });
    ws.on('close', () => {
      for (const waiting of this.#pending.values()) waiting.reject(new Failure('the DevTools connection closed'));
      this.#pending.clear();
    });
  }

  send(method, params = {}, sessionId = undefined) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, method });
      this.#ws.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  on(listener) {
    this.#listeners.push(listener);
  }

  close() {
    this.#ws.close();
  }
}

// --- cleanup ------------------------------------------------------------------

const cleanups = [];
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch {
      // keep cleaning
    }
  }
}

function killGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return Promise.resolve();
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }, 3000);
  return gone.finally(() => clearTimeout(timer));
}

// --- Sudoku rules, checked here -----------------------------------------------------

// Every row, column and box of a solution holds each symbol once, with the
// givens kept; `diagonals` adds the two long diagonals.
function sudokuProblems(puzzle, solution, boxRows, boxColumns, { diagonals = false } = {}) {
  const side = boxRows * boxColumns;
  const problems = [];
  if (typeof solution !== 'string' || solution.length !== side * side)
    return [`a solution of ${solution?.length} cells, not ${side * side}: ${solution}`];
  const symbols = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, side);
  for (let k = 0; k < side * side; ++k) {
    const given = puzzle[k];
    if (given !== '.' && given !== '0' && given !== solution[k])
      problems.push(`cell ${k}: given ${given}, solved ${solution[k]}`);
  }
  const houses = [];
  for (let r = 0; r < side; ++r) {
    houses.push([`row ${r + 1}`, Array.from({ length: side }, (_, c) => r * side + c)]);
    houses.push([`column ${r + 1}`, Array.from({ length: side }, (_, c) => c * side + r)]);
  }
  for (let br = 0; br < side; br += boxRows)
    for (let bc = 0; bc < side; bc += boxColumns) {
      const box = [];
      for (let r = 0; r < boxRows; ++r) for (let c = 0; c < boxColumns; ++c) box.push((br + r) * side + bc + c);
      houses.push([`box at ${br + 1},${bc + 1}`, box]);
    }
  if (diagonals) {
    houses.push(['diagonal', Array.from({ length: side }, (_, k) => k * side + k)]);
    houses.push(['anti-diagonal', Array.from({ length: side }, (_, k) => k * side + side - 1 - k)]);
  }
  for (const [name, cells] of houses) {
    const seen = cells.map((k) => solution[k]).sort().join('');
    if (seen !== [...symbols].sort().join('')) problems.push(`${name} holds ${seen}`);
  }
  return problems;
}

function expectSudoku(what, puzzle, solution, boxRows, boxColumns, options) {
  const problems = sudokuProblems(puzzle, solution, boxRows, boxColumns, options);
  if (problems.length > 0) fail(`${what}: the grid breaks the rules: ${problems.slice(0, 5).join('; ')}`);
}

// --- screenshots ----------------------------------------------------------------

// The pixels of a PNG that Chromium wrote (8 bits a channel, RGB or RGBA,
// not interlaced): { width, height, channels, data }.
function decodePng(png) {
  let at = 8;
  let header = null;
  const idat = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12] };
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const channels = { 2: 3, 6: 4 }[header?.colour];
  if (!channels || header.depth !== 8 || header.interlace !== 0) fail(`a screenshot PNG of a kind not read here: ${JSON.stringify(header)}`);
  const { width, height } = header;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const a = x >= channels ? data[y * stride + x - channels] : 0;
      const b = y > 0 ? data[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter];
      data[y * stride + x] = (line[x] + predicted) & 0xff;
    }
  }
  return { width, height, channels, data };
}

// The box round the pixels where two pictures of one size differ (null: none).
function differences(one, other) {
  const [a, b] = [decodePng(one), decodePng(other)];
  if (a.width !== b.width || a.height !== b.height) fail(`screenshots of ${a.width}x${a.height} and ${b.width}x${b.height}`);
  let box = null;
  for (let y = 0; y < a.height; ++y)
    for (let x = 0; x < a.width; ++x) {
      let same = true;
      for (let k = 0; k < 3; ++k) same &&= a.data[(y * a.width + x) * a.channels + k] === b.data[(y * b.width + x) * b.channels + k];
      if (same) continue;
      box ??= { left: x, top: y, right: x, bottom: y, pixels: 0 };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      ++box.pixels;
    }
  return box;
}

// --- the checks -------------------------------------------------------------------

const UNIQUE = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const SAMPLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

async function main() {
  const root = path.resolve(process.argv[2] ?? 'build-wasm/web');
  for (const file of ['index.html', 'app.mjs', 'style.css', 'xcover/index.mjs', 'xcover/xcover.wasm'])
    if (!fs.existsSync(path.join(root, file))) fail(`${path.join(root, file)} is missing: build first (bash scripts/web.sh)`);

  const server = await serve(root);
  cleanups.push(() => {
    server.closeAllConnections?.();
    return new Promise((resolve) => server.close(resolve));
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  log(`serving ${root} at ${origin}`);

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'xcover-chromium-'));
  cleanups.push(() => fs.rmSync(profile, { recursive: true, force: true }));
  const chromium = startChromium(profile);
  cleanups.push(() => killGroup(chromium.child));
  const browserUrl = await chromium.url;
  log(`Chromium at ${browserUrl}`);

  const devtools = await DevTools.open(browserUrl);
  cleanups.push(() => devtools.close());

  // What the page (and its workers) report as errors.
  const errors = [];
  const sessions = new Set();
  devtools.on(async (message) => {
    const { method, params, sessionId } = message;
    if (method === 'Runtime.exceptionThrown') {
      const details = params.exceptionDetails;
      errors.push(`exception: ${details.exception?.description ?? details.text}`);
    } else if (method === 'Runtime.consoleAPICalled' && (params.type === 'error' || params.type === 'assert')) {
      errors.push(`console.${params.type}: ${params.args.map((a) => a.value ?? a.description).join(' ')}`);
    } else if (method === 'Log.entryAdded' && params.entry.level === 'error') {
      errors.push(`log: ${params.entry.text} ${params.entry.url ?? ''}`);
    } else if (method === 'Target.attachedToTarget' && sessions.has(sessionId)) {
      // A worker of the page: its exceptions count too.
      const worker = params.sessionId;
      sessions.add(worker);
      devtools.send('Runtime.enable', {}, worker).catch(() => {});
      devtools.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, worker)
        .catch(() => {});
    }
  });

  const { targetId } = await devtools.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId: session } = await devtools.send('Target.attachToTarget', { targetId, flatten: true });
  sessions.add(session);
  await devtools.send('Runtime.enable', {}, session);
  await devtools.send('Log.enable', {}, session);
  await devtools.send('Page.enable', {}, session);
  await devtools.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, session);
  // One size and one pixel per CSS pixel, so that screenshots compare.
  await devtools.send('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false }, session);

  const evaluate = async (expression) => {
    const reply = await devtools.send(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true, userGesture: true },
      session,
    );
    if (reply.exceptionDetails) {
      const details = reply.exceptionDetails;
      fail(`in the page, ${expression.slice(0, 100)}: ${details.exception?.description ?? details.text}`);
    }
    return reply.result.value;
  };
  // Polls `expression` until it gives something truthy.
  const waitFor = async (expression, what, timeoutMs = 15_000) => {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const value = await evaluate(expression);
      if (value) return value;
      if (performance.now() > until) {
        const messages = await evaluate(`[...document.querySelectorAll('.message')].map(e => e.id + ': ' + e.textContent).join(' | ')`);
        fail(`timed out after ${timeoutMs / 1000} s waiting for ${what} (page says: ${messages})`);
      }
      await sleep(50);
    }
  };
  const text = (id) => evaluate(`document.getElementById(${JSON.stringify(id)}).textContent`);
  const click = (id) => evaluate(`document.getElementById(${JSON.stringify(id)}).click()`);
  // Sets a field as typing or pasting would, with its input (and change) event.
  const setValue = (id, value) =>
    evaluate(`{
      const element = document.getElementById(${JSON.stringify(id)});
      element.value = ${JSON.stringify(value)};
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }`);
  const gridLine = () =>
    evaluate(`[...document.querySelectorAll('#sudoku-grid .cell')].map(c => c.value || '.').join('')`);
  // Clicks `button`, then waits for the message `id` to change and match.
  const clickAndRead = async (button, id, pattern, what, timeoutMs = 15_000) => {
    await evaluate(`document.getElementById(${JSON.stringify(id)}).textContent = ''`);
    await click(button);
    await waitFor(
      `(() => { const t = document.getElementById(${JSON.stringify(id)}).textContent;
                return /^(solved|no solution|unique|at least|\\d|a |stopped|error|\\w+Error)/.test(t) && t; })()`,
      what,
      timeoutMs,
    );
    const said = await text(id);
    if (!pattern.test(said)) fail(`${what}: the page says "${said}", expected ${pattern}`);
    return said;
  };

  // 1. Loading, and the first solve.
  const loadStarted = performance.now();
  await devtools.send('Page.navigate', { url: `${origin}/` }, session);
  await waitFor(
    `document.body?.dataset.ready === 'true' || /\\S/.test(document.getElementById('status-message')?.textContent ?? '')`,
    'the page to load xcover',
    30_000,
  );
  const problem = await text('status-message');
  if (problem) fail(`the page reports: ${problem}`);
  const firstSolveMs = await evaluate('window.xcoverFirstSolveMs');
  const version = await text('version');
  log(`page ready in ${(performance.now() - loadStarted).toFixed(0)} ms (xcover ${version}); ` +
    `first solve at ${firstSolveMs.toFixed(1)} ms after navigation began`);
  // (Its time is logged, not asserted: a test measures no speed, and two CI
  // lanes on two cores made it late by chance. bench/ measures speed.)
  if (!(firstSolveMs > 0)) fail(`the page's first solve did not run (${firstSolveMs})`);
  expectSudoku('the sample solved at startup', SAMPLE, await gridLine(), 3, 3);
  if (!(await evaluate(`!!document.querySelector('#sudoku-svg svg')`))) fail('no SVG of the sample solution');

  // 2. A pasted 9x9 puzzle, solved, then counted.
  let step = performance.now();
  await setValue('sudoku-text', UNIQUE);
  await clickAndRead('sudoku-solve', 'sudoku-message', /^solved/, 'solving a pasted Sudoku');
  expectSudoku('a pasted Sudoku', UNIQUE, await gridLine(), 3, 3);
  await clickAndRead('sudoku-count', 'sudoku-message', /^unique$/, 'counting a unique Sudoku');
  log(`pasted 9x9 solved and counted (unique) in ${(performance.now() - step).toFixed(0)} ms`);

  // 3. Many lines at once: one result a line, in order, errors in place.
  step = performance.now();
  await setValue('sudoku-text', `${SAMPLE}\n12345\n${UNIQUE}\n`);
  await clickAndRead('sudoku-solve', 'sudoku-message', /^3 puzzles: 2 solved/, 'solving three lines');
  const results = await evaluate(
    `[...document.querySelectorAll('#sudoku-results li')].map(li => ({ text: li.textContent, error: li.classList.contains('error') }))`,
  );
  if (results.length !== 3) fail(`three lines gave ${results.length} results`);
  expectSudoku('line 1 of three', SAMPLE, results[0].text, 3, 3);
  if (!results[1].error) fail(`the bad line 2 gave "${results[1].text}", not an error`);
  expectSudoku('line 3 of three', UNIQUE, results[2].text, 3, 3);
  log(`three lines solved in ${(performance.now() - step).toFixed(0)} ms`);

  // 4. Bad input: a visible error, nothing thrown.
  await setValue('sudoku-text', '12345');
  await clickAndRead('sudoku-solve', 'sudoku-message', /\S/, 'a bad line');
  const shown = await evaluate(`(() => { const m = document.getElementById('sudoku-message');
    return m.classList.contains('error') && m.offsetParent !== null; })()`);
  if (!shown) fail(`a bad line gave no visible error (the page says "${await text('sudoku-message')}")`);

  // 5. 4x4: the grids counted (288), then 6x6 digits typed into the grid.
  step = performance.now();
  await setValue('sudoku-shape', '4x4');
  await click('sudoku-clear');
  await clickAndRead('sudoku-count', 'sudoku-message', /^288 solutions$/, 'counting the 4x4 grids');
  await setValue('sudoku-shape', '6x6');
  const typed = { 0: '1', 1: '2', 2: '3', 7: '4', 14: '5', 35: '6' };
  for (const [cell, digit] of Object.entries(typed)) {
    await evaluate(`document.querySelectorAll('#sudoku-grid .cell')[${cell}].focus()`);
    await devtools.send('Input.insertText', { text: digit }, session);
  }
  const typedLine = await gridLine();
  const expected = Array.from({ length: 36 }, (_, k) => typed[k] ?? '.').join('');
  if (typedLine !== expected) fail(`typing into the 6x6 grid gave ${typedLine}, not ${expected}`);
  await clickAndRead('sudoku-solve', 'sudoku-message', /^solved/, 'solving a typed 6x6 Sudoku');
  expectSudoku('a typed 6x6 Sudoku', expected, await gridLine(), 2, 3);
  log(`4x4 counted, 6x6 typed and solved in ${(performance.now() - step).toFixed(0)} ms`);

  // 6. Levels: from 12x12 up only expert (or any) can come, and the level
  // chosen comes back on a smaller board. Then generate an X-sudoku and
  // solve it by its rules.
  step = performance.now();
  await setValue('sudoku-shape', '9x9');
  await setValue('sudoku-difficulty', 'easy');
  await setValue('sudoku-shape', '16x16');
  const levelsAt16 = await evaluate(`(() => { const s = document.getElementById('sudoku-difficulty');
    return s.value + '|' + [...s.options].filter((o) => !o.disabled).map((o) => o.value).join(','); })()`);
  if (levelsAt16 !== '|,expert') fail(`at 16x16 the levels were ${levelsAt16}, not any and expert alone`);
  await setValue('sudoku-shape', '9x9-x');
  const levelBack = await evaluate(`document.getElementById('sudoku-difficulty').value`);
  if (levelBack !== 'easy') fail(`back at 9x9 the level was '${levelBack}', not the easy chosen before`);
  await clickAndRead('sudoku-generate', 'sudoku-message', /^a new/, 'generating an X-sudoku', 30_000);
  const generated = await evaluate(`document.getElementById('sudoku-text').value`);
  if (!/^[1-9.]{81}$/.test(generated)) fail(`the generated X-sudoku is ${generated}`);
  await clickAndRead('sudoku-count', 'sudoku-message', /^unique$/, 'counting the generated X-sudoku');
  await clickAndRead('sudoku-solve', 'sudoku-message', /^solved/, 'solving the generated X-sudoku');
  expectSudoku('the generated X-sudoku', generated, await gridLine(), 3, 3, { diagonals: true });
  log(`X-sudoku generated, counted and solved in ${(performance.now() - step).toFixed(0)} ms`);

  // 7. Tiling: the 6x10 board with the pentominoes, drawn.
  step = performance.now();
  await click('tab-tiling');
  await setValue('tiling-lattice', 'square');
  await setValue('tiling-pieces', 'pentominoes');
  await setValue('tiling-board', '6x10');
  await clickAndRead('tiling-solve', 'tiling-message', /^a tiling of the 6x10/, 'tiling 6x10 with pentominoes', 30_000);
  const shapes = await evaluate(
    `(() => { const svg = document.querySelector('#tiling-svg svg');
              return svg ? svg.querySelectorAll('path, polygon, rect').length : 0; })()`,
  );
  if (shapes < 12) fail(`the 6x10 tiling's SVG has ${shapes} shapes, not the 12 pieces`);
  log(`6x10 tiled and drawn (${shapes} shapes) in ${(performance.now() - step).toFixed(0)} ms`);
  step = performance.now();
  await setValue('tiling-board', '8x8-centre');
  await clickAndRead('tiling-count', 'tiling-message', /^520 tilings of the 8x8-centre/, 'counting the 8x8-centre tilings', 30_000);
  log(`8x8-centre counted (520) in ${(performance.now() - step).toFixed(0)} ms`);
  // A picture file typed in stands for the choices; off cubes nothing comes
  // apart, and there is no 3D view.
  if (!(await evaluate(`document.getElementById('tiling-apart').disabled`))) fail('"only apart" is offered on squares');
  await setValue('tiling-text', 'board\n###\n###\npiece L x2\n##\n#.\n');
  await clickAndRead('tiling-solve', 'tiling-message', /^a tiling of the square picture file$/, 'tiling a typed picture file');
  const fromText = await evaluate(`[document.querySelectorAll('#tiling-svg path.piece').length,
    document.getElementById('tiling-3d').hidden, document.getElementById('tiling-pieces').disabled]`);
  if (JSON.stringify(fromText) !== '[2,true,true]')
    fail(`a typed picture file of two L trominoes gave [pieces, 3D hidden, pieces field off] ${JSON.stringify(fromText)}`);

  // 8. The sample puzzle in 3D: its first assembly is locked ("not apart");
  // the first that comes apart is taken apart, a move at a time.
  step = performance.now();
  await setValue('tiling-example', 'slot-box');
  const chosen = await evaluate(`[document.getElementById('tiling-lattice').value, document.getElementById('tiling-apart').checked,
    /piece zigzag/.test(document.getElementById('tiling-text').value), document.getElementById('tiling-board').disabled]`);
  if (JSON.stringify(chosen) !== '["cube",true,true,true]')
    fail(`the sample chosen gave [lattice, only apart, text, board field off] ${JSON.stringify(chosen)}`);
  await evaluate(`document.getElementById('tiling-apart').checked = false`);
  await clickAndRead('tiling-solve', 'tiling-message', /^a tiling of the cube picture file$/, 'solving the slot box', 30_000);
  await waitFor(`document.querySelector('#tiling-view canvas') && document.getElementById('tiling-view').dataset.step === '0'`,
    'the 3D view of the slot box');
  await evaluate(`document.getElementById('tiling-level').textContent = ''`);
  await click('tiling-disassemble');
  // What the page says once a disassembly has ended.
  const levelSaid = `(() => { const t = document.getElementById('tiling-level').textContent;
                              return /^(not apart|level|stopped|\\w*Error)/.test(t) && t; })()`;
  const locked = await waitFor(levelSaid, 'the locked assembly taken apart');
  if (!/^not apart/.test(locked)) fail(`the slot box's first assembly, which is locked, gave "${locked}"`);
  await evaluate(`document.getElementById('tiling-apart').checked = true`);
  // Counted: of its two assemblies, one comes apart.
  await clickAndRead('tiling-count', 'tiling-message',
    /^1 tilings of the cube picture file that come apart, of 2 assemblies \(/,
    'counting the slot box\'s assemblies that come apart', 30_000);
  await clickAndRead('tiling-solve', 'tiling-message', /^a tiling of the cube picture file that comes apart$/,
    'solving the slot box for an assembly that comes apart', 30_000);
  await waitFor(`document.getElementById('tiling-view').dataset.step === '0'`, 'the 3D view of the slot box');
  // What the API says of the assembly the page shows.
  const apiSays = await evaluate(`(async () => {
    const { load } = await import('./xcover/index.mjs');
    const { SAMPLES } = await import('./samples.mjs');
    const tiling = new (await load()).polyform.Tiling(SAMPLES['slot-box']);
    try {
      return tiling.disassemble(JSON.parse(document.getElementById('tiling-view').dataset.solution));
    } finally {
      tiling.dispose();
    }
  })()`);
  if (!apiSays.apart || apiSays.level[0] < 2) fail(`the slot box's sample assembly: ${JSON.stringify(apiSays)}`);
  await evaluate(`document.getElementById('tiling-level').textContent = ''`);
  await click('tiling-disassemble');
  const level = await waitFor(levelSaid, 'the slot box taken apart');
  if (level !== `level ${apiSays.levelText}, ${apiSays.moves} moves`)
    fail(`the page says "${level}", the API level ${apiSays.levelText} in ${apiSays.moves} moves`);
  const canvas = await evaluate(`(() => {
    const canvas = document.querySelector('#tiling-view canvas');
    canvas.scrollIntoView();
    // The drawing, inside the canvas's border.
    const r = canvas.getBoundingClientRect();
    return { x: r.left + scrollX + canvas.clientLeft, y: r.top + scrollY + canvas.clientTop,
             width: canvas.clientWidth, height: canvas.clientHeight };
  })()`);
  const keep = process.env.XCOVER_SCREENSHOTS;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  // Goes to step k with `button` and takes the canvas's picture there.
  const shots = [];
  const stepTo = async (button, k) => {
    if (button) await click(button);
    await waitFor(`document.getElementById('tiling-view').dataset.step === '${k}'`, `step ${k} of the disassembly`);
    const said = await text('tiling-step');
    const wanted = k === 0 ? `move 0 of ${apiSays.moves}: assembled` : `move ${k} of ${apiSays.moves}: ${apiSays.lines[k - 1]}`;
    if (said !== wanted) fail(`at step ${k} the page says "${said}", not "${wanted}"`);
    const { data } = await devtools.send('Page.captureScreenshot', { format: 'png', clip: { ...canvas, scale: 1 } }, session);
    const png = Buffer.from(data, 'base64');
    if (keep) fs.writeFileSync(path.join(keep, `slot-box-${shots.length}-step-${k}.png`), png);
    shots.push(png);
    return { png, boxes: await evaluate('window.xcoverPlayer.view.screenBoxes()') };
  };
  // A move changes the picture, and only round the pieces it moved.
  const moved = (before, after, k) => {
    const changed = differences(before.png, after.png);
    if (changed === null) fail(`move ${k} (${apiSays.lines[k - 1]}) left the picture as it was`);
    const near = (box, rect) => box.left >= rect.left - 2 && box.right <= rect.right + 2 && box.top >= rect.top - 2 && box.bottom <= rect.bottom + 2;
    const around = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const piece of apiSays.plan[k - 1].pieces)
      for (const rect of [before.boxes[piece], after.boxes[piece]]) {
        around.left = Math.min(around.left, rect.left);
        around.top = Math.min(around.top, rect.top);
        around.right = Math.max(around.right, rect.right);
        around.bottom = Math.max(around.bottom, rect.bottom);
      }
    if (!near(changed, around))
      fail(`move ${k} changed pixels in ${JSON.stringify(changed)}, outside its pieces' ${JSON.stringify(around)}`);
    return changed.pixels;
  };
  const at0 = await stepTo(null, 0);
  const at1 = await stepTo('tiling-forward', 1);
  const at2 = await stepTo('tiling-forward', 2);
  const changes = [moved(at0, at1, 1), moved(at1, at2, 2)];
  const back1 = await stepTo('tiling-back', 1);
  const back0 = await stepTo('tiling-back', 0);
  if (!back1.png.equals(at1.png)) fail('a step back to step 1 gave another picture than step 1 had');
  if (!back0.png.equals(at0.png)) fail('a step back to step 0 gave another picture than step 0 had');
  // Play goes on by itself; Pause stops it where it is.
  await click('tiling-play');
  await waitFor(`document.getElementById('tiling-view').dataset.step === '2'`, 'Play to reach step 2');
  await click('tiling-play');
  // The move under way ends, then no other starts.
  const paused = await waitFor(`(() => { const step = document.getElementById('tiling-view').dataset.step;
    return document.getElementById('tiling-play').textContent === 'Play' && step; })()`, 'Pause to stop the play');
  await sleep(800);
  const later = await evaluate(`document.getElementById('tiling-view').dataset.step`);
  if (!['2', '3'].includes(paused) || later !== paused)
    fail(`Pause at step 2 stopped at step ${paused}, and ${later} came 0.8 s later`);
  if (keep) {
    const { data } = await devtools.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, session);
    fs.writeFileSync(path.join(keep, 'tiling-tab.png'), Buffer.from(data, 'base64'));
  }
  log(`slot box: locked assembly "not apart", ${level}; moves 1 and 2 changed ${changes.join(' and ')} pixels ` +
    `round their pieces, steps back equal (${(performance.now() - step).toFixed(0)} ms)`);

  // 9. Knuth's example: counted (1) and solved, the options covering each
  // item once; a mistake in the text is an error shown.
  step = performance.now();
  await click('tab-dlx');
  await setValue('dlx-example', 'knuth');
  await clickAndRead('dlx-count', 'dlx-message', /^1 solution /, "counting Knuth's example", 30_000);
  await clickAndRead('dlx-solve', 'dlx-message', /^a solution of 3 options/, "solving Knuth's example");
  const options = await evaluate(`[...document.querySelectorAll('#dlx-solution li')].map(li => li.textContent)`);
  const covered = options.join(' ').split(' ').sort().join(' ');
  if (covered !== 'a b c d e f g') fail(`the solution's options ${JSON.stringify(options)} do not cover a..g once`);
  await setValue('dlx-text', 'a b\na c\n');
  await clickAndRead('dlx-count', 'dlx-message', /Error/, 'a DLX text naming an unknown item');
  if (!(await evaluate(`document.getElementById('dlx-message').classList.contains('error')`)))
    fail('a bad DLX text is not shown as an error');
  log(`Knuth's example counted and solved in ${(performance.now() - step).toFixed(0)} ms`);

  // 10. A long count (16 queens), with progress, stopped by Stop.
  step = performance.now();
  await setValue('dlx-example', 'queens16');
  await evaluate(`document.getElementById('dlx-message').textContent = ''`);
  await click('dlx-count');
  const progress = await waitFor(
    `(() => { const t = document.getElementById('job-dlx-count')?.textContent ?? '';
              return /[1-9][\\d,]* nodes, [1-9][\\d,]* solutions so far/.test(t) && t; })()`,
    'progress of the 16-queens count (nodes and solutions so far)',
    30_000,
  );
  log(`16 queens: progress after ${(performance.now() - step).toFixed(0)} ms: ${progress.replace(/Stop$/, '')}`);
  await sleep(1000);
  const before = await text('dlx-message');
  if (before !== 'counting…') fail(`the 16-queens count ended before Stop: "${before}"; choose a longer one`);
  await click('stop-dlx-count');
  const stopped = await waitFor(
    `(() => { const t = document.getElementById('dlx-message').textContent;
              return /^stopped after [\\d,]+ solutions$/.test(t) && t; })()`,
    'the page to say the count stopped',
  );
  const shownBefore = BigInt(/([\d,]+) solutions so far/.exec(progress)[1].replaceAll(',', ''));
  const stoppedAfter = BigInt(/[\d,]+/.exec(stopped)[0].replaceAll(',', ''));
  if (stoppedAfter < shownBefore) fail(`stopped after ${stoppedAfter} solutions, fewer than the ${shownBefore} shown before`);
  const line = await text('job-dlx-count');
  if (!/stopped after/.test(line)) fail(`the status line says "${line}" after Stop`);
  if (!(await evaluate(`!document.getElementById('dlx-count').disabled && !document.getElementById('stop-dlx-count')`)))
    fail('after Stop, Count is still disabled or Stop still shown');
  log(`16 queens ${stopped} (${(performance.now() - step).toFixed(0)} ms after Count)`);

  // The worker, restarted by Stop, still counts.
  await setValue('dlx-example', 'queens8');
  await clickAndRead('dlx-count', 'dlx-message', /^92 solutions /, 'counting 8 queens after Stop', 30_000);

  // 11. Nothing went wrong on the way.
  await sleep(200);
  if (errors.length > 0) fail(`the page reported errors:\n  ${errors.join('\n  ')}`);
  log(`all checks passed; first solve at ${firstSolveMs.toFixed(1)} ms`);
}

const watchdog = setTimeout(async () => {
  console.error(`browser test: FAILED: no result within ${TOTAL_TIMEOUT_MS / 1000} s`);
  await cleanUp();
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, async () => {
    console.error(`browser test: FAILED: interrupted (${signal})`);
    await cleanUp();
    process.exit(1);
  });

let code = 0;
try {
  await main();
  console.error('browser test: passed');
} catch (e) {
  code = 1;
  console.error(`browser test: FAILED: ${e instanceof Failure ? e.message : e?.stack ?? e}`);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
process.exit(code);
