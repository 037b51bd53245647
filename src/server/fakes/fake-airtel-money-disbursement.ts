/**
 * A local stand-in for Airtel Money's disbursement API, for the tests and for demos (`PAYMENT_FAKES=1`). It speaks
 * the real protocol (see src/server/payments/gateways/airtel-money-disbursement.ts) and checks what Airtel checks:
 * - `POST /auth/oauth2/token` with the app's client credentials (as the collection fake).
 * - `POST /standard/v1/disbursements/`: a valid bearer token, X-Country: UG and X-Currency: UGX (ROUTER006,
 *   ROUTER112), the payee's msisdn as nine digits (ESB000033), a reference of 4 to 64 letters, digits or spaces,
 *   a positive whole amount and transaction type B2C (ESB000008), a transaction id not used before (ESB000041),
 *   and the PIN: it must decrypt, with the private half of the key pair the fake made at start, to the
 *   disbursement PIN (a wrong one is refused with DP00900001004; the code is the fake's own reading).
 *   Answers {data: {transaction: {reference_id, airtel_money_id, id, status}}, status: {response_code, …}}.
 *   A payee that is not an Airtel Uganda number (70, 74, 75) fails with DP00900001010.
 * - `GET /standard/v1/disbursements/{id}`: the enquiry, TS / TF / TIP; 404 ESB000045 for an id it does not know.
 * Outcomes by number and the switches: fake-transfers.ts; /__fake/fail, /__fake/expire-tokens, /__fake/state and
 * /__fake/reset: fake-network.ts. The state lists `transfers` and every disbursement call `received`.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type http from 'node:http';
import { newAirtelMoneyId, objectOf, refuse } from './fake-airtel-money';
import { createFakeNetwork } from './fake-network';
import { headerOf, jsonObjectOf, sendJson, type FakeServer } from './fake-server';
import { createFakeTransfers, type FakeTransfer } from './fake-transfers';

export type FakeAirtelMoneyDisbursementOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  pin?: string;
  tokenLifetimeSeconds?: number;
};

/** The fake, and the environment that points the store's Airtel Money disbursement client at it. */
export type FakeAirtelMoneyDisbursement = FakeServer & { env: Record<string, string> };

const TOKEN_PATH = 'auth/oauth2/token';
const DISBURSEMENT_PATH = 'standard/v1/disbursements/';
const AIRTEL_PAYEE = /^7[045]\d{7}$/;
const RESPONSE_CODES = { SUCCESSFUL: 'DP00900001001', PENDING: 'DP00900001006' } as const;
const WRONG_PIN = 'DP00900001004';
const DECLINED = 'DP00900001012';
const NOT_REGISTERED = 'DP00900001010';

