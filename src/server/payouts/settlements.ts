/**
 * What vendors pay the store for the cash on delivery their riders kept (owns the settlements table and the
 * vendor_earnings lines of kind settlement). A vendor settles by mobile money: the store asks the vendor's MTN MoMo
 * or Airtel Money number for what it owes through the same collection gateways, limits and callbacks as a buyer's
 * payment, and only the network's own answer completes it. An administrator may record money received by hand.
 * A settlement completes once: its ledger line is unique, written under the vendor's balance lock.
 *
 * A vendor owing more than COD_CREDIT_LIMIT has cash on delivery switched off for its items until it settles
 * (vendorsPastCreditLimit, asked when an order is placed or switched to cash).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { settlements, users, vendorEarnings } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin } from '../accounts/roles';
import { lockVendorBalance, owedNow, owedSum } from './balances';
import { codCreditLimit } from './payout-settings';
import { approvalWindowMs } from '../payments/approval-window';
import { PaymentGatewayError } from '../payments/gateway';
import { gatewayNamed, notificationPath, notPaidAsAsked } from '../payments/payments';
import { giveBackPromptFor, mayAskNetworkNow, takePromptFor } from '../payments/payment-limits';
import { networkOf, ugandanMsisdn, type MobileMoneyGateway } from '../../lib/mobile-money';
import { sayMessage } from '../../lib/messages/say-message';
import { MOBILE_MONEY_MESSAGES } from '../../lib/messages/mobile-money-messages';
import { message } from '../../lib/messages/message';
import { STORE } from '../../lib/store';
import { log } from '../log';

export type Settlement = typeof settlements.$inferSelect;

/** How long a settlement still waiting is asked about; the networks give up long before. */
const WATCH_WAITING_MS = 24 * 60 * 60_000;

/** Unique per request, told apart from a payment's (DK-) by its prefix. */
const merchantReference = (vendorId: number) => `DS-${vendorId}-${randomBytes(5).toString('hex')}`;

/** What a settlement looks like to its vendor and to administrators. */
export function settlementView(settlement: Settlement) {
  const { id, vendor_id, amount, currency, method, phone, status, reference, failure_reason, completed_at, created_at } = settlement;
  return {
    id,
    vendor_id,
    amount,
    currency,
    method,
    phone,
    status,
    reference,
    failure_reason,
    completed_at: completed_at?.toISOString() ?? null,
    created_at: created_at.toISOString(),
  };
}

export type SettlementView = ReturnType<typeof settlementView>;

/**
 * Asks the vendor's MTN MoMo or Airtel Money number (`phone`) for everything it owes. Refused when the number has had
 * its share of requests to pay, when the vendor owes nothing, or when an earlier request may still be approved on
 * the phone (approving both would pay twice). Answers the settlement, waiting for the vendor's approval or failed.
 */
