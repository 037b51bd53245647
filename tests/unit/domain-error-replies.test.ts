import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as domainErrors from '~/server/errors';
import { Conflict, DomainError, Forbidden, Invalid, NotFound, TooLarge, TooManyAttempts, Unauthenticated, Unavailable } from '~/server/errors';
import { endpoint, httpFailureOf } from '~/server/http/errors';
import { fail, reviewFailure } from '~/server/http/envelope';
import { log } from '~/server/log';
import { message, type Message } from '~/lib/messages/message';
import { sayMessage } from '~/lib/messages/say-message';
import { reloadConfig } from '~/server/config';

const URL_OF_CALL = 'http://store.test/api/orders/7';

/** Just the parts of Astro's context the wrapper reads when a handler fails. */
const context = () => ({ request: new Request(URL_OF_CALL, { method: 'POST' }), url: new URL(URL_OF_CALL) }) as unknown as APIContext;

/** What an endpoint whose handler throws `error` answers: status, headers and the parsed body. */
async function replyTo(error: unknown, failure?: Parameters<typeof endpoint>[1]) {
  const route = endpoint(async () => {
    throw error;
  }, failure);
  const response = await route(context());
  return { status: response.status, headers: response.headers, body: await response.json() };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  reloadConfig();
});

describe('httpFailureOf: each domain error has one status', () => {
  it.each([
    [new Invalid(message('field', 'invalidRequest')), 400],
    [new Unauthenticated(message('api', 'unauthenticated')), 401],
    [new Forbidden(message('product', 'notYours')), 403],
    [new NotFound(message('order', 'notFound')), 404],
    [new Conflict(message('payment', 'alreadyPaid')), 409],
    [new TooLarge(message('request', 'tooLarge')), 413],
    [new TooManyAttempts(message('limit', 'tooMany', message('limit', 'loginAttempts'), message('limit', 'minutes', 1)), 60), 429],
    [new Unavailable(message('payment', 'earlierStillOpen', message('payment', 'gatewayUnreachable', 'Stripe'))), 503],
  ])('%s → %i, its message unchanged', (error, status) => {
    expect(httpFailureOf(error)).toEqual({ status, message: error.said, headers: expect.any(Object) });
  });

  it('keeps the English of its message for the log', () => {
    expect(new Unavailable(message('payment', 'earlierStillOpen', message('payment', 'gatewayUnreachable', 'Stripe'))).message).toBe(
      'Stripe is not reachable. Please try again. Your earlier payment is still open; please try again in a moment.',
    );
  });

  it('answers every named error the services can throw', () => {
    const exported: unknown[] = Object.values(domainErrors);
    const kinds = exported.filter(
      (value): value is new (said: Message) => DomainError => typeof value === 'function' && value.prototype instanceof DomainError,
    );
    expect(kinds.map((kind) => kind.name).sort()).toEqual([
      'Conflict',
      'Forbidden',
      'Invalid',
      'NotFound',
      'TooLarge',
      'TooManyAttempts',
      'Unauthenticated',
      'Unavailable',
    ]);
    for (const kind of kinds) expect(httpFailureOf(new kind(message('api', 'notFound'))), kind.name).not.toBeNull();
  });

  it('sends Retry-After only with a wait that is known', () => {
    const tooMany = message('limit', 'tooMany', message('limit', 'loginAttempts'), message('limit', 'seconds', 45));
    expect(httpFailureOf(new TooManyAttempts(tooMany, 45))!.headers).toEqual({ 'Retry-After': '45' });
    expect(httpFailureOf(new TooManyAttempts(tooMany))!.headers).toEqual({});
    expect(httpFailureOf(new NotFound(message('order', 'notFound')))!.headers).toEqual({});
  });

  it('answers a zod validation error with 400 naming the field', () => {
    const parsed = z.object({ limit: z.number().max(100, 'must be at most 100') }).safeParse({ limit: 500 });
    const failure = httpFailureOf(parsed.error)!;
    expect(failure).toEqual({ status: 400, message: expect.anything(), headers: {} });
    expect(sayMessage(failure.message, 'en')).toBe('limit: must be at most 100');
    expect(sayMessage(failure.message, 'sw')).toBe('limit: lazima kisizidi 100');
  });

  it('leaves anything else to be a fault, not a refusal', () => {
    expect(httpFailureOf(new Error('connection refused'))).toBeNull();
    expect(httpFailureOf(new RangeError('Invalid stock quantity: 0'))).toBeNull();
    expect(httpFailureOf('text')).toBeNull();
  });
});

