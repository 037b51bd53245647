/**
 * Login and password-reset limits stop a guesser without locking the owner out. The suite shares one
 * store and database, so every test makes its own accounts and acts from its own addresses
 * (X-Forwarded-For, trusted in tests).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api, type Reply } from './client';

type Row = Record<string, any>;

let addressCounter = 0;
/** A fresh address in the carrier-grade NAT range, never used by another test or file. */
const newAddress = () => `100.${64 + ((addressCounter >> 16) & 63)}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;
const uniqueEmail = () => `limits.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = 'Entebbe-2026!';

function post(body: Row, address: string, pathname = '/api/users/login') {
  return api(pathname, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(body) });
}
const logIn = (username: string, password: string, address: string) => post({ username, password }, address);
const askForReset = (username: string, address: string) => post({ task: 'request_password_reset', username }, address);

async function newOwner(): Promise<string> {
  const email = uniqueEmail();
  const reply = await post({ email, password: PASSWORD, first_name: 'Aisha', last_name: 'Nansubuga' }, newAddress(), '/api/users/register');
  expect(reply.status).toBe(201);
  return email;
}

async function failLogins(email: string, address: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await logIn(email, 'not-the-password', address)).status);
  return statuses;
}

async function timed<T>(call: () => Promise<T>): Promise<{ reply: T; ms: number }> {
  const started = performance.now();
  const reply = await call();
  return { reply, ms: performance.now() - started };
}

/** Checks a refusal says when to try again, in the header and in words, and gives the seconds. */
function expectRetryAfter(reply: Reply, what: string, windowSeconds: number): number {
  expect(reply.status).toBe(429);
  expect(reply.body.code).toBe(0);
  const seconds = Number(reply.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(reply.body.message).toBe(`Too many ${what}. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`);
  return seconds;
}

const mailsTo = async (email: string) => (await readdir(inject('outboxDir'))).filter((file) => file.includes(email)).sort();

async function newestCode(email: string): Promise<string> {
  const [newest] = (await mailsTo(email)).slice(-1);
  return (await readFile(path.join(inject('outboxDir'), newest!), 'utf8')).match(/reset code is (\d{6})/)![1]!;
}

describe('failed logins', () => {
  it("lock the guesser's own account and address pair, with when to try again, but never the owner on theirs", async () => {
    const owner = await newOwner();
    const guesser = newAddress();

    await failLogins(owner, guesser, 1);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // so the window left is visibly less than the whole
    expect(await failLogins(owner, guesser, 9)).toEqual(Array(9).fill(400));
    // What is left of the window that began at the first failure, not the whole 15 minutes.
    expect(expectRetryAfter(await logIn(owner, 'not-the-password', guesser), 'login attempts', 900)).toBeLessThan(900);
    // Locked means locked, even with the right password: the guesser learns nothing more there.
    expectRetryAfter(await logIn(owner, PASSWORD, guesser), 'login attempts', 900);
    // A forged address in front of the proxy's does not dodge the limit.
    expect(
      (
        await api('/api/users/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.9, ${guesser}` },
          body: JSON.stringify({ username: owner, password: 'x' }),
        })
      ).status,
    ).toBe(429);

    const atHome = await logIn(owner, PASSWORD, newAddress());
    expect(atHome.status).toBe(200);
    expect(atHome.body.data.email).toBe(owner);
    // The guesser's address is not locked for other accounts, nor another address for this one.
    expect((await logIn(await newOwner(), 'not-the-password', guesser)).status).toBe(400);
    expect((await logIn(owner, 'not-the-password', newAddress())).status).toBe(400);
  });

  it('sent all at once from one address still get only 10 password checks', async () => {
    const owner = await newOwner();
    const guesser = newAddress();
    const replies = await Promise.all(Array.from({ length: 30 }, () => logIn(owner, 'not-the-password', guesser)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(20).fill(429)]);
  });

  it('from many addresses never stop the owner', async () => {
    const owner = await newOwner();
    for (const stranger of [newAddress(), newAddress()]) {
      expect(await failLogins(owner, stranger, 9)).toEqual(Array(9).fill(400));
    }
    const home = newAddress();
    expect((await logIn(owner, PASSWORD, home)).status).toBe(200);
    expect((await logIn(owner, PASSWORD, home)).status).toBe(200);
  });

  it('on an unknown email are limited exactly as on an account, so the limits tell no one which accounts exist', async () => {
    const address = newAddress();
    const owner = await newOwner();
    const nobody = uniqueEmail();
    await failLogins(owner, address, 10);
    await failLogins(nobody, address, 10);
    const known = await logIn(owner, 'not-the-password', address);
    const unknown = await logIn(nobody, 'not-the-password', address);
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(known.body);
  });

  it('from one address are refused past 100 on any accounts, while logins that succeed there never count', { timeout: 120_000 }, async () => {
    const carrier = newAddress();
    const shoppers = [await newOwner(), await newOwner()];
    for (let i = 0; i < 100; i++) {
      // 100 strangers behind one carrier address, each mistyping once, and shoppers logging in between.
      expect((await logIn(uniqueEmail(), 'not-the-password', carrier)).status).toBe(400);
      if (i % 10 === 0) expect((await logIn(shoppers[i % 2]!, PASSWORD, carrier)).status).toBe(200);
    }
    expectRetryAfter(await logIn(uniqueEmail(), 'not-the-password', carrier), 'login attempts from this address', 900);
    expect((await logIn(shoppers[0]!, PASSWORD, newAddress())).status).toBe(200);
  });
});

