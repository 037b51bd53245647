/**
 * A local stand-in for Africa's Talking's SMS API, for tests and for demos without an account: the path, form
 * fields, `apiKey` header and replies the official SDK meets at https://api.africastalking.com. Point the store
 * at it with AT_BASE_URL (and AT_USERNAME / AT_API_KEY matching its own).
 *
 *   POST /version1/messaging   form-encoded username, to (comma-separated numbers), message, from?, bulkSMSMode?
 *                              401 text "The supplied authentication is invalid" for another apiKey or username;
 *                              400 text for a missing field; else 201 {SMSMessageData: {Message, Recipients:
 *                              [{statusCode, number, status, cost, messageId}]}}: 101 Success for +<digits>
 *                              numbers, 403 InvalidPhoneNumber for others
 *
 * Tests (or a person demoing) drive it over HTTP:
 *   POST /__fake/fail {mode, times?, status?}  the next `times` sends (default 1) fail: mode 'http500' (HTTP 500),
 *                                              'hang' (no answer until the client gives up) or 'status' (201 with
 *                                              each recipient refused with `status`, default InsufficientBalance;
 *                                              any name of STATUS_CODES below). Calls add up, oldest first.
 *   POST /__fake/delay {ms}                    answer every send `ms` later from now on (a slow network; 0 ends it)
 *   GET  /__fake/state                         {messages: every send received, with its outcome ('sent', 'http500',
 *                                              'hang' or the refusing status), failuresLeft, delayMs}
 *   POST /__fake/reset                         forget the messages, the failures asked for and the delay
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { answerFailure, headerOf, jsonObjectOf, listenGuarded, readText, sendJson, type FakeServer } from '../../src/server/fakes/fake-server';

export type FakeAfricasTalkingOptions = {
  port?: number;
  username?: string;
  apiKey?: string;
  /** Hears each text the fake accepts (the store logs them when it runs the fake for a demo). */
  onMessage?: (message: FakeSms) => void;
};
export type FakeAfricasTalking = FakeServer & { username: string; apiKey: string };

/** A send as the fake received it, and what it answered. */
export type FakeSms = {
  username: string;
  to: string;
  message: string;
  from: string;
  bulkSMSMode: string;
  receivedAt: string;
  outcome: 'sent' | 'http500' | 'hang' | string;
  messageIds: string[];
};

type Failure = { mode: 'http500' | 'hang' | 'status'; status: string; times: number };

/** Africa's Talking's recipient statuses and their codes. */
export const STATUS_CODES: Record<string, number> = {
  Processed: 100,
  Success: 101,
  Queued: 102,
  RiskHold: 401,
  InvalidSenderId: 402,
  InvalidPhoneNumber: 403,
  UnsupportedNumberType: 404,
  InsufficientBalance: 405,
  UserInBlacklist: 406,
  CouldNotRoute: 407,
  DoNotDisturbRejection: 409,
  InternalServerError: 500,
  GatewayError: 501,
  RejectedByGateway: 502,
};

/** The credentials a fake takes unless told others (the SDK sends to the sandbox for username 'sandbox'). */
export const FAKE_AT_USERNAME = 'sandbox';
export const FAKE_AT_API_KEY = 'fake-at-api-key';

const COST_PER_TEXT = 'UGX 25.0000';
/** Statuses under which Africa's Talking took the text (it charges for them). */
const TAKEN = new Set(['Processed', 'Success', 'Queued']);

