/**
 * Airtel Money Africa Open API, disbursement (business to customer): the store sends money from its Airtel Money
 * account to a vendor's wallet, authorised by the account's disbursement PIN. Facts, with their sources:
 * - The same app's client credentials and bearer token as collection (`POST /auth/oauth2/token`), the same
 *   X-Country: UG and X-Currency: UGX headers (../shared/PAYMENTS.md, "Airtel Money Africa Open API").
 * - `POST /standard/v1/disbursements/` with {payee: {msisdn: nine digits without the country code}, reference
 *   (a text for the vendor, 4 to 64 letters, digits or spaces), pin, transaction: {amount, id: ours, type: B2C}};
 *   answers {data: {transaction: {reference_id, airtel_money_id, id, status}}, status: {code, message,
 *   result_code, response_code, success}} (Airtel's disbursement docs as used by global-121/121-platform,
 *   `fsp-integration/airtel/dtos/airtel-api-disbursement-request-body.dto.ts` and `services/airtel.api.service.ts`).
 * - `pin`: the four-digit PIN encrypted with the RSA public key Airtel's portal gives (base64 of the DER key),
 *   PKCS#1 v1.5 padding, the result in base64 (121-platform `services/airtel.encryption.service.ts`).
 * - Enquiry: `GET /standard/v1/disbursements/{id}` → data.transaction.status TS (paid), TF (failed), TIP (in
 *   progress), TA (ambiguous: ask again); an id Airtel does not know: 404, ESB000045 or response code
 *   DP00900001015. Disbursement response codes: DP00900001001 paid, DP00900001000 and DP00900001006 in
 *   progress, the other DP009… codes failures (121-platform `mappers/airtel-disbursement-or-enquiry-result.mapper.ts`).
 * - A transaction id Airtel already has is refused with ESB000041: that transfer reached Airtel before. ESB000001
 *   and ESB000004 are ambiguous: ask about the transaction (the collection facts; same API).
 *
 * Configuration: AIRTEL_DISBURSEMENT_PIN and AIRTEL_DISBURSEMENT_PUBLIC_KEY (both, or the client is not set up);
 * AIRTEL_DISBURSEMENT_CLIENT_ID, _CLIENT_SECRET and _BASE_URL default to the collection ones; AIRTEL_TIMEOUT_MS.
 */
import { config, type Config } from '../../config';
import { constants, createPublicKey, publicEncrypt, type KeyObject } from 'node:crypto';
import { AIRTEL_RESULT, airtelCalls, airtelRefusal, isAmbiguous, statusOf, transactionOf } from './airtel-money';
import type { Disbursement, DisbursementRequest, DisbursementStatus } from '../disbursement-types';
import { PaymentGatewayError } from '../gateway';
import { message } from '../../../lib/messages/message';
import { sayMessage } from '../../../lib/messages/say-message';
import { sendRequestToPay, text, walletNumber, type NetworkReply } from './mobile-money-calls';

const NETWORK = 'airtel_money';
const DISBURSEMENT_PATH = 'standard/v1/disbursements/';
const NOT_FOUND_CODE = 'DP00900001015';
/** Disbursement response codes start so; those not paid, in progress or not found are failures. */
const DISBURSEMENT_CODE_PREFIX = 'DP009';
const RESPONSE_STATES: Record<string, DisbursementStatus['state']> = { DP00900001001: 'SUCCESSFUL', DP00900001000: 'PENDING', DP00900001006: 'PENDING' };
const TRANSACTION_STATES: Record<string, DisbursementStatus['state']> = { TS: 'SUCCESSFUL', TF: 'FAILED', TE: 'FAILED', TIP: 'PENDING', TA: 'PENDING' };

type AirtelMoneyDisbursementSettings = Pick<
  Config,
  | 'AIRTEL_DISBURSEMENT_CLIENT_ID'
  | 'AIRTEL_DISBURSEMENT_CLIENT_SECRET'
  | 'AIRTEL_DISBURSEMENT_PIN'
  | 'AIRTEL_DISBURSEMENT_PUBLIC_KEY'
  | 'AIRTEL_DISBURSEMENT_BASE_URL'
  | 'AIRTEL_CLIENT_ID'
  | 'AIRTEL_CLIENT_SECRET'
  | 'AIRTEL_BASE_URL'
  | 'AIRTEL_TIMEOUT_MS'
>;

/** Airtel's public key as its portal gives it (base64 of the DER key) or as PEM. */
export function airtelPublicKey(value: string): KeyObject {
  const trimmed = value.trim();
  if (trimmed.includes('-----BEGIN')) return createPublicKey(trimmed);
  return createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** The disbursement PIN as Airtel wants it: RSA-encrypted with its public key (PKCS#1 v1.5), in base64. */
export function encryptAirtelPin(pin: string, publicKey: KeyObject): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin, 'utf8')).toString('base64');
}

