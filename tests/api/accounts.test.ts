import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api } from './client';

type Row = Record<string, any>;

let addressCounter = 0;
/** Each test acts from its own address, so one test's rate limits never reach another's. */
const newAddress = () => `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.${Math.floor(Math.random() * 250) + 1}`;
const uniqueEmail = () => `buyer.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

function post(pathname: string, body: Row, headers: Record<string, string> = {}, address = newAddress()) {
  return api(pathname, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...headers }, body: JSON.stringify(body) });
}

async function registerBuyer(overrides: Row = {}) {
  const email = uniqueEmail();
  const body = {
    username: email,
    email,
    password: 'Kampala-2026!',
    first_name: 'Nakato',
    last_name: 'Namubiru',
    name: 'Nakato Namubiru',
    newsletter: 1,
    ...overrides,
  };
  const reply = await post('/api/users/register', body);
  return { reply, email, password: body.password as string };
}

const auth = (user: Row) => ({ Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id) });

async function latestCode(email: string): Promise<string> {
  const dir = inject('outboxDir');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir)).filter((file) => file.includes(email.replace(/[^a-z0-9@._-]/gi, '_'))).sort();
    if (files.length) return (await readFile(path.join(dir, files.at(-1)!), 'utf8')).match(/reset code is (\d{6})/)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${email}`);
}

describe('POST /api/users/register', () => {
  it('creates a buyer account, logged in at once', async () => {
    const { reply, email } = await registerBuyer();
    expect(reply.status).toBe(201);
    expect(reply.body.code).toBe(1);
    const user = reply.body.data;
    expect(user).toMatchObject({
      email,
      username: email,
      first_name: 'Nakato',
      last_name: 'Namubiru',
      name: 'Nakato Namubiru',
      user_type: 'Customer',
      newsletter: 1,
    });
    expect(user.token.length).toBeGreaterThanOrEqual(43);
    expect(user.remember_token).toBe(user.token);
    expect(user.access_token).toBe(user.token);
    expect(user).not.toHaveProperty('password_hash');
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await registerBuyer();
    const again = await post('/api/users/register', { email: email.toUpperCase(), password: 'Another-pass-77', first_name: 'A', last_name: 'B' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 0, message: 'Registration failed: an account with this email already exists' });
  });

  it.each([
    [{ password: 'short1' }, 'password: must be at least 8 characters'],
    [{ password: 'password123' }, 'password: is one of the most common passwords; choose one that is harder to guess'],
    [{ password: 'qwertyuiop' }, 'password: is one of the most common passwords; choose one that is harder to guess'],
    [{ email: 'not an email', username: 'not an email' }, 'email: must be an email address like name@example.com'],
    [{ email: 'no spaces@example.com', username: undefined }, 'email: must be an email address like name@example.com'],
    [{ first_name: '  ' }, 'first_name: is required'],
  ])('refuses %j: "%s"', async (overrides, message) => {
    const { reply } = await registerBuyer(overrides);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });
});

describe('POST /api/users/login and logout', () => {
  it('logs in by email or username and gives a fresh token', async () => {
    const { email, password, reply } = await registerBuyer();
    const loggedIn = await post('/api/users/login', { username: email.toUpperCase(), password });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.data.id).toBe(reply.body.data.id);
    expect(loggedIn.body.data.token).not.toBe(reply.body.data.token);
    const manifest = await api('/api/manifest', { headers: auth(loggedIn.body.data) });
    expect(manifest.body.data).toMatchObject({ is_authenticated: true, user: { id: reply.body.data.id } });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const { email } = await registerBuyer();
    const wrongPassword = await post('/api/users/login', { username: email, password: 'not-the-password' });
    const unknown = await post('/api/users/login', { username: uniqueEmail(), password: 'not-the-password' });
    expect(wrongPassword.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrongPassword.body).toEqual(unknown.body);
    expect(wrongPassword.body.message).toBe('Login failed: the email or password is not correct');
  });

  it('ends the session at logout: the token stops working', async () => {
    const { reply } = await registerBuyer();
    const user = reply.body.data;
    expect((await post('/api/users/logout', {}, auth(user))).body.code).toBe(1);
    const after = await post('/api/update-profile', { first_name: 'A', last_name: 'B', phone_number_1: '+256700123456' }, auth(user));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Unauthenticated');
  });

  it("refuses a User-Id that is not the token's user, and calls without a token", async () => {
    const { reply } = await registerBuyer();
    const user = reply.body.data;
    const profile = { first_name: 'A', last_name: 'B', phone_number_1: '+256700123456' };
    const mismatched = await post('/api/update-profile', profile, { Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id + 1) });
    expect(mismatched.status).toBe(401);
    expect(mismatched.body.message).toBe('Unauthenticated');
    expect((await post('/api/update-profile', profile)).status).toBe(401);
    expect((await post('/api/users/logout', {})).status).toBe(401);
  });

  it('limits registrations per address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const email = uniqueEmail();
      statuses.push((await post('/api/users/register', { email, password: 'Kampala-2026!', first_name: 'A', last_name: 'B' }, {}, address)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    const refused = await post('/api/users/register', { email: uniqueEmail(), password: 'Kampala-2026!', first_name: 'A', last_name: 'B' }, {}, address);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.body.message).toBe(`Too many registrations from this address. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`);
  });
});

