import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '~/server/db/client';
import { categories } from '~/server/db/schema';
import { transactionWithPurge } from '~/server/cache/purge';
import { announce, subscribe } from '~/server/events/event-bus';
import type { StoreEvents } from '~/server/events/store-events';
import { log } from '~/server/log';

// An event whose store subscriber (the reset mail) does nothing here: a mail to nobody is dropped.
const EVENT = 'password_reset.requested';
const payload = (code: string): StoreEvents[typeof EVENT] => ({ account: { email: '', first_name: 'Okello', language: 'en' }, code, minutes: 15 });

let handle: DatabaseHandle;
let unsubscribes: (() => void)[] = [];

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
});

afterEach(() => {
  for (const unsubscribe of unsubscribes) unsubscribe();
  unsubscribes = [];
  vi.restoreAllMocks();
});

afterAll(async () => {
  await handle?.close();
});

const categoryNamed = async (name: string) => (await handle.db.select().from(categories).where(eq(categories.category, name))).length;
const addCategory = (db: Database, name: string) => db.insert(categories).values({ category: name, is_parent: 'Yes' });

describe('events announced by a write', () => {
  it('are heard inside the transaction at once, then after the commit in their order, the caches first', async () => {
    const heard: string[] = [];
    unsubscribes.push(
      subscribe(EVENT, {
        inTransaction: async (tx, { code }) => {
          heard.push(`in ${code}: ${(await tx.select().from(categories).where(eq(categories.category, 'Shoes'))).length} inside`);
        },
        afterCommit: async ({ code }) => {
          heard.push(`after ${code}: ${await categoryNamed('Shoes')} outside`);
        },
      }),
      subscribe('cache.changed', { afterCommit: ({ change }) => void heard.push(`caches: ${change.pages.join(',')}`) }),
    );
    const value = await transactionWithPurge(handle.db, async (tx, changed) => {
      await addCategory(tx, 'Shoes');
      await announce(tx, EVENT, payload('1'));
      heard.push('write goes on');
      await announce(tx, EVENT, payload('2'));
      changed({ reads: [], pages: ['menu'] });
      return 'done';
    });
    heard.push(`returned ${value}`);
    expect(heard).toEqual(['in 1: 1 inside', 'write goes on', 'in 2: 1 inside', 'caches: menu', 'after 1: 1 outside', 'after 2: 1 outside', 'returned done']);
  });

  it('are not heard after a write that rolls back, and what their subscribers wrote inside it is gone', async () => {
    const afterCommit = vi.fn();
    unsubscribes.push(subscribe(EVENT, { inTransaction: (tx) => addCategory(tx, 'Bags').then(() => {}), afterCommit }));
    const write = transactionWithPurge(handle.db, async (tx) => {
      await announce(tx, EVENT, payload('3'));
      throw new Error('out of stock');
    });
    await expect(write).rejects.toThrow('out of stock');
    expect(afterCommit).not.toHaveBeenCalled();
    expect(await categoryNamed('Bags')).toBe(0);
  });

  it('roll the write back when a subscriber inside the transaction fails', async () => {
    const afterCommit = vi.fn();
    unsubscribes.push(
      subscribe(EVENT, {
        inTransaction: async () => {
          throw new Error('the outbox refused');
        },
        afterCommit,
      }),
    );
    const write = transactionWithPurge(handle.db, async (tx) => {
      await addCategory(tx, 'Hats');
      await announce(tx, EVENT, payload('4'));
    });
    await expect(write).rejects.toThrow('the outbox refused');
    expect(afterCommit).not.toHaveBeenCalled();
    expect(await categoryNamed('Hats')).toBe(0);
  });

  it('keep the write when a subscriber fails after the commit: the failure is logged and the others still hear', async () => {
    const logged = vi.spyOn(log, 'error');
    const later = vi.fn();
    unsubscribes.push(
      subscribe(EVENT, {
        afterCommit: async () => {
          throw new Error('SMTP is down');
        },
      }),
      subscribe(EVENT, { afterCommit: later }),
    );
    const value = await transactionWithPurge(handle.db, async (tx) => {
      await addCategory(tx, 'Belts');
      await announce(tx, EVENT, payload('5'));
      return 'kept';
    });
    expect(value).toBe('kept');
    expect(await categoryNamed('Belts')).toBe(1);
    expect(later).toHaveBeenCalledWith(payload('5'));
    expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'SMTP is down' }) }, expect.stringContaining(EVENT));
  });

  it('must come from a transaction opened by transactionWithPurge', async () => {
    await expect(announce(handle.db, EVENT, payload('6'))).rejects.toThrow(`"${EVENT}" was announced outside a transaction opened by transactionWithPurge`);
    await expect(handle.db.transaction((tx) => announce(tx as unknown as Database, EVENT, payload('7')))).rejects.toThrow('outside a transaction');
  });
});
