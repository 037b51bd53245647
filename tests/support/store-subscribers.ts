/**
 * Unit tests run the store's writes in their own process, without its start script: the store's subscribers
 * (texts, mails, edge purges: src/server/events/subscribers.ts) are registered when the first event is announced,
 * once each test file has set its environment and loaded its modules (several read settings when loaded).
 */
import { startSubscribersWhenNeeded } from '~/server/events/event-bus';

startSubscribersWhenNeeded(async () => (await import('~/server/events/subscribers')).startSubscribers());
