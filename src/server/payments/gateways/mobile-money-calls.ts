/**
 * What the MTN MoMo and Airtel Money clients share: one HTTP call with a time limit (a network out of reach
 * becomes a PaymentGatewayError in plain words), a request to pay sent again when its first try's fate is
 * unknown, and closing a request by asking its status (neither network can withdraw one).
 */
import { NETWORK_PREFIXES, payerPhoneFault, ugandanMsisdn, type MobileMoneyGateway } from '../../../lib/mobile-money';
import { message, type Message } from '../../../lib/messages/message';
import { PaymentGatewayError, PaymentStillOpen, type CheckedPayment, type PaymentRequest } from '../gateway';

export type Json = Record<string, unknown>;

/** A network's answer: its HTTP status, the body parsed ({} when it is not a JSON object) and as text. */
export type NetworkReply = { status: number; body: Json; text: string };

export type NetworkCall = {
  method: 'GET' | 'POST';
  /** Appended to the base URL: "collection/v1_0/requesttopay". */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
};

/** One call to a network's API; throws the network's plain-words problem when it does not answer in time or at all. */
export async function callNetwork(network: MobileMoneyGateway, baseUrl: string, call: NetworkCall, timeoutMs: number): Promise<NetworkReply> {
  const headers = { Accept: 'application/json', ...call.headers, ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  try {
    const response = await fetch(`${baseUrl}/${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: jsonObject(text), text };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PaymentGatewayError(message('mobileMoney', 'networkProblem', network), {
      endpoint: call.path,
      problem: timedOut ? 'no answer in time' : 'not reachable',
      unanswered: true,
      cause: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
    });
  }
}

/** Refuses a call to a network whose keys are not set. */
export function requireKeys(network: MobileMoneyGateway, configured: boolean): void {
  if (!configured) throw new PaymentGatewayError(message('mobileMoney', 'notSetUp', network));
}

/**
 * The number a request to pay goes to, as 256 and nine digits, once the network's keys are set, the buyer's number
 * is on that network and the amount is whole shillings: refused before anything is sent otherwise.
 */
export function payerNumber(network: MobileMoneyGateway, configured: boolean, request: Pick<PaymentRequest, 'payerPhone' | 'amount'>): string {
  requireKeys(network, configured);
  const payer = walletNumber(network, request.payerPhone ?? '', request.amount);
  if ('problem' in payer) throw new PaymentGatewayError(payer.problem, payer.details);
  return payer.msisdn;
}

/**
 * A wallet money moves from or to, as 256 and nine digits, when the number is on the network and the amount is
 * whole shillings; otherwise why not, as a message (with details for the log).
 */
export function walletNumber(
  network: MobileMoneyGateway,
  phone: string,
  amount: number,
): { msisdn: string } | { problem: Message; details?: Record<string, unknown> } {
  const problem = payerPhoneRefusal(network, phone);
  if (problem) return { problem };
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return { problem: message('mobileMoney', 'networkProblem', network), details: { problem: 'the amount is not a whole number of shillings', amount } };
  }
  return { msisdn: ugandanMsisdn(phone)! };
}

/** Why this number cannot pay through this network, or null when it can. */
function payerPhoneRefusal(network: MobileMoneyGateway, phone: string): Message | null {
  const fault = payerPhoneFault(network, phone);
  if (fault === 'missing') return message('mobileMoney', 'phoneMissing', network);
  if (fault === 'invalid') return message('mobileMoney', 'phoneInvalid');
  return fault ? message('mobileMoney', 'wrongNetwork', network, NETWORK_PREFIXES[network]) : null;
}

/**
 * Sends a request to pay named `reference` (sent again when unsure, below). A failure keeps the reference and
 * says whether the request may have reached the network (`maybe_sent`), so the store can still ask about it.
 */
export async function sendRequestToPay(reference: string, send: () => Promise<NetworkReply>, unsure?: (reply: NetworkReply) => boolean): Promise<NetworkReply> {
  try {
    return await sendAgainIfUnsure(send, unsure);
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      throw new PaymentGatewayError(error.said, { ...error.details, gateway_reference: reference, maybe_sent: unanswered(error) });
    }
    throw error;
  }
}

/**
 * Sends a request to pay, and once more, unchanged, when the first try's fate is unknown (no answer in time, the
 * network out of reach, an HTTP 5xx or what the network calls ambiguous): both networks refuse an id they already have, and the clients read that
 * refusal as "started", so a second try can never ask the buyer twice.
 */
async function sendAgainIfUnsure(
  send: () => Promise<NetworkReply>,
  unsure: (reply: NetworkReply) => boolean = (reply) => reply.status >= 500,
): Promise<NetworkReply> {
  try {
    const first = await send();
    if (!unsure(first)) return first;
  } catch (error) {
    if (!unanswered(error)) throw error;
  }
  return send();
}

/** A call that got no answer (timed out, or the network out of reach): whether it arrived is unknown. */
export function unanswered(error: unknown): error is PaymentGatewayError {
  return error instanceof PaymentGatewayError && error.details.unanswered === true;
}

/**
 * Closes a request to pay by asking how it went: neither network can withdraw one, so a request still waiting
 * for the buyer stays open (PaymentStillOpen) until it is approved, declined or expires.
 */
export async function closeByAsking(check: () => Promise<CheckedPayment>): Promise<'cancelled' | 'paid'> {
  const checked = await check();
  if (checked.status === 'COMPLETED') return 'paid';
  if (checked.status === 'FAILED') return 'cancelled';
  throw new PaymentStillOpen(message('mobileMoney', 'stillOpen'), { network_status: checked.details.network_status });
}

/** An answer's body as an object; {} when it is empty, not JSON or not an object. */
export function jsonObject(text: string): Json {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return {};
  }
}

export function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** A value the networks send as text or number, as text ('' when missing). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
