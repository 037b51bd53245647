import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, reloadConfig } from '~/server/config';
import { EncodeQueue, encodeQueueLimits } from '~/server/media/encode-queue';

/** A task that runs until `finish` is called, noting when it started. */
function heldTask(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('EncodeQueue', () => {
  it('runs at most `slots` tasks at once, lets `waitingLimit` wait, and refuses the rest at once', async () => {
    const queue = new EncodeQueue({ slots: 1, waitingLimit: 2 });
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(started, name));
    const runs = tasks.map(({ task }) => queue.tryRun(task));

    expect(runs[3]).toBeNull();
    expect(started).toEqual(['a']);
    expect(queue.load).toEqual({ running: 1, waiting: 2, background: 0 });

    tasks[0]!.finish();
    expect(await runs[0]).toBe('a');
    await settle();
    expect(started).toEqual(['a', 'b']);
    tasks[1]!.finish();
    tasks[2]!.finish();
    expect(await Promise.all(runs.slice(1, 3))).toEqual(['b', 'c']);
    expect(queue.load).toEqual({ running: 0, waiting: 0, background: 0 });
  });

  it('gives a freed slot to a waiting request before background work, and never refuses background work', async () => {
    const queue = new EncodeQueue({ slots: 1, waitingLimit: 1 });
    const started: string[] = [];
    const first = heldTask(started, 'request 1');
    const background = Array.from({ length: 5 }, (_, i) => heldTask(started, `background ${i}`));
    const second = heldTask(started, 'request 2');

    const runs = [queue.tryRun(first.task), ...background.map(({ task }) => queue.runInBackground(task)), queue.tryRun(second.task)];
    expect(runs.every(Boolean)).toBe(true);
    expect(queue.load).toEqual({ running: 1, waiting: 1, background: 5 });

    first.finish();
    await settle();
    expect(started).toEqual(['request 1', 'request 2']);
    second.finish();
    for (const { finish } of background) {
      await settle();
      finish();
    }
    await Promise.all(runs);
    expect(started).toEqual(['request 1', 'request 2', 'background 0', 'background 1', 'background 2', 'background 3', 'background 4']);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new EncodeQueue({ slots: 1, waitingLimit: 0 });
    await expect(queue.tryRun(() => Promise.reject(new Error('not a picture')))).rejects.toThrow('not a picture');
    expect(await queue.tryRun(() => Promise.resolve('next'))).toBe('next');
  });
});

describe('encodeQueueLimits', () => {
  afterEach(() => reloadConfig());

  it('reads PICTURE_ENCODES and PICTURE_ENCODE_QUEUE', () => {
    reloadConfig({ PICTURE_ENCODES: '3', PICTURE_ENCODE_QUEUE: '5' });
    expect(encodeQueueLimits()).toEqual({ slots: 3, waitingLimit: 5 });
  });

  it('keeps at least one encode, and a waiting line of four per encode, when unset', () => {
    reloadConfig({ PICTURE_ENCODES: '', PICTURE_ENCODE_QUEUE: '' });
    const { slots, waitingLimit } = encodeQueueLimits();
    expect(slots).toBeGreaterThanOrEqual(1);
    expect(waitingLimit).toBe(4 * slots);
  });

  it('refuses a number of encodes that is not a whole number above 0', () => {
    expect(() => loadConfig({ PICTURE_ENCODES: '0' })).toThrow('PICTURE_ENCODES must be a whole number above 0, got "0".');
    expect(() => loadConfig({ PICTURE_ENCODE_QUEUE: 'many' })).toThrow('PICTURE_ENCODE_QUEUE must be a whole number above 0, got "many".');
  });
});