export async function settleOwed(vendor: SessionUser, phone: string, origin: string): Promise<SettlementView> {
  if (vendor.user_type !== 'Vendor') throw new Forbidden(message('payoutRun', 'settleVendorsOnly'));
  const msisdn = ugandanMsisdn(phone);
  const network = networkOf(phone);
  if (!msisdn || !network) throw new Invalid(message('payoutRun', 'settlePhone'));
  const gateway = gatewayNamed(network);
  if (!gateway.isConfigured()) throw new Invalid(message('payoutRun', 'settleNetworkOff', MOBILE_MONEY_MESSAGES.networkName(network)));

  const db = await getDb();
  await takePromptFor(msisdn);
  const settlement = await db
    .transaction(async (tx) => {
      await lockVendorBalance(tx, vendor.id);
      const owed = await owedNow(tx, vendor.id);
      if (owed <= 0) throw new Conflict(message('payoutRun', 'nothingOwed'));
      const [waiting] = await tx
        .select({ id: settlements.id })
        .from(settlements)
        .where(
          and(
            eq(settlements.vendor_id, vendor.id),
            eq(settlements.status, 'PENDING'),
            gt(settlements.created_at, sql`clock_timestamp() - make_interval(secs => ${approvalWindowMs() / 1000})`),
          ),
        )
        .limit(1);
      if (waiting) throw new Conflict(message('mobileMoney', 'stillOpen'));
      const [created] = await tx
        .insert(settlements)
        .values({ vendor_id: vendor.id, amount: owed, method: network, phone: `+${msisdn}`, merchant_reference: merchantReference(vendor.id) })
        .returning();
      return created!;
    })
    .catch(async (error: unknown) => {
      // No request is sent to the number after all.
      await giveBackPromptFor(msisdn);
      throw error;
    });

  let started;
  try {
    started = await gateway.start({
      orderId: 0,
      merchantReference: settlement.merchant_reference,
      amount: settlement.amount,
      description: `${STORE.name}: cash on delivery owed by vendor ${vendor.id}`,
      customer: { firstName: vendor.first_name, lastName: vendor.last_name, email: vendor.email, phone: `+${msisdn}` },
      payerPhone: msisdn,
      lines: [{ name: 'Cash on delivery owed', unitPrice: settlement.amount, quantity: 1 }],
      callbackUrl: `${origin}/vendor-dashboard/payouts`,
      cancelUrl: `${origin}/vendor-dashboard/payouts`,
      notificationUrl: `${origin}${notificationPath(network)}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    const reference = error.details.gateway_reference;
    if (!error.details.maybe_sent || typeof reference !== 'string') return settlementView(await failSettlement(settlement.id, sayMessage(error.said, 'en')));
    // The request may have reached the network: it waits under its reference, and asking about it settles it.
    started = { gatewayReference: reference, details: {} as Record<string, unknown> };
  }
  const currency = typeof started.details.currency === 'string' ? started.details.currency : settlement.currency;
  const [saved] = await db
    .update(settlements)
    .set({ gateway_reference: started.gatewayReference, currency, updated_at: new Date() })
    .where(eq(settlements.id, settlement.id))
    .returning();
  return settlementView(saved!);
}

async function failSettlement(id: number, reason: string): Promise<Settlement> {
  const db = await getDb();
  const [failed] = await db
    .update(settlements)
    .set({ status: 'FAILED', failure_reason: reason.slice(0, 500), updated_at: new Date() })
    .where(and(eq(settlements.id, id), eq(settlements.status, 'PENDING')))
    .returning();
  return failed ?? (await db.select().from(settlements).where(eq(settlements.id, id)))[0]!;
}

/**
 * Completes a settlement once, under the vendor's balance lock: its status and its ledger line together. A second
 * call (a repeated callback, another instance) finds it completed and changes nothing.
 */
async function completeSettlement(tx: Database, id: number, reference: string, recordedBy: number | null = null): Promise<Settlement | null> {
  const [current] = await tx.select().from(settlements).where(eq(settlements.id, id));
  if (!current) return null;
  await lockVendorBalance(tx, current.vendor_id);
  const [completed] = await tx
    .update(settlements)
    .set({ status: 'COMPLETED', reference, recorded_by: recordedBy, completed_at: new Date(), updated_at: new Date() })
    .where(and(eq(settlements.id, id), eq(settlements.status, 'PENDING')))
    .returning();
  if (!completed) return null;
  await tx
    .insert(vendorEarnings)
    .values({
      vendor_id: completed.vendor_id,
      kind: 'settlement',
      settlement_id: completed.id,
      gross: completed.amount,
      commission: 0,
      net: completed.amount,
      available_at: sql`now()`,
    })
    .onConflictDoNothing();
  return completed;
}

/**
 * Asks the network how a settlement still waiting stands and records its answer: paid (for the amount and currency
 * asked) completes it, failed fails it, still waiting changes nothing. A network out of reach is asked again later.
 */
export async function refreshSettlement(settlement: Settlement): Promise<Settlement> {
  if (settlement.status !== 'PENDING' || !settlement.gateway_reference || settlement.method === 'hand') return settlement;
  let checked;
  try {
    checked = await gatewayNamed(settlement.method).check(settlement.gateway_reference);
  } catch (error) {
    if (error instanceof PaymentGatewayError) return settlement;
    throw error;
  }
  if (checked.status === 'COMPLETED') {
    const wrong = notPaidAsAsked({ amount: settlement.amount, details: { currency: settlement.currency } }, checked.details);
    if (wrong) {
      log.error(`[payouts] settlement ${settlement.id}: ${wrong}; not recorded as paid`);
      return settlement;
    }
    const transactionId = String(checked.details.financial_transaction_id ?? '');
    const db = await getDb();
    const done = await db.transaction((tx) => completeSettlement(tx, settlement.id, transactionId || settlement.gateway_reference));
    if (done) log.info(`[payouts] vendor ${done.vendor_id} settled UGX ${done.amount} by ${done.method}`);
    return done ?? (await settlementById(settlement.id))!;
  }
  if (checked.status === 'FAILED' || checked.status === 'CANCELLED') {
    const said = checked.details.error;
    return failSettlement(settlement.id, typeof said === 'string' && said ? said : 'The network declined the request');
  }
  return settlement;
}

async function settlementById(id: number): Promise<Settlement | null> {
  const [found] = await (await getDb()).select().from(settlements).where(eq(settlements.id, id));
  return found ?? null;
}

/**
 * A network's callback naming this merchant reference, when it is a settlement's: the network is asked (at most
 * once per settlement in a few seconds, however many callbacks come). False when no such settlement exists.
 */
export async function handleSettlementCallback(network: MobileMoneyGateway, merchantReference: string): Promise<boolean> {
  const db = await getDb();
  const [settlement] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.method, network), eq(settlements.merchant_reference, merchantReference)))
    .limit(1);
  if (!settlement || !settlement.gateway_reference) return false;
  if (await mayAskNetworkNow(settlement.id, 'settlement')) await refreshSettlement(settlement);
  return true;
}

/** Asks the networks about every settlement still waiting (the mobile money reconciler's round). */
export async function reconcileSettlements(now = Date.now()): Promise<{ asked: number; moved: number }> {
  const db = await getDb();
  const waiting = await db
    .select()
    .from(settlements)
    .where(
      and(
        eq(settlements.status, 'PENDING'),
        inArray(settlements.method, ['mtn_momo', 'airtel_money']),
        gt(settlements.created_at, new Date(now - WATCH_WAITING_MS)),
      ),
    );
  let asked = 0;
  let moved = 0;
  for (const settlement of waiting) {
    if (settlement.method === 'hand' || !gatewayNamed(settlement.method).isConfigured() || !settlement.gateway_reference) continue;
    if (!(await mayAskNetworkNow(settlement.id, 'settlement'))) continue;
    asked++;
    if ((await refreshSettlement(settlement)).status !== 'PENDING') moved++;
  }
  return { asked, moved };
}

/**
 * A vendor's settlements, newest first (an administrator: every vendor's, or the one named). Those still waiting
 * are asked about first, so a vendor watching its page sees the approval land without waiting for the reconciler.
 */
export async function listSettlements(vendorId: number | null): Promise<SettlementView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(settlements)
    .where(vendorId === null ? undefined : eq(settlements.vendor_id, vendorId))
    .orderBy(desc(settlements.id))
    .limit(100);
  const fresh = await Promise.all(
    rows.map(async (row) =>
      row.status === 'PENDING' && row.method !== 'hand' && (await mayAskNetworkNow(row.id, 'settlement')) ? refreshSettlement(row) : row,
    ),
  );
  return fresh.map(settlementView);
}

/**
 * An administrator records money a vendor paid by hand (a bank deposit, cash at the office) with its receipt:
 * completed at once, never more than the vendor owes.
 */
export async function recordHandSettlement(admin: SessionUser, vendorId: number, amount: number, reference: string): Promise<SettlementView> {
  if (!isAdmin(admin)) throw new Forbidden(message('role', 'adminOnly'));
  const db = await getDb();
  const [vendor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, vendorId), eq(users.user_type, 'Vendor')));
  if (!vendor) throw new NotFound(message('vendor', 'notFound'));
  const settlement = await db.transaction(async (tx) => {
    await lockVendorBalance(tx, vendorId);
    const owed = await owedNow(tx, vendorId);
    if (owed <= 0) throw new Conflict(message('payoutRun', 'nothingOwed'));
    if (amount > owed) throw new Invalid(message('payoutRun', 'moreThanOwed', owed));
    return settleByHand(tx, vendorId, amount, reference, admin.id);
  });
  return settlementView(settlement);
}

/** Writes money a vendor paid by hand as a completed settlement with its ledger line (inside the caller's transaction). */
export async function settleByHand(tx: Database, vendorId: number, amount: number, reference: string, recordedBy: number | null): Promise<Settlement> {
  const [created] = await tx
    .insert(settlements)
    .values({ vendor_id: vendorId, amount, method: 'hand', merchant_reference: merchantReference(vendorId), recorded_by: recordedBy })
    .returning();
  return (await completeSettlement(tx, created!.id, reference, recordedBy))!;
}

/** Vendors that owe the store now, most first, with whether cash on delivery is off for their items. */
export async function owingVendors(): Promise<{ vendor_id: number; name: string; owed: number; cash_on_delivery_off: boolean }[]> {
  const db = await getDb();
  const owed = owedSum();
  const rows = await db
    .select({ vendor_id: vendorEarnings.vendor_id, owed, business_name: users.business_name, first_name: users.first_name, last_name: users.last_name })
    .from(vendorEarnings)
    .innerJoin(users, eq(users.id, vendorEarnings.vendor_id))
    .groupBy(vendorEarnings.vendor_id, users.business_name, users.first_name, users.last_name)
    .having(sql`${owed} > 0`)
    .orderBy(desc(owed));
  const limit = codCreditLimit();
  return rows.map((row) => ({
    vendor_id: row.vendor_id,
    name: row.business_name || `${row.first_name} ${row.last_name}`,
    owed: Number(row.owed),
    cash_on_delivery_off: Number(row.owed) > limit,
  }));
}

/** Of these vendors, those owing more than COD_CREDIT_LIMIT: cash on delivery is off for their items. */
export async function vendorsPastCreditLimit(db: Database, vendorIds: readonly number[]): Promise<Set<number>> {
  if (vendorIds.length === 0) return new Set();
  const owed = owedSum();
  const rows = await db
    .select({ vendor_id: vendorEarnings.vendor_id })
    .from(vendorEarnings)
    .where(inArray(vendorEarnings.vendor_id, [...vendorIds]))
    .groupBy(vendorEarnings.vendor_id)
    .having(sql`${owed} > ${codCreditLimit()}`);
  return new Set(rows.map((row) => row.vendor_id));
}