describe('successful logins', () => {
  it('never count: the owner logs in 15 times in a row from one address', async () => {
    const owner = await newOwner();
    const home = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await logIn(owner, PASSWORD, home)).status);
    expect(statuses).toEqual(Array(15).fill(200));
  });

  it("clear the account's failures from that address", async () => {
    const owner = await newOwner();
    const home = newAddress();
    for (let round = 0; round < 3; round++) {
      expect(await failLogins(owner, home, 9)).toEqual(Array(9).fill(400));
      expect((await logIn(owner, PASSWORD, home)).status).toBe(200);
    }
  });
});

describe('the account-wide brake', () => {
  it('slows guesses from many addresses once the account has 20 failures, lets the owner in, and lifts when they do', async () => {
    const owner = await newOwner();
    for (let i = 0; i < 4; i++) expect(await failLogins(owner, newAddress(), 5)).toEqual(Array(5).fill(400));

    const first = await timed(() => logIn(owner, 'not-the-password', newAddress()));
    expect(first.reply.status).toBe(400);
    expect(first.ms).toBeGreaterThanOrEqual(1000);
    const second = await timed(() => logIn(owner, 'not-the-password', newAddress()));
    expect(second.reply.status).toBe(400);
    expect(second.ms).toBeGreaterThanOrEqual(2000);

    const ownerIn = await timed(() => logIn(owner, PASSWORD, newAddress()));
    expect(ownerIn.reply.status).toBe(200);
    expect(ownerIn.ms).toBeGreaterThanOrEqual(4000);
    expect(ownerIn.ms).toBeLessThan(8000 + 5000);

    const afterwards = await timed(() => logIn(owner, 'not-the-password', newAddress()));
    expect(afterwards.reply.status).toBe(400);
    expect(afterwards.ms).toBeLessThan(1000);
  });
});

describe('password reset', () => {
  it("clears all of the account's failed logins, from every address", async () => {
    const owner = await newOwner();
    const home = newAddress();
    const stranger = newAddress();
    await failLogins(owner, stranger, 10);
    await failLogins(owner, home, 10);
    expect((await logIn(owner, PASSWORD, home)).status).toBe(429);

    expect((await askForReset(owner, home)).body).toMatchObject({ code: 1, message: 'Password reset code sent to your email' });
    const reset = await post({ task: 'reset_password', email: owner, code: await newestCode(owner), password: 'Mbale-falls-2026' }, home);
    expect(reset.body).toMatchObject({ code: 1, message: 'Password reset successfully' });

    expect((await logIn(owner, 'Mbale-falls-2026', home)).status).toBe(200);
    expect((await logIn(owner, 'not-the-password', stranger)).status).toBe(400);
  });

  it("requests by a stranger never stop the owner's reset mail", async () => {
    const owner = await newOwner();
    const stranger = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await askForReset(owner, stranger)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expectRetryAfter(await askForReset(owner, stranger), 'password reset requests', 3600);
    for (let i = 0; i < 3; i++) expect((await askForReset(owner, newAddress())).status).toBe(200);

    const home = newAddress();
    const mailsBefore = (await mailsTo(owner)).length;
    expect(mailsBefore).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 5)); // mails are named by the millisecond
    expect((await askForReset(owner, home)).body).toMatchObject({ code: 1, message: 'Password reset code sent to your email' });
    expect(await mailsTo(owner)).toHaveLength(mailsBefore + 1);
    const reset = await post({ task: 'reset_password', email: owner, code: await newestCode(owner), password: 'Mbale-falls-2026' }, home);
    expect(reset.body.code).toBe(1);
  });

  it('requests are limited per address, whichever accounts they name', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await askForReset(uniqueEmail(), address)).status).toBe(200);
    expectRetryAfter(await askForReset(uniqueEmail(), address), 'password reset requests from this address', 3600);
  });
});