describe('password reset through POST /api/users/login', () => {
  it('mails a code that resets the password once, and ends old sessions', async () => {
    const { email, reply } = await registerBuyer();
    const requested = await post('/api/users/login', { task: 'request_password_reset', username: email });
    expect(requested.body).toMatchObject({ code: 1, message: 'Password reset code sent to your email' });
    const code = await latestCode(email);

    const wrong = await post('/api/users/login', { task: 'reset_password', email, code: code === '000000' ? '111111' : '000000', password: 'New-pass-2026!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Failed to reset password: the code is wrong or has expired');

    const reset = await post('/api/users/login', { task: 'reset_password', email, code, password: 'New-pass-2026!' });
    expect(reset.body).toMatchObject({ code: 1, message: 'Password reset successfully' });
    const reused = await post('/api/users/login', { task: 'reset_password', email, code, password: 'Other-pass-2026!' });
    expect(reused.status).toBe(400);

    expect((await post('/api/users/login', { username: email, password: 'Kampala-2026!' })).status).toBe(400);
    expect((await post('/api/users/login', { username: email, password: 'New-pass-2026!' })).status).toBe(200);
    const oldSession = await post('/api/users/logout', {}, auth(reply.body.data));
    expect(oldSession.status).toBe(401);
  });

  it('says the same for an unknown account, and mails nothing', async () => {
    const email = uniqueEmail();
    const requested = await post('/api/users/login', { task: 'request_password_reset', username: email });
    expect(requested.body).toMatchObject({ code: 1, message: 'Password reset code sent to your email' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readdir(inject('outboxDir'))).some((file) => file.includes(email))).toBe(false);
  });

  it('stops a code after 5 wrong tries, and a new request gives a code that works', async () => {
    const { email } = await registerBuyer();
    await post('/api/users/login', { task: 'request_password_reset', username: email });
    const first = await latestCode(email);
    const wrongCode = first === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await post('/api/users/login', { task: 'reset_password', email, code: wrongCode, password: 'New-pass-2026!' });
    const locked = await post('/api/users/login', { task: 'reset_password', email, code: first, password: 'New-pass-2026!' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Failed to reset password: too many wrong codes. Request a new code.');

    await new Promise((resolve) => setTimeout(resolve, 5));
    await post('/api/users/login', { task: 'request_password_reset', username: email });
    const second = await latestCode(email);
    const reset = await post('/api/users/login', { task: 'reset_password', email, code: second, password: 'New-pass-2026!' });
    expect(reset.body.code).toBe(1);
  });

  it("keeps the owner's code working when a stranger asks for another, and ends every pending code once one is used", async () => {
    const { email } = await registerBuyer();
    await post('/api/users/login', { task: 'request_password_reset', username: email });
    const owners = await latestCode(email);
    await new Promise((resolve) => setTimeout(resolve, 5)); // mails are named by the millisecond
    await post('/api/users/login', { task: 'request_password_reset', username: email });
    const strangers = await latestCode(email);
    expect(strangers).not.toBe(owners);

    const reset = await post('/api/users/login', { task: 'reset_password', email, code: owners, password: 'New-pass-2026!' });
    expect(reset.body).toMatchObject({ code: 1, message: 'Password reset successfully' });
    const later = await post('/api/users/login', { task: 'reset_password', email, code: strangers, password: 'Other-pass-2026!' });
    expect(later.status).toBe(400);
    expect((await post('/api/users/login', { username: email, password: 'New-pass-2026!' })).status).toBe(200);
  });

  it('counts parallel wrong codes exactly: the sixth and later are refused, and so is the right code after them', async () => {
    const { email } = await registerBuyer();
    await post('/api/users/login', { task: 'request_password_reset', username: email });
    const code = await latestCode(email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/users/login', { task: 'reset_password', email, code: wrongCode, password: 'New-pass-2026!' })),
    );
    expect(guesses.filter((guess) => guess.status === 400)).toHaveLength(5);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(7);
    expect((await post('/api/users/login', { task: 'reset_password', email, code, password: 'New-pass-2026!' })).status).toBe(429);
  });

  it('refuses a weak new password before looking at the code', async () => {
    const { email } = await registerBuyer();
    const reply = await post('/api/users/login', { task: 'reset_password', email, code: '123456', password: '12345678' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^password: /);
  });
});

describe('POST /api/update-profile', () => {
  it('always takes names and phone; email, birth date, gender, bio and address only when filled', async () => {
    const { reply } = await registerBuyer();
    const user = reply.body.data;
    const first = await post(
      '/api/update-profile',
      {
        first_name: 'Sarah',
        last_name: 'Atim',
        phone_number_1: '+256 772 555 010',
        gender: 'Female',
        date_of_birth: '1994-03-12',
        bio: 'Tailor in Ntinda',
        address: 'Plot 5, Ntinda Road',
      },
      auth(user),
    );
    expect(first.body.data).toMatchObject({
      first_name: 'Sarah',
      last_name: 'Atim',
      phone_number: '+256 772 555 010',
      sex: 'Female',
      dob: '1994-03-12',
      intro: 'Tailor in Ntinda',
      address: 'Plot 5, Ntinda Road',
      email: user.email,
    });

    const second = await post(
      '/api/update-profile',
      { first_name: 'Sarah', last_name: 'Atim', phone_number_1: '+256772555010', email: '', bio: '', address: '' },
      auth(user),
    );
    expect(second.body.data).toMatchObject({ email: user.email, intro: 'Tailor in Ntinda', address: 'Plot 5, Ntinda Road', phone_number: '+256772555010' });
  });

  it.each([
    [{ first_name: '' }, 'first_name: is required'],
    [{ phone_number_1: 'call me' }, 'phone_number_1: must be a phone number like +256 700 123 456'],
    [{ email: 'nope' }, 'email: must be an email address like name@example.com'],
    [{ date_of_birth: '2099-01-01' }, 'date_of_birth: must be a real date in the past'],
    [{ date_of_birth: '12/03/1994' }, 'date_of_birth: must be a date written as YYYY-MM-DD'],
    [{ gender: 'x' }, 'gender: must be Male, Female or Other'],
    [{ bio: 'x'.repeat(501) }, 'bio: must be at most 500 characters'],
  ])('refuses %j', async (change, message) => {
    const { reply } = await registerBuyer();
    const result = await post('/api/update-profile', { first_name: 'A', last_name: 'B', phone_number_1: '+256700123456', ...change }, auth(reply.body.data));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
  });

  it('refuses an email another account has', async () => {
    const { email: taken } = await registerBuyer();
    const { reply } = await registerBuyer();
    const result = await post('/api/update-profile', { first_name: 'A', last_name: 'B', phone_number_1: '+256700123456', email: taken }, auth(reply.body.data));
    expect(result.status).toBe(409);
  });
});

describe('account settings', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const { reply, email, password } = await registerBuyer();
    const here = reply.body.data;
    const elsewhere = (await post('/api/users/login', { username: email, password })).body.data;

    const wrong = await post('/api/users/change-password', { current_password: 'not-it', password: 'Mbarara-2026!' }, auth(here));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('current_password: is not correct');

    const changed = await post('/api/users/change-password', { current_password: password, password: 'Mbarara-2026!' }, auth(here));
    expect(changed.body.code).toBe(1);
    expect((await post('/api/users/logout', {}, auth(elsewhere))).status).toBe(401);
    expect((await post('/api/users/login', { username: email, password: 'Mbarara-2026!' })).status).toBe(200);
    expect((await post('/api/users/logout', {}, auth(here))).status).toBe(200);
  });

  it('stops guessing the current password after ten wrong ones, parallel guesses included, and then refuses the right one too', async () => {
    const { reply, password } = await registerBuyer();
    const here = reply.body.data;
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) => post('/api/users/change-password', { current_password: `guess-${i}`, password: 'Mbarara-2026!' }, auth(here))),
    );
    expect(guesses.filter((guess) => guess.status === 400)).toHaveLength(10);
    const refused = guesses.filter((guess) => guess.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.message).toBe('Too many wrong passwords. Please wait 15 minutes and try again.');

    const right = await post('/api/users/change-password', { current_password: password, password: 'Mbarara-2026!' }, auth(here));
    expect(right.status).toBe(429);
  });

  it('logs out everywhere', async () => {
    const { reply, email, password } = await registerBuyer();
    const other = (await post('/api/users/login', { username: email, password })).body.data;
    expect((await post('/api/users/logout-all', {}, auth(reply.body.data))).body.code).toBe(1);
    expect((await post('/api/users/logout', {}, auth(other))).status).toBe(401);
    expect((await post('/api/users/logout', {}, auth(reply.body.data))).status).toBe(401);
  });
});
