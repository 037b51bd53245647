/**
 * The SMS queue and sender against the local fake of Africa's Talking, through the official SDK pointed at it
 * with AT_BASE_URL, on an in-memory database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking, type FakeAfricasTalking, type FakeSms } from '../support/fake-africastalking';

const fake: FakeAfricasTalking = await startFakeAfricasTalking({ apiKey: 'unit-test-key' });
const outbox = mkdtempSync(path.join(os.tmpdir(), 'sms-outbox-'));
process.env.DATA_DIR = 'memory://';
process.env.OUTBOX_DIR = outbox;
process.env.AT_USERNAME = 'sandbox';
process.env.AT_API_KEY = 'unit-test-key';
process.env.AT_BASE_URL = fake.baseUrl;
delete process.env.AT_SENDER_ID;
// Three tries: the second a minute after the first, the third five minutes after that.
process.env.SMS_RETRY_SECONDS = '60,300';
// The sender is tested here, with more texts to one number than its budget lets through (sms-budget.test.ts).
process.env.SMS_NUMBER_LIMITS = '1000,1000';

const { reloadConfig } = await import('~/server/config');
reloadConfig();
const { closeDatabase, getDb } = await import('~/server/db/client');
const { smsMessages } = await import('~/server/db/schema');
const { queueTexts, sendDueTexts, textsOfOrder, smsSummary } = await import('~/server/sms/sms');
const { smsTransport } = await import('~/server/sms/sms-transport');
const { eq } = await import('drizzle-orm');

type State = { messages: FakeSms[] };
const fakeState = async (): Promise<State> => (await fetch(`${fake.baseUrl}/__fake/state`)).json() as Promise<State>;
const failNext = (body: Record<string, unknown>) =>
  fetch(`${fake.baseUrl}/__fake/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const later = (ms: number) => () => new Date(Date.now() + ms);

async function onlyText() {
  const db = await getDb();
  const rows = await db.select().from(smsMessages);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const text = (to = '0772 123 456', body = 'Duuka: order #1 is placed. Total UGX 5,000.') => ({ to, body, kind: 'order_placed' as const, orderId: null });

beforeAll(async () => {
  await getDb();
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(smsMessages);
  await fetch(`${fake.baseUrl}/__fake/reset`, { method: 'POST' });
});

afterAll(async () => {
  await closeDatabase();
  await fake.stop();
  rmSync(outbox, { recursive: true, force: true });
});

describe('sending a queued text', () => {
  it('goes to Africa’s Talking in international form and is recorded as sent with its message id and cost', async () => {
    expect(smsTransport()).toEqual({ kind: 'africastalking', username: 'sandbox', endpoint: `${fake.baseUrl}/version1/messaging`, senderId: '' });
    const db = await getDb();
    await queueTexts(db, [text()]);
    expect(await sendDueTexts()).toEqual({ sent: 1, failed: 0, retrying: 0 });

    const { messages } = await fakeState();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ username: 'sandbox', to: '+256772123456', message: 'Duuka: order #1 is placed. Total UGX 5,000.', outcome: 'sent' });
    const row = await onlyText();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: '', cost: 'UGX 25.0000', provider_reference: messages[0]!.messageIds[0] });
    expect(row.sent_at).toBeInstanceOf(Date);
    // Nothing is due any more.
    expect(await sendDueTexts()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect((await fakeState()).messages).toHaveLength(1);
  });

  it('sends the sender id when one is set', async () => {
    reloadConfig({ AT_SENDER_ID: 'DUUKA' });
    try {
      await queueTexts(await getDb(), [text('+256 701 000 111')]);
      await sendDueTexts();
    } finally {
      reloadConfig();
    }
    expect((await fakeState()).messages[0]).toMatchObject({ to: '+256701000111', from: 'DUUKA' });
  });

  it('writes a number that is not a Ugandan mobile as failed, with the reason, and never sends it', async () => {
    const db = await getDb();
    await queueTexts(db, [text('0414 123 456'), text('call me'), text('')]);
    expect(await sendDueTexts()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    const rows = await db.select().from(smsMessages).orderBy(smsMessages.id);
    expect(rows.map((row) => [row.status, row.recipient, row.last_error, row.attempts])).toEqual([
      ['failed', '0414 123 456', '"0414 123 456" is not a Ugandan mobile number', 0],
      ['failed', 'call me', '"call me" is not a Ugandan mobile number', 0],
      ['failed', '', 'no phone number', 0],
    ]);
    expect((await fakeState()).messages).toHaveLength(0);
  });

  it('makes the body GSM-7 on its way in', async () => {
    await queueTexts(await getDb(), [text('0772 123 456', 'Duuka: “Ŋaŋŋa” – it’s here… 🙂')]);
    await sendDueTexts();
    expect((await fakeState()).messages[0]!.message).toBe("Duuka: \"Ng'ang'ng'a\" - it's here... ?");
  });

  it('is queued or not exactly as the transaction that wrote it commits or rolls back', async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await queueTexts(tx as never, [text()]);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await db.select().from(smsMessages)).toHaveLength(0);
    await db.transaction(async (tx) => queueTexts(tx as never, [text()]));
    expect(await db.select().from(smsMessages)).toHaveLength(1);
  });
});

describe('a failed send', () => {
  it('refused for the recipient stays queued with the attempt counted, the error kept and a retry a minute later', async () => {
    await failNext({ mode: 'status', status: 'InsufficientBalance' });
    await queueTexts(await getDb(), [text()]);
    const before = Date.now();
    expect(await sendDueTexts()).toEqual({ sent: 0, failed: 0, retrying: 1 });
    const row = await onlyText();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: "Africa's Talking did not send it: InsufficientBalance (405)" });
    expect(row.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(row.next_attempt_at.getTime()).toBeLessThan(Date.now() + 61_000);
    expect((await fakeState()).messages.map((message) => message.outcome)).toEqual(['InsufficientBalance']);
  });

  it('answered with HTTP 500 is retried', async () => {
    await failNext({ mode: 'http500' });
    await queueTexts(await getDb(), [text()]);
    await sendDueTexts();
    expect(await onlyText()).toMatchObject({ status: 'queued', attempts: 1, last_error: "Africa's Talking answered HTTP 500: Internal Server Error" });
  });

  it('refused for a wrong API key is retried (the key may be put right)', async () => {
    reloadConfig({ AT_API_KEY: 'wrong-key' });
    try {
      await queueTexts(await getDb(), [text()]);
      await sendDueTexts();
    } finally {
      reloadConfig();
    }
    expect(await onlyText()).toMatchObject({ status: 'queued', last_error: "Africa's Talking answered HTTP 401: The supplied authentication is invalid" });
  });

  it('that is never answered times out and is retried', async () => {
    await failNext({ mode: 'hang' });
    await queueTexts(await getDb(), [text()]);
    const started = Date.now();
    expect(await sendDueTexts({ timeoutMs: 400 })).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await onlyText()).toMatchObject({ status: 'queued', attempts: 1, last_error: "Africa's Talking did not answer within 0.4 s" });
    expect((await fakeState()).messages.map((message) => message.outcome)).toEqual(['hang']);
  });

  it('that Africa’s Talking cannot be reached for is retried', async () => {
    reloadConfig({ AT_BASE_URL: 'http://127.0.0.1:9' });
    try {
      await queueTexts(await getDb(), [text()]);
      await sendDueTexts();
    } finally {
      reloadConfig();
    }
    expect(await onlyText()).toMatchObject({ status: 'queued', last_error: "Africa's Talking could not be reached: ECONNREFUSED" });
  });

  it('is not tried again before its time, then is sent', async () => {
    await failNext({ mode: 'http500' });
    await queueTexts(await getDb(), [text()]);
    await sendDueTexts();
    expect(await sendDueTexts({ now: later(30_000) })).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(await sendDueTexts({ now: later(61_000) })).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(await onlyText()).toMatchObject({ status: 'sent', attempts: 2, last_error: '' });
    expect((await fakeState()).messages.map((message) => message.outcome)).toEqual(['http500', 'sent']);
  });

  it('is given up after the last try, marked failed with its error', async () => {
    await failNext({ mode: 'http500', times: 2 });
    await failNext({ mode: 'status', status: 'UserInBlacklist' });
    await queueTexts(await getDb(), [text()]);
    expect(await sendDueTexts()).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect(await sendDueTexts({ now: later(61_000) })).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect((await onlyText()).next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 61_000 + 299_000);
    expect(await sendDueTexts({ now: later(61_000 + 301_000) })).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect(await onlyText()).toMatchObject({ status: 'failed', attempts: 3, last_error: "Africa's Talking did not send it: UserInBlacklist (406)" });
    // Given up means given up: nothing more is sent, however late.
    expect(await sendDueTexts({ now: later(86_400_000) })).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect((await fakeState()).messages.map((message) => message.outcome)).toEqual(['http500', 'http500', 'UserInBlacklist']);
  });

  it('claimed by a sender that died is claimed again once its lease is over', async () => {
    const db = await getDb();
    await queueTexts(db, [text()]);
    // A sender that claimed the text and never came back.
    await db
      .update(smsMessages)
      .set({ status: 'sending', attempts: 1, claimed_until: new Date(Date.now() + 60_000) })
      .where(eq(smsMessages.status, 'queued'));
    expect(await sendDueTexts()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(await sendDueTexts({ now: later(61_000) })).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(await onlyText()).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('senders running at once', () => {
  it('never send one text twice', async () => {
    const db = await getDb();
    const bodies = Array.from({ length: 45 }, (_, n) => `Duuka: order #${n + 1} is placed.`);
    await queueTexts(
      db,
      bodies.map((body) => text('0772 123 456', body)),
    );
    const outcomes = await Promise.all([sendDueTexts(), sendDueTexts(), sendDueTexts()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(45);
    const received = (await fakeState()).messages.map((message) => message.message);
    expect(received.toSorted()).toEqual(bodies.toSorted());
    expect((await smsSummary()).counts).toEqual({ queued: 0, sending: 0, sent: 45, failed: 0, skipped: 0 });
  });
});

describe('without Africa’s Talking keys', () => {
  it('writes each text to the outbox folder and logs it', async () => {
    reloadConfig({ AT_API_KEY: '' });
    try {
      expect(smsTransport()).toEqual({ kind: 'outbox', folder: outbox });
      await queueTexts(await getDb(), [text('0772123456', 'Duuka: order #9 is placed.'), text('+256772123456', 'Duuka: order #9 is on the way.')]);
      expect(await sendDueTexts()).toEqual({ sent: 2, failed: 0, retrying: 0 });
    } finally {
      reloadConfig();
    }
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d+-sms-\+256772123456(-2)?\.txt$/);
    const contents = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
    expect(contents.toSorted()).toEqual(['To: +256772123456\n\nDuuka: order #9 is on the way.\n', 'To: +256772123456\n\nDuuka: order #9 is placed.\n']);
    const rows = await (await getDb()).select().from(smsMessages);
    expect(rows.map((row) => row.provider_reference).sort()).toEqual(files.map((file) => path.join(outbox, file)));
    expect((await fakeState()).messages).toHaveLength(0);
    expect(await textsOfOrder(12345)).toEqual([]);
  });
});
