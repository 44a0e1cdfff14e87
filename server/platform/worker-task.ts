import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { AppError, ImportRejected } from './errors.js';

/*
 * Reading an uploaded file (decoding, CSV, GIFT, Aiken, QTI) is CPU work that grows with the file: on
 * the event loop, a 256 KB row of empty fields held every request, `/healthz` included, for seconds
 * (issue 35). Such work runs here instead, in a worker thread per task module, one file at a time,
 * with a memory ceiling and a deadline; the event loop only waits for the answer. The thread stays
 * for the next file and ends after a quiet minute; a file that passes the deadline or the memory
 * ceiling ends it (the next file gets a fresh one). The task module is the area's own
 * (`serveWorkerTask` at its end); what it refuses comes back as the AppError it threw.
 */

/** An AppError as it crosses the thread boundary (structured clone keeps no classes). */
export type SerializedRefusal = {
  statusCode: number;
  message: string;
  code?: string | undefined;
  field?: string | undefined;
  errors?: unknown[] | undefined;
};
type Reply<O> = { id: number } & (
  { ok: true; value: O } | { ok: false; refusal: SerializedRefusal } | { ok: false; crash: string }
);

const WORKER_MEMORY_MB = 512;
export const WORKER_DEADLINE_MS = 60_000;
const IDLE_MS = 60_000;
/** The key of workerData that marks a thread started here (a test runner's own threads have workerData too). */
const TASK_MARKER = 'pathwayWorkerTask';

/** A refusal with row errors is an import refused whole; anything else an AppError as it was. */
const defaultRevive = (refusal: SerializedRefusal): AppError =>
  refusal.errors
    ? new ImportRejected(refusal.message, refusal.errors as ConstructorParameters<typeof ImportRejected>[1])
    : new AppError(refusal.statusCode, refusal.message, refusal.code, refusal.field);

type Thread = { worker: Worker; queue: Promise<unknown>; idle?: NodeJS.Timeout };
const threads = new Map<string, Thread>();
let nextId = 1;

function threadFor(task: URL): Thread {
  const key = task.href;
  const existing = threads.get(key);
  if (existing) return existing;
  const built = fileURLToPath(task);
  const source = built.replace(/\.js$/, '.ts');
  // From the TypeScript sources (tests, `npm run dev`) the .ts beside the missing .js runs through tsx.
  const fromSource = !existsSync(built) && existsSync(source);
  const worker = new Worker(fromSource ? source : built, {
    workerData: { [TASK_MARKER]: true },
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
  });
  // An idle thread never keeps the process alive.
  worker.unref();
  const thread: Thread = { worker, queue: Promise.resolve() };
  worker.once('exit', () => {
    if (threads.get(key) === thread) threads.delete(key);
  });
  threads.set(key, thread);
  return thread;
}

function retire(task: URL, thread: Thread) {
  if (threads.get(task.href) === thread) threads.delete(task.href);
  if (thread.idle) clearTimeout(thread.idle);
  void thread.worker.terminate();
}

/**
 * Runs the task module's function on `input` in its worker thread, after the files before it.
 * `task` is the module's URL as built: `new URL('./x-task.js', import.meta.url)`.
 */
export function runWorkerTask<I, O>(
  task: URL,
  input: I,
  options: { revive?: (refusal: SerializedRefusal) => AppError; deadlineMs?: number } = {},
): Promise<O> {
  const thread = threadFor(task);
  const run = thread.queue.then(() => runOn<I, O>(task, threads.get(task.href) ?? threadFor(task), input, options));
  thread.queue = run.catch(() => undefined);
  return run;
}

function runOn<I, O>(
  task: URL,
  thread: Thread,
  input: I,
  { revive = defaultRevive, deadlineMs = WORKER_DEADLINE_MS }: Parameters<typeof runWorkerTask>[2] & object,
): Promise<O> {
  const { worker } = thread;
  if (thread.idle) clearTimeout(thread.idle);
  const id = nextId++;
  return new Promise<O>((resolve, reject) => {
    const settle = () => {
      clearTimeout(deadline);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (reply: Reply<O>) => {
      if (reply.id !== id) return;
      settle();
      thread.idle = setTimeout(() => retire(task, thread), IDLE_MS).unref();
      if (reply.ok) resolve(reply.value);
      else if ('refusal' in reply) reject(revive(reply.refusal));
      else reject(new Error(`import worker failed: ${reply.crash}`));
    };
    const onError = (error: Error & { code?: string }) => {
      settle();
      retire(task, thread);
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        reject(
          new AppError(413, 'The file is too large to read at once: split it into smaller files and import each.'),
        );
      else reject(error);
    };
    const onExit = (code: number) => {
      settle();
      retire(task, thread);
      reject(new Error(`import worker exited with code ${code} before answering`));
    };
    const deadline = setTimeout(() => {
      settle();
      retire(task, thread);
      reject(new AppError(413, 'The file took too long to read: split it into smaller files and import each.'));
    }, deadlineMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, input });
  });
}

/** The end of a task module: in its worker thread, answers each `{ id, input }` with `task(input)`. */
export function serveWorkerTask<I, O>(task: (input: I) => O | Promise<O>): void {
  const data = workerData as Record<string, unknown> | null;
  if (!parentPort || !data || typeof data !== 'object' || data[TASK_MARKER] !== true) return;
  const port = parentPort;
  port.on('message', ({ id, input }: { id: number; input: I }) => {
    void (async () => {
      try {
        port.postMessage({ id, ok: true, value: await task(input) } satisfies Reply<O>);
      } catch (error) {
        if (error instanceof AppError) {
          const errors = (error as AppError & { errors?: unknown[] }).errors;
          port.postMessage({
            id,
            ok: false,
            refusal: {
              statusCode: error.statusCode,
              message: error.message,
              code: error.code,
              field: error.field,
              errors,
            },
          } satisfies Reply<O>);
        } else
          port.postMessage({
            id,
            ok: false,
            crash: error instanceof Error ? (error.stack ?? error.message) : String(error),
          } satisfies Reply<O>);
      }
    })();
  });
}
