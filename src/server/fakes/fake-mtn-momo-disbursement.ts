/**
 * A local stand-in for MTN MoMo's Disbursement API, for the tests and for demos (`PAYMENT_FAKES=1`). It speaks
 * the real protocol (see src/server/payments/gateways/mtn-momo-disbursement.ts) and checks what MTN checks:
 * - `POST /disbursement/token/`: Basic auth with the Disbursement API user and key, and the Disbursement
 *   subscription key (a Collection key is refused with 401, as MTN refuses another product's key).
 * - `POST /disbursement/v1_0/transfer`: a valid bearer token, X-Target-Environment, an X-Reference-Id that is a
 *   UUID version 4 and new (a reused one: 409 RESOURCE_ALREADY_EXIST), the amount as a text of whole digits,
 *   EUR in `sandbox` and UGX elsewhere, payee {partyIdType: MSISDN, partyId: 256 and nine digits}, payerMessage
 *   and payeeNote of at most 160 characters. Answers 202 with an empty body. A payee that is not an MTN Uganda
 *   number is accepted and fails with PAYEE_NOT_FOUND.
 * - `GET /disbursement/v1_0/transfer/{reference}`: 200 with the transfer's status, 404 RESOURCE_NOT_FOUND when unknown
 *   (answered even for a transfer whose sending calls hang: that is how the store learns what became of it).
 * Where MTN's documentation gives only an HTTP status for a refusal (400), the body's code is the fake's own.
 * Outcomes by number and the switches: fake-transfers.ts; /__fake/fail, /__fake/expire-tokens, /__fake/state and
 * /__fake/reset: fake-network.ts. The state lists `transfers` and every transfer call `received`.
 */
import { randomInt } from 'node:crypto';
import type http from 'node:http';
import { answeredByMtnGate } from './fake-mtn-momo';
import { createFakeNetwork } from './fake-network';
import { headerOf, jsonObjectOf, sendJson, type FakeServer } from './fake-server';
import { createFakeTransfers } from './fake-transfers';

export type FakeMtnMomoDisbursementOptions = {
  port?: number;
  subscriptionKey?: string;
  apiUser?: string;
  apiKey?: string;
  targetEnvironment?: string;
  tokenLifetimeSeconds?: number;
};

/** The fake, and the environment that points the store's MTN MoMo Disbursement client at it. */
export type FakeMtnMomoDisbursement = FakeServer & { env: Record<string, string> };

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const MTN_PAYEE = /^2567[678]\d{7}$/;
const NOTE_MAX = 160;
const TOKEN_PATH = 'disbursement/token/';
const TRANSFER_PATH = 'disbursement/v1_0/transfer';

