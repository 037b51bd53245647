/**
 * The one queue through which a store process encodes pictures. Encoding runs on libuv's thread pool, which
 * file reads, compression and password hashing share; left unbounded, a storm of cold picture sizes fills
 * every thread and every core, and pages and API calls wait behind it. So at most `slots` encodes run at once,
 * at most `waitingLimit` requests wait for a slot (a request that finds the queue full is told at once, and
 * answered with a picture already made or a 503), and background work (the sizes of a new upload) runs only
 * when no request is waiting.
 */
import os from 'node:os';
import { config } from '../config';

export type EncodeQueueLimits = { slots: number; waitingLimit: number };

type Job = () => void;

export class EncodeQueue {
  private running = 0;
  private readonly waiting: Job[] = [];
  private readonly background: Job[] = [];

  constructor(readonly limits: EncodeQueueLimits) {}

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

  /** How many encodes run and wait now. */
  get load(): { running: number; waiting: number; background: number } {
    return { running: this.running, waiting: this.waiting.length, background: this.background.length };
  }

  /** Resolves once nothing runs or waits (a test cleaning up after uploads). */
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

/**
 * One encode per core, less the one the event loop keeps to answer pages and API calls, and a waiting line of
 * four encodes per slot (about a second of work: an 800 px AVIF takes 0.1–0.3 s of one core). On a shared
 * 2-core machine (load average 10–14), 40 cold sizes at once left uncached searches at a median of 0.09–0.15 s
 * with one or two encodes at once, against 12 s unbounded (scripts/bench-picture-storm.ts).
 */
export function encodeQueueLimits(): EncodeQueueLimits {
  const slots = config.PICTURE_ENCODES ?? Math.max(1, os.availableParallelism() - 1);
  return { slots, waitingLimit: config.PICTURE_ENCODE_QUEUE ?? 4 * slots };
}