export async function startFakeAirtelMoneyDisbursement(options: FakeAirtelMoneyDisbursementOptions = {}): Promise<FakeAirtelMoneyDisbursement> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const pin = options.pin ?? '1234';
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 180;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

  const network = createFakeNetwork<never>(tokenLifetimeSeconds);
  const transfers = createFakeTransfers({ declineReason: DECLINED, newTransactionId: newAirtelMoneyId });

  function api(req: http.IncomingMessage, res: http.ServerResponse, { method, path, text }: { method: string; path: string; text: string }) {
    const input = method === 'POST' ? jsonObjectOf(text) : {};
    if (method === 'POST' && (!headerOf(req, 'content-type').includes('application/json') || !input)) {
      return refuse(res, 400, 'ESB000008', 'Send a JSON object as application/json');
    }
    if (method === 'POST' && path === TOKEN_PATH) {
      if (input!.client_id !== clientId || input!.client_secret !== clientSecret || input!.grant_type !== 'client_credentials') {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      return sendJson(res, 200, { access_token: network.issueToken(), expires_in: String(tokenLifetimeSeconds), token_type: 'bearer' });
    }
    if (!network.authorized(req)) return refuse(res, 401, 'UNAUTHORIZED', 'Invalid or expired access token');
    if (headerOf(req, 'x-country') !== 'UG') return refuse(res, 400, 'ROUTER006', 'Invalid Country');
    if (headerOf(req, 'x-currency') !== 'UGX') return refuse(res, 400, 'ROUTER112', 'Invalid Currency');
    if (method === 'POST' && path === DISBURSEMENT_PATH) return disburse(input!, res);
    const id = path.startsWith(DISBURSEMENT_PATH) ? decodeURIComponent(path.slice(DISBURSEMENT_PATH.length)) : '';
    if (method === 'GET' && id && !id.includes('/')) {
      const found = transfers.look(id);
      if (!found) return refuse(res, 404, 'ESB000045', 'No Transaction Found With Provided Transaction Id.', 'DP00900001015');
      return answerTransfer(res, found);
    }
    return refuse(res, 404, 'ROUTER005', `No route ${method} /${path}`);
  }

  function disburse(input: Record<string, unknown>, res: http.ServerResponse) {
    const payee = objectOf(input.payee);
    const transaction = objectOf(input.transaction);
    const id = typeof transaction.id === 'string' ? transaction.id : '';
    const msisdn = typeof payee.msisdn === 'string' ? payee.msisdn : '';
    const amount = typeof transaction.amount === 'number' ? transaction.amount : NaN;
    const received = (status: number) => transfers.receive({ reference: id, msisdn, amount, answer: status });
    const refused = (status: number, resultCode: string, message: string, responseCode = '') => {
      received(status);
      refuse(res, status, resultCode, message, responseCode);
    };

    const existing = transfers.get(id);
    if (existing && !existing.plan.hang) return refused(400, 'ESB000041', 'External Transaction ID already exists.');
    if (!existing) {
      if (!id.trim()) return refused(400, 'ESB000008', 'transaction.id is required');
      if (transaction.type !== 'B2C') return refused(400, 'ESB000008', 'transaction.type must be B2C');
      if (!Number.isSafeInteger(amount) || amount <= 0) return refused(400, 'ESB000008', 'transaction.amount must be a positive whole amount');
      if (typeof input.reference !== 'string' || !/^[A-Za-z0-9 ]{4,64}$/.test(input.reference)) {
        return refused(400, 'ESB000008', 'reference must be 4 to 64 letters, digits or spaces');
      }
      if (!/^[1-9]\d{8}$/.test(msisdn)) return refused(400, 'ESB000033', 'Invalid MSISDN Length. Send the nine digits without the country code.');
      if (decryptedPin(input.pin) !== pin) return refused(400, 'ESB000011', 'Incorrect PIN', WRONG_PIN);
    }
    const made = existing ?? transfers.create(id, msisdn, amount, AIRTEL_PAYEE.test(msisdn) ? undefined : NOT_REGISTERED);
    if (made.plan.hang) return received(0);
    received(200);
    return answerTransfer(res, made);
  }

  function decryptedPin(value: unknown): string | null {
    if (typeof value !== 'string' || value === '') return null;
    try {
      return privateDecrypt({ key: keys.privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(value, 'base64')).toString('utf8');
    } catch {
      return null;
    }
  }

  const listening = await network.serve(options.port, {
    api,
    control: (action, body, res) => transfers.control(action, body, res),
    state: () => transfers.state(),
    reset: () => transfers.reset(),
    crashed: (res, error) => refuse(res, 500, 'ESB000001', String(error)),
  });
  return {
    ...listening,
    env: {
      AIRTEL_DISBURSEMENT_BASE_URL: listening.baseUrl,
      AIRTEL_DISBURSEMENT_CLIENT_ID: clientId,
      AIRTEL_DISBURSEMENT_CLIENT_SECRET: clientSecret,
      AIRTEL_DISBURSEMENT_PIN: pin,
      AIRTEL_DISBURSEMENT_PUBLIC_KEY: publicKey,
    },
  };
}

/** A transfer as Airtel's disbursement and enquiry answer it. */
function answerTransfer(res: http.ServerResponse, transfer: FakeTransfer) {
  const status = transfer.state === 'SUCCESSFUL' ? 'TS' : transfer.state === 'FAILED' ? 'TF' : 'TIP';
  const responseCode = transfer.state === 'FAILED' ? transfer.reason : RESPONSE_CODES[transfer.state];
  sendJson(res, 200, {
    data: {
      transaction: {
        reference_id: transfer.reference,
        ...(transfer.transactionId ? { airtel_money_id: transfer.transactionId } : {}),
        id: transfer.reference,
        status,
        message:
          transfer.state === 'FAILED' ? 'The transaction failed.' : transfer.state === 'SUCCESSFUL' ? 'Transaction successful' : 'Transaction in progress',
      },
    },
    status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: responseCode, success: true },
  });
}