describe('endpoint: the envelope of a refusal', () => {
  it('answers a domain error with its status and {code: 0, message, data: null}', async () => {
    const reply = await replyTo(new NotFound(message('order', 'notFound')));
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual({ code: 0, message: 'Order not found', data: null });
  });

  it('adds Retry-After to a 429 with a known wait', async () => {
    const tooMany = message('limit', 'tooMany', message('limit', 'loginAttempts'), message('limit', 'minutes', 12));
    const reply = await replyTo(new TooManyAttempts(tooMany, 700));
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('700');
    expect(reply.body).toEqual({ code: 0, message: sayMessage(tooMany, 'en'), data: null });
  });

  it('sends no Retry-After with other refusals', async () => {
    const reply = await replyTo(new Unavailable(message('payment', 'unavailableNow')));
    expect(reply.status).toBe(503);
    expect(reply.headers.has('retry-after')).toBe(false);
  });

  it('keeps the reply shape an endpoint asks for (reviews: success false, the call’s failure text first)', async () => {
    const reply = await replyTo(new Forbidden(message('review', 'notYoursToChange')), reviewFailure(message('review', 'updateFailed')));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({
      code: 0,
      success: false,
      message: `Failed to update review: ${sayMessage(message('review', 'notYoursToChange'), 'en')}`,
      data: null,
    });
  });

  it('says a refusal given as a message in the language the call asks for, its values and inner messages too', async () => {
    const refusal = new Conflict(message('api', 'because', message('order', 'failed'), message('order', 'tooManyUnpaid', 3)));
    expect(refusal.message).toBe('Failed to place order: you already have 3 orders waiting for payment. Pay for one or cancel it, then order again');
    const route = endpoint(async () => {
      throw refusal;
    });
    for (const [language, failed] of [
      ['lg', 'Okuteeka oda kulemye'],
      ['sw', 'Imeshindikana kuweka oda'],
    ] as const) {
      const response = await route({
        ...context(),
        request: new Request(URL_OF_CALL, { method: 'POST', headers: { 'Accept-Language': language } }),
      } as APIContext);
      const { message: said } = await response.json();
      expect(response.status).toBe(409);
      expect(said.startsWith(`${failed}: `), said).toBe(true);
      expect(said).toContain('3');
      expect(said).not.toMatch(/waiting for payment/);
    }
  });

  it('says a staff tool’s refusal in English whatever the language asked', async () => {
    const route = endpoint(async () => {
      throw new NotFound(message('payoutRun', 'alreadySettled', 'COMPLETED'));
    });
    const response = await route({ ...context(), request: new Request(URL_OF_CALL, { method: 'POST', headers: { 'Accept-Language': 'sw' } }) } as APIContext);
    expect((await response.json()).message).toBe('This payout is already paid');
  });

  it('answers anything unexpected with a logged 500 and the spec’s text, never the error’s own message', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    const reply = await replyTo(new Error('relation "orders" does not exist'));
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: 0, message: 'Server error. Please try again later.', data: null });
    expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, '[api] POST /api/orders/7 failed');
  });
});

describe('API_REFUSALS_AS_200: refusals old clients can read', () => {
  it('answers a refusal other than 401 with 200, its envelope, message and headers unchanged', async () => {
    reloadConfig({ API_REFUSALS_AS_200: '1' });
    const conflict = await replyTo(new Conflict(message('payment', 'alreadyPaid')));
    expect(conflict.status).toBe(200);
    expect(conflict.body).toEqual({ code: 0, message: 'This order is already paid', data: null });
    const limited = await replyTo(new TooManyAttempts(message('limit', 'tooMany', message('limit', 'loginAttempts'), message('limit', 'minutes', 1)), 60));
    expect([limited.status, limited.headers.get('retry-after'), limited.body.code]).toEqual([200, '60', 0]);
    const answered = await endpoint(async () => fail(404, message('api', 'notFound')))(context());
    expect([answered.status, (await answered.json()).code]).toEqual([200, 0]);
  });

  it('keeps 401 and 5xx, and every status when it is off (the default)', async () => {
    reloadConfig({ API_REFUSALS_AS_200: '1' });
    expect((await replyTo(new Unauthenticated(message('api', 'unauthenticated')))).status).toBe(401);
    expect((await replyTo(new Unavailable(message('payment', 'unavailableNow')))).status).toBe(503);
    reloadConfig({ API_REFUSALS_AS_200: '' });
    expect((await replyTo(new Conflict(message('payment', 'alreadyPaid')))).status).toBe(409);
  });
});
