// SPDX-License-Identifier: MIT
// Types of xcover/client (client.mjs): searches in a Worker.
import type { Progress } from './index.js';

/** What a job's promise rejects with after cancel(). */
export class CancelledError extends Error {}

/** An error the worker's call threw: its name, message, and source and line for ParseError. */
export class WorkerError extends Error {
  source?: string;
  line?: number;
}

/** A job: the call's result, or a rejection. */
export interface Job<T = unknown> extends Promise<T> {
  /** Stops every job of the worker (each rejects with CancelledError); a new worker starts. */
  cancel(): void;
  /** The last progress report, when onProgress was given. */
  progress: Progress | null;
}

export interface XcoverWorker {
  /** Resolves with the module's version once it has loaded. */
  readonly ready: Promise<string>;
  /**
   * Calls an API function by its dotted name ('sudoku.solve', 'queens.count'), or
   * 'problem.count' / 'problem.solve' / 'problem.solutions' with a problem as
   * { dlx } or { primary, secondary, options }, or 'tiling.count' / 'tiling.solve'
   * (tiling options and search options; solve gives { solution, picture, svg,
   * placements } or null) and 'tiling.disassemble' (tiling options and a solution).
   */
  run<T = unknown>(call: string, args?: unknown[], options?: { onProgress?: (report: Progress) => void }): Job<T>;
  cancel(): void;
  terminate(): void;
}

/** A worker running xcover (worker.mjs beside client.mjs unless `url` says otherwise). */
export function createWorker(url?: URL | string): Promise<XcoverWorker>;