export async function startFakeMtnMomoDisbursement(options: FakeMtnMomoDisbursementOptions = {}): Promise<FakeMtnMomoDisbursement> {
  const subscriptionKey = options.subscriptionKey ?? 'fake-disbursement-subscription-key';
  const apiUser = options.apiUser ?? '5f0c6e1a-8b2d-4c3e-9f4a-7b6d5c4e3f2a';
  const apiKey = options.apiKey ?? 'fake-disbursement-api-key';
  const targetEnvironment = options.targetEnvironment ?? 'mtnuganda';
  const currency = targetEnvironment === 'sandbox' ? 'EUR' : 'UGX';
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3_600;

  const network = createFakeNetwork<never>(tokenLifetimeSeconds);
  const transfers = createFakeTransfers({ declineReason: 'PAYEE_NOT_ALLOWED_TO_RECEIVE', newTransactionId: () => String(randomInt(100_000_000, 999_999_999)) });

  const product = { subscriptionKey, apiUser, apiKey, targetEnvironment, tokenLifetimeSeconds, tokenPath: TOKEN_PATH, apiPath: TRANSFER_PATH };

  function api(req: http.IncomingMessage, res: http.ServerResponse, { method, path, text }: { method: string; path: string; text: string }) {
    // The Collection product's subscription key is refused here with 401, as MTN refuses another product's key.
    if (answeredByMtnGate(req, res, { method, path }, product, network)) return;
    if (method === 'POST' && path === TRANSFER_PATH) return transfer(req, text, res);
    const statusMatch = new RegExp(`^${TRANSFER_PATH}/([^/]+)$`).exec(path);
    if (method === 'GET' && statusMatch) {
      const found = transfers.look(decodeURIComponent(statusMatch[1]!));
      if (!found) return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return sendJson(res, 200, {
        amount: String(found.amount),
        currency,
        ...(found.transactionId ? { financialTransactionId: found.transactionId } : {}),
        externalId: found.reference,
        payee: { partyIdType: 'MSISDN', partyId: found.msisdn },
        status: found.state,
        ...(found.state === 'FAILED' ? { reason: found.reason } : {}),
      });
    }
    return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: `No route ${method} /${path}` });
  }

  function transfer(req: http.IncomingMessage, text: string, res: http.ServerResponse) {
    const input = jsonObjectOf(text) ?? {};
    const payee = typeof input.payee === 'object' && input.payee !== null ? (input.payee as Record<string, unknown>) : {};
    const reference = headerOf(req, 'x-reference-id');
    const msisdn = typeof payee.partyId === 'string' ? payee.partyId : '';
    const amount = typeof input.amount === 'string' ? Number(input.amount) : NaN;
    const answer = (status: number, body?: Record<string, unknown>) => {
      transfers.receive({ reference, msisdn, amount, answer: status });
      if (status === 0) return;
      if (body) sendJson(res, status, body);
      else res.writeHead(status).end();
    };
    const badRequest = (message: string, code = 'BAD_REQUEST') => answer(400, { code, message });

    if (!UUID_V4.test(reference)) return badRequest('X-Reference-Id must be a UUID version 4');
    const existing = transfers.get(reference);
    if (existing && !existing.plan.hang) {
      return answer(409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    }
    if (!existing) {
      if (!headerOf(req, 'content-type').includes('application/json')) return badRequest('Send application/json');
      if (typeof input.amount !== 'string' || !/^\d+$/.test(input.amount) || amount <= 0) return badRequest('amount must be whole shillings written as a text');
      if (input.currency !== currency) return badRequest(`The ${targetEnvironment} environment takes ${currency} only`, 'INVALID_CURRENCY');
      if (typeof input.externalId !== 'string' || input.externalId === '') return badRequest('externalId is required');
      if (payee.partyIdType !== 'MSISDN' || !/^256\d{9}$/.test(msisdn))
        return badRequest('payee must be {partyIdType: "MSISDN", partyId: 256 and nine digits}');
      const { payerMessage = '', payeeNote = '' } = input;
      if (typeof payerMessage !== 'string' || typeof payeeNote !== 'string' || payerMessage.length > NOTE_MAX || payeeNote.length > NOTE_MAX) {
        return badRequest(`payerMessage and payeeNote are texts of at most ${NOTE_MAX} characters`);
      }
    }
    const made = existing ?? transfers.create(reference, msisdn, amount, MTN_PAYEE.test(msisdn) ? undefined : 'PAYEE_NOT_FOUND');
    // A transfer whose answers are lost: made, and every call about it left unanswered.
    if (made.plan.hang) return answer(0);
    answer(202);
  }

  const listening = await network.serve(options.port, {
    api,
    control: (action, body, res) => transfers.control(action, body, res),
    state: () => transfers.state(),
    reset: () => transfers.reset(),
    crashed: (res, error) => sendJson(res, 500, { code: 'INTERNAL_PROCESSING_ERROR', message: String(error) }),
  });
  return {
    ...listening,
    env: {
      MTN_MOMO_DISBURSEMENT_BASE_URL: listening.baseUrl,
      MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: subscriptionKey,
      MTN_MOMO_DISBURSEMENT_API_USER: apiUser,
      MTN_MOMO_DISBURSEMENT_API_KEY: apiKey,
      MTN_MOMO_DISBURSEMENT_TARGET_ENV: targetEnvironment,
    },
  };
}
