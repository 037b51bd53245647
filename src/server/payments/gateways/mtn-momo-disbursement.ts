/**
 * MTN Mobile Money, Disbursement product of the MoMo Open API: the store sends money from its own MoMo account
 * to a vendor's wallet. Facts, with their sources:
 * - The Disbursement product has its own subscription key (Ocp-Apim-Subscription-Key) and its own API user and
 *   key: an API user is made under one product's subscription (MTN FAQ https://momoapi.mtn.com/faqs; MTN's
 *   sandbox page https://momodeveloper.mtn.com/api-documentation/testing).
 * - Token: `POST /disbursement/token/` with Basic base64(apiUser:apiKey) → {access_token, expires_in: 3600}.
 * - Transfer: `POST /disbursement/v1_0/transfer` with X-Reference-Id (a UUID v4 we choose), X-Target-Environment
 *   (`sandbox`, or `mtnuganda` live), the subscription key, body {amount (a text), currency, externalId,
 *   payee {partyIdType: MSISDN, partyId: 256…}, payerMessage, payeeNote (≤ 160 characters)} → 202, empty body.
 *   An X-Reference-Id MTN already has is refused with 409 RESOURCE_ALREADY_EXIST: that transfer arrived before.
 *   (momodeveloper.mtn.com/API-collections#api=disbursement&operation=Transfer; the TransferRequest of
 *   sparkplug/momoapi-node `src/disbursements.ts`; the mtnmomo crate's TransferResult.)
 * - Status: `GET /disbursement/v1_0/transfer/{referenceId}` → 200 {amount, currency, financialTransactionId,
 *   externalId, payee, status: PENDING | SUCCESSFUL | FAILED, reason}; 404 RESOURCE_NOT_FOUND when MTN has no
 *   transfer under the reference (same sources; reasons such as PAYEE_NOT_FOUND, NOT_ENOUGH_FUNDS,
 *   PAYEE_NOT_ALLOWED_TO_RECEIVE in the mtnmomo crate's reason list).
 * - The sandbox takes EUR only; a live target environment takes the country's currency (../shared/PAYMENTS.md).
 *
 * Configuration: MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY, _API_USER, _API_KEY (all three, or the client is not
 * set up), MTN_MOMO_DISBURSEMENT_BASE_URL and _TARGET_ENV (default: the collection ones), MTN_MOMO_TIMEOUT_MS.
 */
import { config, type Config } from '../../config';
import type { Disbursement, DisbursementRequest, DisbursementStatus } from '../disbursement-types';
import { MTN_NOTE_MAX, mtnMomoCalls, mtnReasonCode, mtnRefusal } from './mtn-momo';
import { sendRequestToPay, text, walletNumber } from './mobile-money-calls';
import { sayMessage } from '../../../lib/messages/say-message';

const NETWORK = 'mtn_momo';
const TOKEN_PATH = 'disbursement/token/';
const TRANSFER_PATH = 'disbursement/v1_0/transfer';

type MtnMomoDisbursementSettings = Pick<
  Config,
  | 'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY'
  | 'MTN_MOMO_DISBURSEMENT_API_USER'
  | 'MTN_MOMO_DISBURSEMENT_API_KEY'
  | 'MTN_MOMO_DISBURSEMENT_BASE_URL'
  | 'MTN_MOMO_DISBURSEMENT_TARGET_ENV'
  | 'MTN_MOMO_BASE_URL'
  | 'MTN_MOMO_TARGET_ENV'
  | 'MTN_MOMO_TIMEOUT_MS'
>;

/** The MTN MoMo Disbursement client, or null when its subscription key, API user or API key is not set. */
export function createMtnMomoDisbursement(settings: MtnMomoDisbursementSettings = config): Disbursement | null {
  const subscriptionKey = settings.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY ?? '';
  const apiUser = settings.MTN_MOMO_DISBURSEMENT_API_USER ?? '';
  const apiKey = settings.MTN_MOMO_DISBURSEMENT_API_KEY ?? '';
  if (!subscriptionKey || !apiUser || !apiKey) return null;
  const { withToken, currency } = mtnMomoCalls(settings.MTN_MOMO_TIMEOUT_MS, {
    subscriptionKey,
    apiUser,
    apiKey,
    baseUrl: settings.MTN_MOMO_DISBURSEMENT_BASE_URL ?? settings.MTN_MOMO_BASE_URL,
    targetEnvironment: settings.MTN_MOMO_DISBURSEMENT_TARGET_ENV ?? settings.MTN_MOMO_TARGET_ENV,
    tokenPath: TOKEN_PATH,
  });

  async function send(request: DisbursementRequest): Promise<DisbursementStatus> {
    const payee = walletNumber(NETWORK, request.phone, request.amount);
    if ('problem' in payee) return { state: 'FAILED', reason: sayMessage(payee.problem, 'en') };
    const note = request.note.slice(0, MTN_NOTE_MAX);
    const body = {
      amount: String(request.amount),
      currency,
      externalId: request.reference,
      payee: { partyIdType: 'MSISDN', partyId: payee.msisdn },
      payerMessage: note,
      payeeNote: note,
    };
    // Sent again when the first try's fate is unknown: MTN refuses the reference the second time if the first arrived.
    const reply = await sendRequestToPay(request.reference, () =>
      withToken({ method: 'POST', path: TRANSFER_PATH, headers: { 'X-Reference-Id': request.reference }, body }),
    );
    if (reply.status === 202) return { state: 'PENDING' };
    // RESOURCE_ALREADY_EXIST: this very transfer reached MTN before (a retry, or a store that stopped): ask how it went.
    if (reply.status === 409) return status(request.reference);
    // Any other refusal (a payee MTN does not take, a bad amount or currency) means nothing was created.
    if (reply.status >= 400 && reply.status < 500 && reply.status !== 401) {
      return { state: 'FAILED', reason: text(reply.body.code) || text(reply.body.message) || `HTTP ${reply.status}` };
    }
    throw mtnRefusal(reply, TRANSFER_PATH, { gateway_reference: request.reference, maybe_sent: reply.status >= 500 });
  }

  async function status(reference: string): Promise<DisbursementStatus> {
    const path = `${TRANSFER_PATH}/${encodeURIComponent(reference)}`;
    const reply = await withToken({ method: 'GET', path, headers: {} });
    if (reply.status === 404) return { state: 'UNKNOWN' };
    const networkStatus = text(reply.body.status).toUpperCase();
    if (reply.status !== 200) throw mtnRefusal(reply, path, { network_status: networkStatus });
    if (networkStatus === 'PENDING') return { state: 'PENDING' };
    if (networkStatus === 'SUCCESSFUL') return { state: 'SUCCESSFUL', transactionId: text(reply.body.financialTransactionId) };
    if (networkStatus === 'FAILED') return { state: 'FAILED', reason: mtnReasonCode(reply.body.reason) || 'FAILED' };
    throw mtnRefusal(reply, path, { network_status: networkStatus, problem: 'MTN named no status MTN documents' });
  }

  return { network: NETWORK, send, status };
}