/** The note as Airtel's `reference` takes it: letters, digits and spaces, 4 to 64 of them. */
export function airtelReferenceText(note: string): string {
  const cleaned = note
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 64)
    .trim();
  return cleaned.length >= 4 ? cleaned : 'Duuka payout';
}

/** The Airtel Money disbursement client, or null when its PIN, its public key or the app's credentials are not set. */
export function createAirtelMoneyDisbursement(settings: AirtelMoneyDisbursementSettings = config): Disbursement | null {
  const clientId = settings.AIRTEL_DISBURSEMENT_CLIENT_ID ?? settings.AIRTEL_CLIENT_ID ?? '';
  const clientSecret = settings.AIRTEL_DISBURSEMENT_CLIENT_SECRET ?? settings.AIRTEL_CLIENT_SECRET ?? '';
  const pin = settings.AIRTEL_DISBURSEMENT_PIN ?? '';
  const publicKeyText = settings.AIRTEL_DISBURSEMENT_PUBLIC_KEY ?? '';
  if (!clientId || !clientSecret || !pin || !publicKeyText) return null;
  const { withToken } = airtelCalls({
    baseUrl: settings.AIRTEL_DISBURSEMENT_BASE_URL ?? settings.AIRTEL_BASE_URL,
    clientId,
    clientSecret,
    timeoutMs: settings.AIRTEL_TIMEOUT_MS,
  });

  function encryptedPin(): string {
    try {
      return encryptAirtelPin(pin, airtelPublicKey(publicKeyText));
    } catch (error) {
      throw new PaymentGatewayError(message('payoutRun', 'airtelPayoutsNotSetUp', error instanceof Error ? error.message : String(error)), {
        problem: 'AIRTEL_DISBURSEMENT_PUBLIC_KEY is not an RSA public key (base64 of the DER key, or PEM)',
      });
    }
  }

  async function send(request: DisbursementRequest): Promise<DisbursementStatus> {
    const payee = walletNumber(NETWORK, request.phone, request.amount);
    if ('problem' in payee) return { state: 'FAILED', reason: sayMessage(payee.problem, 'en') };
    const body = {
      // Airtel wants the number without the country code: the nine digits after 256.
      payee: { msisdn: payee.msisdn.slice(3) },
      reference: airtelReferenceText(request.note),
      pin: encryptedPin(),
      transaction: { amount: request.amount, id: request.reference, type: 'B2C' },
    };
    const reply = await sendRequestToPay(
      request.reference,
      () => withToken({ method: 'POST', path: DISBURSEMENT_PATH, headers: {}, body }),
      (answer) => answer.status >= 500 || isAmbiguous(answer),
    );
    const state = statusOf(reply);
    const resultCode = text(state.result_code).toUpperCase();
    if (resultCode === AIRTEL_RESULT.alreadyExists) return status(request.reference);
    if (reply.status === 200) {
      const known = answered(reply);
      if (known) return known;
      if (state.success === true || resultCode === AIRTEL_RESULT.success) return { state: 'PENDING' };
    }
    if (reply.status >= 400 && reply.status < 500 && reply.status !== 401 && !isAmbiguous(reply)) {
      return { state: 'FAILED', reason: text(state.response_code) || resultCode || `HTTP ${reply.status}` };
    }
    throw airtelRefusal(reply, DISBURSEMENT_PATH, { gateway_reference: request.reference, maybe_sent: reply.status >= 500 || isAmbiguous(reply) });
  }

  async function status(id: string): Promise<DisbursementStatus> {
    const path = `${DISBURSEMENT_PATH}${encodeURIComponent(id)}`;
    const reply = await withToken({ method: 'GET', path, headers: {} });
    const state = statusOf(reply);
    const responseCode = text(state.response_code).toUpperCase();
    if (reply.status === 404 || text(state.result_code).toUpperCase() === AIRTEL_RESULT.notFound || responseCode === NOT_FOUND_CODE) {
      return { state: 'UNKNOWN' };
    }
    const known = reply.status === 200 ? answered(reply) : null;
    if (!known) throw airtelRefusal(reply, path, { network_status: text(transactionOf(reply).status) });
    return known;
  }

  return { network: NETWORK, send, status };
}

/** What an answer says of the transfer: its transaction status, else its response code; null when neither is known. */
function answered(reply: NetworkReply): DisbursementStatus | null {
  const transaction = transactionOf(reply);
  const responseCode = text(statusOf(reply).response_code).toUpperCase();
  const state =
    TRANSACTION_STATES[text(transaction.status).toUpperCase()] ??
    RESPONSE_STATES[responseCode] ??
    (responseCode.startsWith(DISBURSEMENT_CODE_PREFIX) && responseCode !== NOT_FOUND_CODE ? 'FAILED' : undefined);
  if (!state) return null;
  if (state === 'SUCCESSFUL') return { state, transactionId: text(transaction.airtel_money_id) };
  if (state === 'FAILED') return { state, reason: responseCode || text(transaction.message) || 'TF' };
  return { state };
}
