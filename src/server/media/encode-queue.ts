/**
 * The one queue through which a store process encodes pictures (a WorkQueue, ../work-queue.ts): a storm of cold
 * picture sizes waits there rather than taking every core, and the sizes of a new upload are made in the background.
 */
import os from 'node:os';
import { config } from '../config';
import { WorkQueue, type WorkQueueLimits } from '../work-queue';

export { WorkQueue as EncodeQueue };

/**
 * One encode per core, less the one the event loop keeps to answer pages and API calls, and a waiting line of
 * four encodes per slot (about a second of work: an 800 px AVIF takes 0.1–0.3 s of one core). On a shared
 * 2-core machine (load average 10–14), 40 cold sizes at once left uncached searches at a median of 0.09–0.15 s
 * with one or two encodes at once, against 12 s unbounded (scripts/bench-picture-storm.ts).
 */
export function encodeQueueLimits(): WorkQueueLimits {
  const slots = config.PICTURE_ENCODES ?? Math.max(1, os.availableParallelism() - 1);
  return { slots, waitingLimit: config.PICTURE_ENCODE_QUEUE ?? 4 * slots };
}
