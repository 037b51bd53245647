/**
 * What the MTN MoMo and Airtel Money unit tests share: the fake networks' switches, waiting for something they do
 * later, catching a gateway's error, and a stand-in for the store's callback endpoint that records what it gets.
 */
import http from 'node:http';
import { expect } from 'vitest';
import { PaymentGatewayError } from '~/server/payments/gateway';
import { freePort } from './free-port';

/** Calls a fake's `/__fake/{path}` switch (POST when there is a body); answers its status and JSON body. */
export async function switchFake(baseUrl: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/__fake/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A fake's switches for one test file: `call` expects the switch to accept, `state` reads what the fake saw. */
export function fakeSwitches<State>(baseUrl: () => string) {
  const call = async (path: string, body?: unknown) => {
    const answer = await switchFake(baseUrl(), path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  return { call, state: () => call('state') as Promise<State> };
}

/** How many calls a fake received with this method to paths starting with `path`. */
export function callsTo(state: { requests: { method: string; path: string }[] }, method: string, path: string): number {
  return state.requests.filter((call) => call.method === method && call.path.startsWith(path)).length;
}

export async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

/** Reads again every 20 ms until `done` says yes; fails after `timeoutMs`. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type ReceivedCallback = { method: string; url: string; body: Record<string, unknown> };

/** A stand-in for the store's callback endpoint: records each callback and answers 200 with `reply`. */
export async function startCallbackRecorder(reply = '') {
  const received: ReceivedCallback[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(200, reply ? { 'Content-Type': 'application/json' } : {}).end(reply);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    clear: () => received.splice(0),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
