/**
 * A burst of logins beyond the queue of password checks is answered at once with 429 and Retry-After, in the
 * caller's language, rather than waiting; the refused attempts count as no guess. An instance of its own with one
 * check at a time and one waiting (PASSWORD_CHECKS=1, PASSWORD_CHECK_QUEUE=1): on PostgreSQL a second instance on the
 * suite's database, on PGlite a small catalogue of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore, type RunningStore } from '../support/server';

const databaseUrl = process.env.API_DATABASE_URL || undefined;
const PASSWORD = 'Kabale-2026!';

let store: RunningStore;
let addressCounter = 0;
/** A fresh address for each caller (X-Forwarded-For, trusted in tests), so no address limit is reached. */
const newAddress = () => `100.120.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

type Reply = { status: number; retryAfter: string | null; body: { message: string; data: { email?: string } | null } };

async function post(path: string, body: Record<string, string>, language = 'en'): Promise<Reply> {
  const response = await fetch(new URL(path, store.baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language, 'X-Forwarded-For': newAddress() },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Reply['body'] };
}

const logIn = (email: string, password: string, language?: string) => post('/api/users/login', { username: email, password }, language);

beforeAll(async () => {
  store = await startStore({
    databaseUrl,
    env: { PASSWORD_CHECKS: '1', PASSWORD_CHECK_QUEUE: '1', SEED_ON_START: databaseUrl ? '0' : '1', SEED_PRODUCTS: '20' },
  });
}, 240_000);

afterAll(async () => {
  await store?.stop();
});

async function newShopper(): Promise<string> {
  const email = `queue.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reply = await post('/api/users/register', { email, password: PASSWORD, first_name: 'Aisha', last_name: 'Nansubuga' });
  expect(reply.status).toBe(201);
  return email;
}

describe('the queue of password checks', () => {
  it('answers logins beyond it at once with 429 and Retry-After, in the caller’s language, and the rest log in', async () => {
    const email = await newShopper();
    const languages = ['en', 'lg', 'sw'];
    const replies = await Promise.all(Array.from({ length: 12 }, (_, n) => logIn(email, PASSWORD, languages[n % 3])));

    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    const refused = replies.flatMap((reply, n) => (reply.status === 429 ? [{ reply, language: languages[n % 3] }] : []));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const { reply, language } of refused) {
      const seconds = Number(reply.retryAfter);
      expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
      const said = {
        en: `The store is checking many passwords just now. Please wait ${seconds === 1 ? '1 second' : `${seconds} seconds`} and try again.`,
        lg: `Edduuka likyakebera ebigambo by'ekyama bingi mu kaseera kano. Linda sekondi ${seconds} olyoke ogezeeko nate.`,
        sw: `Duka linakagua manenosiri mengi kwa sasa. Tafadhali subiri sekunde ${seconds} kisha ujaribu tena.`,
      }[language!];
      expect(reply.body.message).toBe(said);
    }
  });

  it('answers the login page’s form beyond it with 429 and Retry-After too, the page saying why', async () => {
    const email = await newShopper();
    const postForm = async () => {
      const response = await fetch(new URL('/sw/auth/login', store.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(store.baseUrl).origin, 'X-Forwarded-For': newAddress() },
        body: new URLSearchParams({ task: 'login', username: email, password: PASSWORD }),
        redirect: 'manual',
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), html: await response.text() };
    };
    const replies = await Promise.all(Array.from({ length: 12 }, postForm));

    expect(replies.filter((reply) => reply.status !== 303 && reply.status !== 429)).toEqual([]);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const reply of refused) {
      expect(Number(reply.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(reply.html).toContain('Duka linakagua manenosiri mengi kwa sasa.');
    }
  });

  it('does not count logins refused as busy as wrong passwords', async () => {
    const email = await newShopper();
    // More wrong passwords from one address than its ten failures allow, sent four at a time: only those checked count.
    const address = newAddress();
    const attempt = async (password: string) => {
      const response = await fetch(new URL('/api/users/login', store.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ username: email, password }),
      });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    const replies: { status: number; message: string }[] = [];
    const checked = () => replies.filter((reply) => reply.status === 400).length;
    while (replies.length < 16 && checked() < 6) replies.push(...(await Promise.all(Array.from({ length: 4 }, () => attempt('not-the-password')))));
    const busy = replies.filter((reply) => reply.message.startsWith('The store is checking many passwords'));
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy.every((reply) => reply.status === 429)).toBe(true);
    expect(replies.length - busy.length).toBe(checked());
    // Fewer than ten wrong passwords were checked from the address: the owner still gets in there.
    expect((await attempt(PASSWORD)).status).toBe(200);
  });
});
