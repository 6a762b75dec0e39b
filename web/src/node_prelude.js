// SPDX-License-Identifier: MIT
// Put before Emscripten's ES module (--extern-pre-js): its Node branch
// (Emscripten 3.1.6) calls require() and reads __dirname, which an ES
// module does not have. A browser skips this.
let require, __dirname;
if (typeof process === 'object' && typeof process.versions?.node === 'string') {
  const { createRequire } = await import('node:module');
  const { fileURLToPath } = await import('node:url');
  require = createRequire(import.meta.url);
  __dirname = fileURLToPath(new URL('.', import.meta.url));
}
