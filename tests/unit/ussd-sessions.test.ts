/**
 * USSD sessions in the database: one answer per step whichever instance writes first, the session cut off a moment
 * ago found for "Continue your order?" and taken over once, the end-of-session notice recorded, old sessions pruned.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

// An in-memory database for this file.
process.env.DATA_DIR = 'memory://';

const { closeDatabase, getDb } = await import('~/server/db/client');
const { ussdSessions } = await import('~/server/db/schema');
const sessions = await import('~/server/ussd/ussd-sessions');

afterAll(async () => {
  await closeDatabase();
});

const PHONE = '+256772000123';
const session = (id: string) => ({
  id,
  phone: PHONE,
  service_code: '*384*12#',
  network_code: '64110',
  language: 'en' as const,
  state: { stack: [{ kind: 'main' }], draft: {} },
  last_text: '',
  last_reply: 'CON Duuka',
  status: 'open' as const,
});
const change = (reply: string) => ({ language: 'en' as const, state: {}, last_text: '1', last_reply: reply, order_id: null, status: 'open' as const });

describe('USSD sessions', () => {
  it('are written once per step: a second answer to the same step does not land', async () => {
    expect(await sessions.createSession(session('s-1'))).toBe(true);
    expect(await sessions.createSession(session('s-1'))).toBe(false);
    expect(await sessions.saveSession('s-1', 1, change('first'))).toBe(true);
    expect(await sessions.saveSession('s-1', 1, change('second'))).toBe(false);
    expect(await sessions.findSession('s-1')).toMatchObject({ step: 2, last_reply: 'first' });
  });

  it('find the session a number was cut off in a moment ago, and let one later session take it over', async () => {
    await sessions.createSession(session('s-2'));
    expect((await sessions.cutOffSession(PHONE, 's-3'))?.id).toBe('s-2');
    expect(await sessions.cutOffSession(PHONE, 's-3', new Date(Date.now() + sessions.RESUME_WITHIN_MS + 1000))).toBeNull();
    expect(await sessions.closeCutOffSession('s-2', 'resumed')).toBe(true);
    expect(await sessions.closeCutOffSession('s-2', 'resumed')).toBe(false);
    expect((await sessions.cutOffSession(PHONE, 's-3'))?.id).not.toBe('s-2');
  });

  it('record how a session ended, and are pruned a day after their last screen', async () => {
    expect(await sessions.recordSessionEnd('s-1', { status: 'Success', durationSeconds: 41, cost: 'UGX 0.0000' })).toBe(true);
    expect(await sessions.recordSessionEnd('unknown', { status: 'Success', durationSeconds: 1, cost: '' })).toBe(false);
    expect(await sessions.findSession('s-1')).toMatchObject({ end_status: 'Success', duration_seconds: 41, cost: 'UGX 0.0000' });

    const db = await getDb();
    await db
      .update(ussdSessions)
      .set({ updated_at: new Date(Date.now() - sessions.KEEP_SESSIONS_MS - 1000) })
      .where(eq(ussdSessions.id, 's-1'));
    expect(await sessions.pruneSessions()).toBe(1);
    expect(await sessions.findSession('s-1')).toBeNull();
    expect(await sessions.findSession('s-2')).not.toBeNull();
  });

  it('remember the language a number without an account chose', async () => {
    expect(await sessions.numberLanguage(PHONE)).toBeNull();
    await sessions.rememberNumberLanguage(PHONE, 'lg');
    await sessions.rememberNumberLanguage(PHONE, 'sw');
    expect(await sessions.numberLanguage(PHONE)).toBe('sw');
  });
});
