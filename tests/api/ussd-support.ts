/**
 * A phone dialling the test store's USSD menu the way Africa's Talking relays it: each callback carries every input
 * of the session so far joined by `*`. Every reply is checked to fit a phone screen.
 */
import { expect, inject } from 'vitest';
import { gsm7Length, isGsm7 } from '../../src/lib/gsm7';
import { USSD_CALLBACK_TOKEN } from './server.setup';

let sessions = 0;

/** Posts one callback to `base` (the suite's store unless named) and gives the reply's status and text. */
export async function postUssd(fields: Record<string, string>, { token = USSD_CALLBACK_TOKEN, base = inject('baseUrl'), path = '' } = {}) {
  const response = await fetch(new URL(`/api/ussd/${token}${path}`, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** A reply checked: 200, text/plain, CON or END, and a screen of at most 182 GSM-7 characters. */
export function screenOf(reply: { status: number; type: string; text: string }): string {
  expect(reply.status, reply.text).toBe(200);
  expect(reply.type).toMatch(/^text\/plain/);
  expect(reply.text).toMatch(/^(CON|END) /);
  const screen = reply.text.slice(4);
  expect(gsm7Length(screen), screen).toBeLessThanOrEqual(182);
  expect(isGsm7(screen), screen).toBe(true);
  return reply.text;
}

/** A Ugandan number no other test uses, of the network of `prefix` (77: MTN, 75: Airtel); ending in `end`. */
export function freshNumber(prefix: '77' | '75' | '70', end = '20'): string {
  const middle = String((Date.now() * 13 + sessions * 7919 + Math.floor(Math.random() * 10_000)) % 100_000).padStart(5, '0');
  return `+256${prefix}${middle}${end}`;
}

/** One USSD session of `phone`: dial, then send inputs one screen at a time. */
export class UssdPhone {
  readonly sessionId = `ATUid_test_${Date.now()}_${++sessions}_${Math.random().toString(36).slice(2, 8)}`;
  private inputs: string[] = [];
  last = '';

  constructor(
    readonly phone: string,
    private base: string = inject('baseUrl'),
    readonly networkCode = '64110',
  ) {}

  /** Sends the session's text as it stands to `base` (another instance may be named). */
  async post(base = this.base): Promise<string> {
    const fields = { sessionId: this.sessionId, serviceCode: '*384*12#', phoneNumber: this.phone, networkCode: this.networkCode, text: this.inputs.join('*') };
    this.last = screenOf(await postUssd(fields, { base }));
    return this.last;
  }

  dial(base?: string): Promise<string> {
    return this.post(base);
  }

  send(input: string, base?: string): Promise<string> {
    this.inputs.push(input);
    return this.post(base);
  }

  /** The key of the first choice on the screen whose label passes `test`. */
  keyOf(test: RegExp): string {
    const line = this.last
      .slice(4)
      .split('\n')
      .find((candidate) => /^\d+ /.test(candidate) && test.test(candidate.replace(/^\d+ /, '')));
    if (!line) throw new Error(`no choice matching ${test} on:\n${this.last}`);
    return line.split(' ', 1)[0]!;
  }

  /** Picks the choice matching `test`. */
  choose(test: RegExp, base?: string): Promise<string> {
    return this.send(this.keyOf(test), base);
  }
}

/** The product's name as a choice label may show it cut: its first word. */
export const startOf = (name: string) => new RegExp(`^${name.split(' ', 1)[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
