// SPDX-License-Identifier: MIT
// Long searches off the page's thread: a Web Worker (a worker thread in
// Node) runs worker.mjs, and each job comes back as a promise.
//
//   import { createWorker } from 'xcover/client';
//   const worker = await createWorker();
//   const job = worker.run('polyomino.count', ['6x10'], { onProgress: (p) => show(p) });
//   stopButton.onclick = () => job.cancel();
//   const tilings = await job;           // 9356n, or a CancelledError
//
// A search cannot be interrupted from outside its thread without shared
// memory (which a page has only when its server isolates it), so cancel()
// ends the worker and starts a new one: the jobs waiting behind it fail
// with CancelledError too. The last progress report (job.progress) says
// how far the search got.
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/** What a job's promise rejects with after cancel(). */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/** An error the worker's call threw, with its name, message (and source, line). */
export class WorkerError extends Error {
  constructor({ name, message, source, line }) {
    super(message);
    this.name = name;
    if (source !== undefined) this.source = source;
    if (line !== undefined) this.line = line;
  }
}

class XcoverWorker {
  #url;
  #make;
  #worker = null;
  #ready = null;
  #jobs = new Map();
  #next = 1;

  constructor(url, make) {
    this.#url = url;
    this.#make = make;
    this.#start();
  }

  /** Resolves once the module is loaded in the worker. */
  get ready() {
    return this.#ready;
  }

  /**
   * Calls `call` ('sudoku.solve', 'problem.count', ...: see worker.mjs)
   * with `args` in the worker. The promise it returns has cancel() and
   * `progress` (the last report, when onProgress was given).
   */
  run(call, args = [], { onProgress = undefined } = {}) {
    const id = this.#next++;
    let settle;
    const promise = new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
    const job = { settle, onProgress, promise };
    this.#jobs.set(id, job);
    promise.cancel = () => this.cancel();
    promise.progress = null;
    job.promise = promise;
    this.#ready.then(() =>
      this.#worker.postMessage({ id, call, args, progress: onProgress !== undefined }),
    );
    return promise;
  }

  /** Stops every job (each rejects with CancelledError) and starts afresh. */
  cancel() {
    this.#stop(new CancelledError());
    this.#start();
  }

  /** Ends the worker for good. */
  terminate() {
    this.#stop(new CancelledError('the worker was terminated'));
  }

  #start() {
    this.#worker = this.#make(this.#url);
    let resolveReady;
    let rejectReady;
    this.#ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    this.#ready.catch(() => {});
    const onMessage = (data) => {
      if (data.ready) {
        resolveReady(data.version);
        return;
      }
      const job = this.#jobs.get(data.id);
      if (!job) return;
      if (data.progress !== undefined) {
        const report = { ...data.progress, solutions: BigInt(data.progress.solutions) };
        job.promise.progress = report;
        job.onProgress?.(report);
        return;
      }
      this.#jobs.delete(data.id);
      if (data.error) job.settle.reject(new WorkerError(data.error));
      else job.settle.resolve(data.result);
    };
    const onError = (error) => {
      const failure = new Error(`the xcover worker failed: ${error?.message ?? error}`);
      rejectReady(failure);
      this.#stop(failure);
    };
    if (isNode) {
      this.#worker.on('message', onMessage);
      this.#worker.on('error', onError);
    } else {
      this.#worker.addEventListener('message', (event) => onMessage(event.data));
      this.#worker.addEventListener('error', onError);
    }
  }

  #stop(reason) {
    this.#worker?.terminate();
    this.#worker = null;
    for (const job of this.#jobs.values()) job.settle.reject(reason);
    this.#jobs.clear();
  }
}

/**
 * A worker running xcover (worker.mjs beside this file unless `url` says
 * otherwise), once its module has loaded.
 */
export async function createWorker(url = new URL('./worker.mjs', import.meta.url)) {
  let make;
  if (isNode) {
    const { Worker } = await import('node:worker_threads');
    make = (at) => new Worker(at);
  } else {
    make = (at) => new Worker(at, { type: 'module' });
  }
  const worker = new XcoverWorker(url, make);
  await worker.ready;
  return worker;
}
