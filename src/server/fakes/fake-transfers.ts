/**
 * What the fake disbursement APIs (fake-mtn-momo-disbursement.ts, fake-airtel-money-disbursement.ts) share: the
 * transfers they hold, what each one will do, and every transfer call they received, so a test can tell how
 * many times a number or a reference was sent money.
 *
 * What a new transfer does, by the payee's number (its last two digits) unless a test queued a plan:
 *   declineSuffix ('13'): fails at once; pendingSuffix ('98'): stays pending until decided (POST /__fake/decide);
 *   hangSuffix ('97'): the transfer is made (and succeeds) but the calls sending it are never answered, as when
 *   the answer is lost on the way (its status is answered); slowSuffix ('96'): pending for the first two status calls, then successful;
 *   any other number: successful at once.
 * Switches (besides those of fake-network.ts):
 *   POST /__fake/next {outcome: 'success' | 'fail' | 'pending', reason?, afterStatusCalls?, hang?, times?}
 *        the next transfer(s): `afterStatusCalls` status calls answer PENDING first; `hang`: never answered
 *   POST /__fake/decide {reference, outcome: 'success' | 'fail', reason?}   settle a pending transfer now
 */
import type http from 'node:http';
import { sendJson } from './fake-server';

export type TransferState = 'PENDING' | 'SUCCESSFUL' | 'FAILED';
export type TransferPlan = { outcome: 'success' | 'fail' | 'pending'; reason: string; afterStatusCalls: number; hang: boolean };

export type FakeTransfer = {
  reference: string;
  /** The payee as the network's API names it (MTN: 256…, Airtel: nine digits). */
  msisdn: string;
  amount: number;
  state: TransferState;
  reason: string;
  transactionId: string;
  statusCalls: number;
  plan: TransferPlan;
  createdAt: string;
  decidedAt: string | null;
};

/** A transfer call as received, with the HTTP status it was answered (0: never answered). */
export type ReceivedTransfer = { reference: string; msisdn: string; amount: number; answer: number; at: string };

export type FakeTransfersOptions = {
  /** The reason (MTN) or response code (Airtel) of a declined transfer. */
  declineReason: string;
  newTransactionId(): string;
  declineSuffix?: string;
  pendingSuffix?: string;
  hangSuffix?: string;
  slowSuffix?: string;
};

const SLOW_STATUS_CALLS = 2;

export function createFakeTransfers(options: FakeTransfersOptions) {
  const declineSuffix = options.declineSuffix ?? '13';
  const pendingSuffix = options.pendingSuffix ?? '98';
  const hangSuffix = options.hangSuffix ?? '97';
  const slowSuffix = options.slowSuffix ?? '96';
  let transfers = new Map<string, FakeTransfer>();
  let received: ReceivedTransfer[] = [];
  let plans: TransferPlan[] = [];

  function planFor(msisdn: string): TransferPlan {
    const queued = plans.shift();
    if (queued) return queued;
    const plan: TransferPlan = { outcome: 'success', reason: options.declineReason, afterStatusCalls: 0, hang: false };
    if (msisdn.endsWith(declineSuffix)) return { ...plan, outcome: 'fail' };
    if (msisdn.endsWith(pendingSuffix)) return { ...plan, outcome: 'pending' };
    if (msisdn.endsWith(hangSuffix)) return { ...plan, hang: true };
    if (msisdn.endsWith(slowSuffix)) return { ...plan, afterStatusCalls: SLOW_STATUS_CALLS };
    return plan;
  }

  function decide(transfer: FakeTransfer, outcome: 'success' | 'fail', reason: string): boolean {
    if (transfer.state !== 'PENDING') return false;
    transfer.decidedAt = new Date().toISOString();
    if (outcome === 'success') {
      transfer.state = 'SUCCESSFUL';
      transfer.transactionId = options.newTransactionId();
    } else {
      transfer.state = 'FAILED';
      transfer.reason = reason;
    }
    return true;
  }

  return {
    /** The transfer under a reference, not counted as a status call. */
    get: (reference: string) => transfers.get(reference),

    /** Records a transfer call and the status it is answered with (0 when it is left unanswered). */
    receive(entry: Omit<ReceivedTransfer, 'at'>): void {
      received.push({ ...entry, at: new Date().toISOString() });
    },

    /** A new transfer, settled at once unless its plan keeps it pending; `unknownPayee`: failed with that reason. */
    create(reference: string, msisdn: string, amount: number, unknownPayee?: string): FakeTransfer {
      const plan = planFor(msisdn);
      const transfer: FakeTransfer = {
        reference,
        msisdn,
        amount,
        state: 'PENDING',
        reason: '',
        transactionId: '',
        statusCalls: 0,
        plan,
        createdAt: new Date().toISOString(),
        decidedAt: null,
      };
      transfers.set(reference, transfer);
      if (unknownPayee) decide(transfer, 'fail', unknownPayee);
      else if (plan.outcome !== 'pending' && plan.afterStatusCalls === 0) decide(transfer, plan.outcome, plan.reason);
      return transfer;
    },

    /** The transfer a status call asks about, counted; one planned to settle after N status calls settles then. */
    look(reference: string): FakeTransfer | undefined {
      const transfer = transfers.get(reference);
      if (!transfer) return undefined;
      transfer.statusCalls += 1;
      const { outcome, reason, afterStatusCalls } = transfer.plan;
      if (outcome !== 'pending' && transfer.statusCalls > afterStatusCalls) decide(transfer, outcome, reason);
      return transfer;
    },

    /** Handles /__fake/next and /__fake/decide; false for any other switch. */
    control(action: string, body: Record<string, unknown>, res: http.ServerResponse): boolean {
      const reason = typeof body.reason === 'string' && body.reason ? body.reason : options.declineReason;
      if (action === 'next') {
        const { outcome, afterStatusCalls, hang, times } = body;
        if (outcome !== 'success' && outcome !== 'fail' && outcome !== 'pending') {
          sendJson(res, 400, { error: "outcome must be 'success', 'fail' or 'pending'" });
          return true;
        }
        const count = typeof afterStatusCalls === 'number' && afterStatusCalls > 0 ? Math.floor(afterStatusCalls) : 0;
        for (let i = 0; i < (typeof times === 'number' && times > 0 ? times : 1); i++)
          plans.push({ outcome, reason, afterStatusCalls: count, hang: hang === true });
        sendJson(res, 200, { ok: true, queued: plans.length });
        return true;
      }
      if (action !== 'decide') return false;
      const transfer = typeof body.reference === 'string' ? transfers.get(body.reference) : undefined;
      if (!transfer) sendJson(res, 404, { error: 'No transfer has this reference' });
      else if (body.outcome !== 'success' && body.outcome !== 'fail') sendJson(res, 400, { error: "outcome must be 'success' or 'fail'" });
      else if (decide(transfer, body.outcome, reason)) sendJson(res, 200, { ok: true, state: transfer.state });
      else sendJson(res, 409, { error: `Already ${transfer.state}` });
      return true;
    },

    state: () => ({ transfers: [...transfers.values()], received }),

    reset(): void {
      transfers = new Map();
      received = [];
      plans = [];
    },
  };
}

/** What GET /__fake/state of a disbursement fake answers, besides the calls and tokens every fake network records. */
export type FakeTransfersState = { tokensIssued: number; transfers: FakeTransfer[]; received: ReceivedTransfer[] };
