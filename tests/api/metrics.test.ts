import { describe, expect, it } from 'vitest';
import { api } from './client';

let addressCounter = 0;
/** Each test reports from its own address, so one test's rate limit never reaches another's. */
const newAddress = () => `10.200.${addressCounter++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

const metric = (overrides: Record<string, unknown> = {}) => ({
  kind: 'slow-resource',
  name: '/storage/images/tv.jpg',
  value: 812,
  url: '/c/electronics',
  detail: 'img',
  time: Date.now(),
  ...overrides,
});

function report(body: string, { type = 'application/json', address = newAddress() }: { type?: string; address?: string } = {}) {
  return api('/api/metrics', {
    method: 'POST',
    headers: { 'Content-Type': type, 'X-Forwarded-For': address, 'User-Agent': 'Mozilla/5.0 (Linux; Android 10; TECNO KE5)' },
    body,
  });
}

describe('POST /api/metrics', () => {
  it('stores a valid batch and answers 202 with how many were kept', async () => {
    const metrics = [
      metric(),
      metric({ kind: 'large-resource', value: 300_000 }),
      metric({ kind: 'slow-api', name: '/api/live-search', value: 2_400, detail: 'fetch' }),
      metric({ kind: 'slow-page', name: 'load', value: 3_600, detail: 'navigate' }),
      metric({ kind: 'web-vital', name: 'CLS', value: 0.31, rating: 'poor', detail: undefined }),
    ];
    const reply = await report(JSON.stringify({ metrics }));
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ code: 1, message: 'Metrics recorded', data: { stored: 5 } });
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
  });

  it('accepts the text/plain body a beacon sends for a string', async () => {
    const reply = await report(JSON.stringify({ metrics: [metric({ kind: 'web-vital', name: 'LCP', value: 2_100 })] }), { type: 'text/plain;charset=UTF-8' });
    expect(reply.status).toBe(202);
    expect(reply.body.data).toEqual({ stored: 1 });
  });

  it('refuses a body over 32 KB with 413', async () => {
    const reply = await report(JSON.stringify({ metrics: [metric({ detail: 'x'.repeat(33 * 1024) })] }));
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: 0, message: 'Request body is too large' });
  });

  it('refuses a body over 32 KB sent without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(8 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const reply = await api('/api/metrics', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(reply.status).toBe(413);
  });

  it('refuses malformed JSON with 400', async () => {
    const reply = await report('{"metrics": [');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 0, message: 'The request body is not valid JSON' });
  });

  it.each([
    ['an unknown kind', { metrics: [metric({ kind: 'slow-everything' })] }, /^metrics\.0\.kind: must be one of web-vital, slow-resource/],
    ['too many metrics', { metrics: Array.from({ length: 51 }, () => metric()) }, /^metrics: must hold at most 50 metrics$/],
    ['no metrics', { metrics: [] }, /^metrics: must hold at least one metric$/],
    ['a negative value', { metrics: [metric({ value: -5 })] }, /^metrics\.0\.value: must not be negative$/],
    ['an unknown web vital', { metrics: [metric({ kind: 'web-vital', name: 'FID' })] }, /^metrics\.0\.name: must be one of LCP, INP, CLS, FCP, TTFB/],
    ['a name too long', { metrics: [metric({ name: `/${'a'.repeat(300)}` })] }, /^metrics\.0\.name: must be at most 200 characters$/],
    ['a list instead of a report', [metric()], /must be a JSON object/],
  ])('refuses %s with 400', async (_, body, message) => {
    const reply = await report(JSON.stringify(body));
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(0);
    expect(reply.body.message).toMatch(message);
  });

  it('limits each address to 600 reports in 10 minutes', async () => {
    const address = newAddress();
    const body = JSON.stringify({ metrics: [metric()] });
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++) statuses.push((await report(body, { address })).status);
    expect(statuses).toEqual(Array(600).fill(202));
    const limited = await report(body, { address });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many performance reports from this address\. Please wait 10 minutes/);
    expect((await report(body)).status).toBe(202);
  });

  it('answers other methods with 405 in the envelope', async () => {
    const reply = await api('/api/metrics');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
    expect(reply.body).toEqual({ code: 0, message: 'Only POST is allowed here', data: null });
  });
});