export async function startFakeAfricasTalking(options: FakeAfricasTalkingOptions = {}): Promise<FakeAfricasTalking> {
  const username = options.username ?? FAKE_AT_USERNAME;
  const apiKey = options.apiKey ?? FAKE_AT_API_KEY;
  let messages: FakeSms[] = [];
  let failures: Failure[] = [];
  let delayMs = 0;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? 'GET';
    const text = await readText(req);
    if (path.startsWith('/__fake/')) return control(path.slice('/__fake/'.length), method, text, res);
    if (path !== '/version1/messaging') return sendText(res, 404, `No route ${method} ${path}`);
    if (method !== 'POST') return sendText(res, 405, 'Use POST');

    const form = new URLSearchParams(text);
    if (headerOf(req, 'apiKey') !== apiKey || form.get('username') !== username) return sendText(res, 401, 'The supplied authentication is invalid');
    for (const field of ['username', 'to', 'message']) {
      if (!form.get(field)) return sendText(res, 400, `Request is missing required form field '${field}'`);
    }

    const received: FakeSms = {
      username: form.get('username')!,
      to: form.get('to')!,
      message: form.get('message')!,
      from: form.get('from') ?? '',
      bulkSMSMode: form.get('bulkSMSMode') ?? '',
      receivedAt: new Date().toISOString(),
      outcome: 'sent',
      messageIds: [],
    };
    messages.push(received);

    const failure = takeFailure();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failure?.mode === 'hang') {
      received.outcome = 'hang';
      return; // The reply never comes: the client gives up, or the fake stops.
    }
    if (failure?.mode === 'http500') {
      received.outcome = 'http500';
      return answerFailure(res, 'http500');
    }

    const numbers = received.to.split(',').map((number) => number.trim());
    const recipients = numbers.map((number) => {
      const status = failure?.mode === 'status' ? failure.status : /^\+\d{7,15}$/.test(number) ? 'Success' : 'InvalidPhoneNumber';
      const taken = TAKEN.has(status);
      const messageId = taken ? `ATXid_${randomBytes(16).toString('hex')}` : 'None';
      if (taken) received.messageIds.push(messageId);
      return { statusCode: STATUS_CODES[status] ?? 500, number, status, cost: taken ? COST_PER_TEXT : '0', messageId };
    });
    const sent = recipients.filter((recipient) => TAKEN.has(recipient.status)).length;
    received.outcome = recipients.every((recipient) => recipient.status === 'Success') ? 'sent' : recipients[0]!.status;
    if (sent > 0) options.onMessage?.(received);
    const totalCost = sent > 0 ? `UGX ${(25 * sent).toFixed(4)}` : '0';
    return sendJson(res, 201, { SMSMessageData: { Message: `Sent to ${sent}/${recipients.length} Total Cost: ${totalCost}`, Recipients: recipients } });
  }

  function takeFailure(): Failure | undefined {
    const failure = failures[0];
    if (!failure) return undefined;
    failure.times -= 1;
    if (failure.times <= 0) failures.shift();
    return failure;
  }

  function control(action: string, method: string, text: string, res: http.ServerResponse) {
    if (method === 'GET' && action === 'state') return sendJson(res, 200, { messages, failuresLeft: failures, delayMs });
    if (method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
    if (action === 'reset') {
      messages = [];
      failures = [];
      delayMs = 0;
      return sendJson(res, 200, { ok: true });
    }
    const body = text ? jsonObjectOf(text) : {};
    if (!body) return sendJson(res, 400, { error: 'Send a JSON object' });
    if (action === 'delay') {
      if (typeof body.ms !== 'number' || !(body.ms >= 0)) return sendJson(res, 400, { error: 'Send {ms: a number of milliseconds}' });
      delayMs = body.ms;
      return sendJson(res, 200, { ok: true, delayMs });
    }
    if (action === 'fail') {
      const mode = body.mode;
      const status = typeof body.status === 'string' ? body.status : 'InsufficientBalance';
      if (mode !== 'http500' && mode !== 'hang' && mode !== 'status')
        return sendJson(res, 400, { error: "Send {mode: 'http500' | 'hang' | 'status', times?, status?}" });
      if (mode === 'status' && (!(status in STATUS_CODES) || status === 'Success')) {
        return sendJson(res, 400, { error: `status must be one of ${Object.keys(STATUS_CODES).join(', ')}, not Success` });
      }
      const times = typeof body.times === 'number' && body.times > 0 ? Math.floor(body.times) : 1;
      failures.push({ mode, status, times });
      return sendJson(res, 200, { ok: true, failuresLeft: failures });
    }
    return sendJson(res, 404, { error: `No control ${action}` });
  }

  const listening = await listenGuarded(handle, (res, error) => sendText(res, 500, `The fake crashed: ${String(error)}`), options.port);
  return { ...listening, username, apiKey };
}

function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}
