/**
 * What the fake mobile money networks (fake-mtn-momo.ts, fake-airtel-money.ts) share: a server whose `/__fake/*`
 * paths are switches and whose other calls are recorded and may be made to fail, the bearer tokens it issued, the
 * plans queued for the next payments, timers per payment, and the switches every network has:
 *   GET  /__fake/state, POST /__fake/reset, POST /__fake/expire-tokens, POST /__fake/fail (see fake-server.ts).
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { answerFailure, createFailureSwitch, createTimers, headerOf, jsonObjectOf, listenGuarded, readText, sendJson, type FakeServer } from './fake-server';

/** An API call as the fake received it. */
export type RecordedCall = { method: string; path: string; headers: Record<string, string>; body: unknown };

export type FakeNetworkHooks = {
  /** An API call, recorded and past the failure switch. `path` has no leading slash and no query. */
  api(req: http.IncomingMessage, res: http.ServerResponse, call: { method: string; path: string; text: string }): unknown;
  /** The network's own switches; false when `action` is not one of them. */
  control(action: string, body: Record<string, unknown>, res: http.ServerResponse): Promise<boolean> | boolean;
  /** The network's part of GET /__fake/state. */
  state(): Record<string, unknown>;
  /** Forgets the network's payments and callbacks (POST /__fake/reset). */
  reset(): void;
  /** Answers a call that threw, in the network's error shape. */
  crashed(res: http.ServerResponse, error: unknown): void;
};

export function createFakeNetwork<Plan>(tokenLifetimeSeconds: number) {
  let tokens = new Map<string, number>();
  let tokensIssued = 0;
  let requests: RecordedCall[] = [];
  /** Queued plans, each for the next payment or for the next one from a number ending in `payer`. */
  let plans: { plan: Plan; payer: string | null }[] = [];
  const failures = createFailureSwitch();
  const timers = createTimers();

  return {
    timers,

    /** A new bearer token, valid for the network's token lifetime. */
    issueToken(): string {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, Date.now() + tokenLifetimeSeconds * 1000);
      tokensIssued += 1;
      return token;
    },

    /** Whether the call carries a bearer token this fake issued and that still works. */
    authorized(req: http.IncomingMessage): boolean {
      const match = /^Bearer (.+)$/i.exec(headerOf(req, 'authorization'));
      const expiresAt = match ? tokens.get(match[1]!) : undefined;
      return expiresAt !== undefined && Date.now() < expiresAt;
    },

    /**
     * Queues what the next payment(s) will do (POST /__fake/next): any payment's, or only a payment from a number
     * ending in `payer` (its last nine digits), so tests running side by side do not take each other's plans.
     */
    queue(plan: Plan, times: unknown, payer: unknown = null): number {
      const last = typeof payer === 'string' ? payer.replace(/\D/g, '').slice(-9) : '';
      const digits = last.length === 9 ? last : null;
      for (let i = 0; i < (typeof times === 'number' && times > 0 ? times : 1); i++) plans.push({ plan: { ...plan }, payer: digits });
      return plans.length;
    },

    /** The plan for a new payment from `number`, if a test queued one for it or for any payment. */
    nextPlan(number: string): Plan | undefined {
      const index = plans.findIndex(({ payer }) => payer === null || number.endsWith(payer));
      return index < 0 ? undefined : plans.splice(index, 1)[0]!.plan;
    },

    /** Listens; stop() also drops the timers of payments still waiting. */
    async serve(port: number | undefined, hooks: FakeNetworkHooks): Promise<FakeServer> {
      async function control(action: string, method: string, text: string, res: http.ServerResponse) {
        const body = jsonObjectOf(text) ?? {};
        if (action === 'state') return sendJson(res, 200, { tokensIssued, requests, ...hooks.state() });
        if (method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
        if (action === 'reset') {
          timers.clearAll();
          failures.reset();
          tokens = new Map();
          tokensIssued = 0;
          requests = [];
          plans = [];
          hooks.reset();
          return sendJson(res, 200, { ok: true });
        }
        if (action === 'expire-tokens') {
          for (const token of tokens.keys()) tokens.set(token, 0);
          return sendJson(res, 200, { ok: true, expired: tokens.size });
        }
        if (action === 'fail') {
          const refused = failures.add(body);
          return refused ? sendJson(res, 400, { error: refused }) : sendJson(res, 200, { ok: true });
        }
        if (!(await hooks.control(action, body, res))) sendJson(res, 404, { error: `No control ${action}` });
      }

      async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
        const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname.replace(/^\/+/, '');
        const method = req.method ?? 'GET';
        const text = await readText(req);
        if (path.startsWith('__fake/')) return control(path.slice('__fake/'.length), method, text, res);

        requests.push({ method, path, headers: { ...req.headers } as Record<string, string>, body: text ? (jsonObjectOf(text) ?? text) : null });
        const failure = failures.take(method, path);
        if (failure) return answerFailure(res, failure);
        return hooks.api(req, res, { method, path, text });
      }

      const listening = await listenGuarded(handle, hooks.crashed, port);
      return {
        baseUrl: listening.baseUrl,
        stop: async () => {
          timers.clearAll();
          await listening.stop();
        },
      };
    },
  };
}
