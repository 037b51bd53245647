/**
 * A bounded queue for work that runs on libuv's thread pool and takes a core while it runs (encoding pictures,
 * checking passwords). The pool is shared with file reads and page compression; left unbounded, a burst of such
 * work fills every thread and every core, and pages and API calls wait behind it. So at most `slots` tasks run at
 * once, at most `waitingLimit` requests wait for a slot (a request that finds the queue full is told at once, and
 * answered without the work: a picture already made, a 429 or 503 with `Retry-After`), and background work runs
 * only when no request is waiting.
 */
export type WorkQueueLimits = { slots: number; waitingLimit: number };

type Job = () => void;

export class WorkQueue {
  private running = 0;
  private readonly waiting: Job[] = [];
  private readonly background: Job[] = [];

  constructor(readonly limits: WorkQueueLimits) {}

  /** Runs `task` now or after a short wait; null when the queue is full (nothing is started). */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.running < this.limits.slots) return this.start(task);
    if (this.waiting.length >= this.limits.waitingLimit) return null;
    return new Promise<T>((resolve, reject) => this.waiting.push(() => this.start(task).then(resolve, reject)));
  }

  /** Runs `task` when a slot is free and no request waits for one; never refused. */
  runInBackground<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.slots && this.waiting.length === 0) return this.start(task);
    return new Promise<T>((resolve, reject) => this.background.push(() => this.start(task).then(resolve, reject)));
  }

  /** How many tasks run and wait now. */
  get load(): { running: number; waiting: number; background: number } {
    return { running: this.running, waiting: this.waiting.length, background: this.background.length };
  }

  /** Resolves once nothing runs or waits (a test cleaning up after uploads or logins). */
  async idle(): Promise<void> {
    while (this.running > 0 || this.waiting.length > 0 || this.background.length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      (this.waiting.shift() ?? this.background.shift())?.();
    }
  }
}
