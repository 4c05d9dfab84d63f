import { type TransferListItem, Worker } from 'node:worker_threads';

/**
 * A fixed set of worker threads with a bounded queue. Each worker handles one task at a time and
 * keeps whatever it loaded (the matting model) between tasks. When every worker is busy and the
 * queue is full, `run` refuses at once with an estimate of when to retry, so a burst of uploads
 * turns into quick 429s instead of a pile of requests that all time out.
 */
export interface WorkerPoolOptions {
  /** The worker's module (a `.ts` file runs as is on Node 24). */
  file: URL;
  size: number;
  /** Tasks that may wait for a free worker; one more is refused. */
  maxQueue: number;
  workerData?: unknown;
}

export class PoolBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`the worker pool is full; retry in ${retryAfterSeconds}s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface PoolStats {
  size: number;
  busy: number;
  queued: number;
  /** Tasks run with `wait` that wait for a worker (no bound). */
  waiting: number;
  maxQueue: number;
  /** Mean time of recent tasks, 0 before the first. */
  averageTaskMs: number;
}

interface Task {
  input: unknown;
  transfer: TransferListItem[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  startedAt: number;
}

/** How a task queues: `wait` tasks (a durable queue's work) are never refused and go after every other. */
export interface RunOptions {
  /**
   * Wait however long it takes, in a queue of their own that has no bound and is served only when no
   * refusable task waits: background work, which may wait, but should not be turned away (it would
   * only be sent again) nor push the requests of sellers at their screens behind it.
   */
  wait?: boolean;
}

/** The message a worker posts back: the task's result or its error message. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; message: string };

export class WorkerPool<In, Out> {
  #slots: Slot[] = [];
  #queue: Task[] = [];
  #waiting: Task[] = [];
  #recentMs: number[] = [];
  #closed = false;

  readonly options: WorkerPoolOptions;
  constructor(options: WorkerPoolOptions) {
    this.options = options;
  }

  /** Runs one task on a free worker, waiting in the queue if all are busy. */
  run(input: In, transfer: TransferListItem[] = [], options: RunOptions = {}): Promise<Out> {
    if (this.#closed) return Promise.reject(new Error('the worker pool is closed'));
    this.#startWorkers();
    const idle = this.#slots.find((slot) => slot.task === null);
    if (!idle && !options.wait && this.#queue.length >= this.options.maxQueue) {
      return Promise.reject(new PoolBusyError(this.#retryAfterSeconds()));
    }
    return new Promise<Out>((resolve, reject) => {
      const task: Task = { input, transfer, resolve: resolve as (value: unknown) => void, reject };
      if (idle) this.#dispatch(idle, task);
      else if (options.wait) this.#waiting.push(task);
      else this.#queue.push(task);
    });
  }

  stats(): PoolStats {
    return {
      size: this.options.size,
      busy: this.#slots.filter((slot) => slot.task).length,
      queued: this.#queue.length,
      waiting: this.#waiting.length,
      maxQueue: this.options.maxQueue,
      averageTaskMs: this.#averageMs(),
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of [...this.#queue.splice(0), ...this.#waiting.splice(0)])
      task.reject(new Error('the worker pool is closed'));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
    this.#slots = [];
  }

  #startWorkers(): void {
    while (this.#slots.length < this.options.size) this.#slots.push(this.#spawn());
  }

  #spawn(): Slot {
    const worker = new Worker(this.options.file, { workerData: this.options.workerData });
    // An idle pool must not keep the process alive (tests and shutdown end on their own).
    worker.unref();
    const slot: Slot = { worker, task: null, startedAt: 0 };
    worker.on('message', (reply: WorkerReply) => {
      const task = slot.task;
      if (!task) return;
      this.#remember(performance.now() - slot.startedAt);
      slot.task = null;
      if (reply.ok) task.resolve(reply.value);
      else task.reject(new Error(reply.message));
      this.#next(slot);
    });
    // A worker that dies (out of memory, a native crash) fails its task and is replaced.
    worker.on('error', (error) => this.#replace(slot, error));
    worker.on('exit', (code) => {
      if (!this.#closed) this.#replace(slot, new Error(`a pool worker exited with code ${code}`));
    });
    return slot;
  }

  #replace(slot: Slot, error: Error): void {
    const index = this.#slots.indexOf(slot);
    if (index === -1) return;
    slot.task?.reject(error);
    slot.task = null;
    void slot.worker.terminate();
    if (this.#closed) return;
    const fresh = this.#spawn();
    this.#slots[index] = fresh;
    this.#next(fresh);
  }

  #dispatch(slot: Slot, task: Task): void {
    slot.task = task;
    slot.startedAt = performance.now();
    slot.worker.ref();
    slot.worker.postMessage(task.input, task.transfer);
  }

  #next(slot: Slot): void {
    const task = this.#queue.shift() ?? this.#waiting.shift();
    if (task) this.#dispatch(slot, task);
    else slot.worker.unref();
  }

  #remember(ms: number): void {
    this.#recentMs.push(ms);
    if (this.#recentMs.length > 20) this.#recentMs.shift();
  }

  #averageMs(): number {
    if (this.#recentMs.length === 0) return 0;
    return this.#recentMs.reduce((sum, ms) => sum + ms, 0) / this.#recentMs.length;
  }

  /** Seconds until a queue place is likely to free up: about one task's time, since a worker then takes the next. */
  #retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.#averageMs() || 5000) / 1000));
  }
}
