import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

// The account services use the process database and outbox: an in-memory database and a scratch folder.
process.env.DATA_DIR = 'memory://';
const outbox = mkdtempSync(path.join(os.tmpdir(), 'outbox-unit-'));
process.env.OUTBOX_DIR = outbox;

const { closeDatabase, getDb } = await import('~/server/db/client');
const { passwordResetCodes, sessions } = await import('~/server/db/schema');
const { register, requestPasswordReset, resetPassword } = await import('~/server/accounts/accounts');
const { findSessionUser, hashToken, SESSION_DAYS } = await import('~/server/accounts/sessions');
const { englishFailureOf } = await import('../support/english-failure');

const DAY = 24 * 60 * 60 * 1000;
let account: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  account = await register(
    { email: 'okello@example.com', password: 'Gulu-market-9', first_name: 'Okello', last_name: 'Opio', newsletter: 0 },
    'en',
    '10.0.0.1',
  );
});

afterAll(async () => {
  await closeDatabase();
});

describe('login sessions', () => {
  it('stores only a hash of the token', async () => {
    const db = await getDb();
    const [stored] = await db.select().from(sessions).where(eq(sessions.user_id, account.id));
    expect(stored!.token_hash).toBe(hashToken(account.token));
    expect(stored!.token_hash).not.toContain(account.token);
  });

  it('slides: a session used after a day lasts 30 days from then', async () => {
    const db = await getDb();
    await db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() + 2 * DAY) })
      .where(eq(sessions.token_hash, hashToken(account.token)));
    expect(await findSessionUser(account.token)).toMatchObject({ id: account.id });
    const [stored] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(account.token)));
    expect(stored!.expires_at.getTime()).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * DAY);
  });

  it('expires: an expired token finds no one', async () => {
    const db = await getDb();
    await db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hashToken(account.token)));
    expect(await findSessionUser(account.token)).toBeNull();
  });
});

describe('password reset codes', () => {
  it('refuse an expired code', async () => {
    await requestPasswordReset('okello@example.com', '10.0.0.1');
    const mail = readdirSync(outbox)
      .filter((file) => file.includes('okello'))
      .sort()
      .at(-1)!;
    const code = readFileSync(path.join(outbox, mail), 'utf8').match(/reset code is (\d{6})/)![1]!;
    const db = await getDb();
    await db
      .update(passwordResetCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.user_id, account.id));
    // The refusal as the endpoint wrapper answers it.
    const refusal = resetPassword('okello@example.com', code, 'Fresh-pass-2026', '10.0.0.1').catch((error: unknown) => {
      throw englishFailureOf(error) ?? error;
    });
    await expect(refusal).rejects.toMatchObject({
      status: 400,
      message: 'Failed to reset password: the code is wrong or has expired',
    });
  });

  it('are stored hashed', async () => {
    const db = await getDb();
    const [stored] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.user_id, account.id));
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
