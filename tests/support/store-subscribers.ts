/**
 * Unit tests run the store's writes in their own process, without its start script: the store's subscribers
 * (texts, mails, edge purges: src/server/events/subscribers.ts) are registered when the first event is announced.
 * Loaded before the first test rather than with the setup file, since the event bus reads the store's settings
 * (through its log) and each test file sets its environment before loading the store's modules.
 */
import { beforeAll } from 'vitest';

beforeAll(async () => {
  const { startSubscribersWhenNeeded } = await import('~/server/events/event-bus');
  startSubscribersWhenNeeded(async () => (await import('~/server/events/subscribers')).startSubscribers());
});
