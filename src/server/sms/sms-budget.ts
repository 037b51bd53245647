/**
 * The texts' budget: every text passes here before it is written to sms_messages (queueTexts and sendCodeText in
 * sms.ts), so no way of making the store text someone (an order, a payment, a payout, a code, a reminder, or any
 * text added later) can be turned into a flood the store pays for. What the budget holds back is written as
 * skipped, with why; it is never an error for the change that asked for the text.
 *
 * - A number gets at most SMS_NUMBER_LIMITS texts in 10 minutes and in a day, codes and requests to pay included.
 *   The last one of each window is kept for a code, so texts a stranger causes cannot keep an owner's login code
 *   from reaching its phone.
 * - The account whose doing a text reports (an order's or a return's buyer, a vendor's payout) causes at most
 *   SMS_ACCOUNT_LIMITS texts in an hour and in a day, to whichever numbers.
 * - The store sends at most SMS_HOURLY_LIMIT texts in an hour.
 * - A number written on an order that is not the buyer's own (the phone the account logs in with and gets its
 *   codes on) gets that order's "placed" and "on the way" texts only, once each: a delivery contact hears that the
 *   parcel comes, and nothing of payments, cancellations or returns.
 *
 * Everything is counted in the database, so every instance shares the budget. A number's and an account's texts are
 * counted under a lock on each (held to the end of the transaction), so texts queued at once never pass a limit
 * together; the store-wide count is not locked (it would put every text-writing change in one line) and may pass
 * its limit by the few texts written at the very same moment.
 */
import { and, count, eq, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { orders, smsMessages, users } from '../db/schema';
import { promptsSentTo } from '../payments/payment-limits';
import { ugandanMsisdn } from '../../lib/mobile-money';
import { config } from '../config';
import type { TextKind } from './text-kinds';

/** A text about to be written: its number in international form (+2567XXXXXXXX), and whose doing it reports when known. */
export type TextToWeigh = { recipient: string; kind: TextKind; orderId?: number | null; account?: number | null };
export type Verdict = { account: number | null; skip: string | null };

const CODE_KINDS: ReadonlySet<TextKind> = new Set(['login_code', 'reset_code', 'change_code']);
/** Texts about an order that go to its vendors, not to the number the buyer wrote. */
const VENDOR_KINDS: ReadonlySet<TextKind> = new Set(['vendor_new_order', 'vendor_return_requested', 'vendor_part_disputed']);
/** What a number that is not the buyer's own hears of an order. */
const CONTACT_KINDS: ReadonlySet<TextKind> = new Set(['order_placed', 'order_shipped']);

/** Arbitrary: the first halves of the advisory locks taken on a number and on an account while their texts are counted. */
const NUMBER_LOCK = 37_011;
const ACCOUNT_LOCK = 37_012;

/** Texts that cost something or will: all but those held back here and those never sent (a number that is no mobile). */
const counted = and(ne(smsMessages.status, 'skipped'), or(ne(smsMessages.status, 'failed'), gt(smsMessages.attempts, 0)));
const since = (interval: string) => gt(smsMessages.created_at, sql`now() - ${interval}::interval`);

async function countTexts(db: Database, ...where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsMessages)
    .where(and(counted, ...where));
  return row?.n ?? 0;
}

type Buyer = { account: number | null; ownNumber: string | null };

async function buyerOf(db: Database, orderId: number): Promise<Buyer> {
  const [row] = await db
    .select({ account: orders.user_id, loginPhone: users.login_phone })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.user_id))
    .where(eq(orders.id, orderId));
  const msisdn = row?.loginPhone ? ugandanMsisdn(row.loginPhone) : null;
  return { account: row?.account ?? null, ownNumber: msisdn ? `+${msisdn}` : null };
}

/**
 * Locks what the texts will be counted against, accounts first and each kind in one order, so two changes texting
 * the same numbers wait for each other instead of locking each other out.
 */
async function lockBudgets(db: Database, numbers: Iterable<string>, accounts: Iterable<number>): Promise<void> {
  for (const account of [...new Set(accounts)].toSorted((a, b) => a - b)) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}::integer, ${account}::integer)`);
  }
  for (const number of [...new Set(numbers)].toSorted()) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${NUMBER_LOCK}::integer, hashtext(${number}))`);
  }
}

/** Why a number other than the buyer's own may not have this text of the order, or null when it may. */
async function contactRefusal(db: Database, text: TextToWeigh & { orderId: number }): Promise<string | null> {
  if (!CONTACT_KINDS.has(text.kind)) return "not the buyer's own number: it hears only that the order is placed and on its way";
  const before = await countTexts(db, eq(smsMessages.order_id, text.orderId), eq(smsMessages.recipient, text.recipient), eq(smsMessages.kind, text.kind));
  return before > 0 ? "not the buyer's own number: it has had this text of the order" : null;
}

/** What a text is weighed against: the texts counted for its number, its account and the store, in each window. */
type Counts = { numberTenMinutes: number; numberDay: number; accountHour: number; accountDay: number; storeHour: number };

/**
 * The counts for one text in one round trip (each count a subquery on its own index) rather than one query each:
 * they are read inside the write's transaction, under the budgets' locks, which are held until it commits.
 */
async function countsFor(db: Database, recipient: string, account: number | null): Promise<Counts> {
  const texts = (...where: SQL[]) =>
    db
      .select({ n: count() })
      .from(smsMessages)
      .where(and(counted, ...where));
  const byAccount = (interval: string) => (account === null ? sql`0` : texts(eq(smsMessages.account_id, account), since(interval)));
  const [row] = rowsOf<Record<keyof Counts, number | string>>(
    await db.execute(sql`SELECT
      (${texts(eq(smsMessages.recipient, recipient), since('10 minutes'))}) AS "numberTenMinutes",
      (${texts(eq(smsMessages.recipient, recipient), since('1 day'))}) AS "numberDay",
      (${byAccount('1 hour')}) AS "accountHour",
      (${byAccount('1 day')}) AS "accountDay",
      (${texts(since('1 hour'))}) AS "storeHour"`),
  );
  return {
    numberTenMinutes: Number(row!.numberTenMinutes),
    numberDay: Number(row!.numberDay),
    accountHour: Number(row!.accountHour),
    accountDay: Number(row!.accountDay),
    storeHour: Number(row!.storeHour),
  };
}

/** Why a number past its share may not have the text, or null. Codes may use the last text of each window. */
function numberRefusal(text: TextToWeigh, counts: Counts, prompts: number): string | null {
  const [tenMinutes, day] = config.SMS_NUMBER_LIMITS;
  const kept = CODE_KINDS.has(text.kind) ? 0 : 1;
  const recent = counts.numberTenMinutes + prompts;
  if (recent >= Math.max(1, tenMinutes - kept)) return `the number has had ${recent} texts and requests to pay in 10 minutes (at most ${tenMinutes})`;
  const today = counts.numberDay + prompts;
  if (today >= Math.max(1, day - kept)) return `the number has had ${today} texts and requests to pay in a day (at most ${day})`;
  return null;
}

function accountRefusal(account: number, counts: Counts): string | null {
  const [hour, day] = config.SMS_ACCOUNT_LIMITS;
  if (counts.accountHour >= hour) return `account ${account} has caused ${counts.accountHour} texts in an hour (at most ${hour})`;
  if (counts.accountDay >= day) return `account ${account} has caused ${counts.accountDay} texts in a day (at most ${day})`;
  return null;
}

function storeRefusal(counts: Counts): string | null {
  return counts.storeHour >= config.SMS_HOURLY_LIMIT
    ? `the store has sent ${counts.storeHour} texts in an hour (SMS_HOURLY_LIMIT is ${config.SMS_HOURLY_LIMIT})`
    : null;
}

/**
 * Weighs texts about to be written in the caller's transaction, in order: each verdict says whose budget the text
 * counts against and why it is held back (null: it may go). The caller writes each text before weighing the next
 * (`write`), so the texts of one change count against each other.
 */
export async function weighTexts<Text extends TextToWeigh>(
  db: Database,
  texts: readonly Text[],
  write: (text: Text, verdict: Verdict) => Promise<void>,
): Promise<void> {
  const buyers = new Map<number, Buyer>();
  for (const text of texts) if (text.orderId != null && !buyers.has(text.orderId)) buyers.set(text.orderId, await buyerOf(db, text.orderId));
  const buyerFor = (text: TextToWeigh) => (text.orderId == null ? undefined : buyers.get(text.orderId));
  const accountOf = (text: TextToWeigh) => (text.account !== undefined ? text.account : (buyerFor(text)?.account ?? null));
  if (!config.SMS_DISABLED) {
    await lockBudgets(
      db,
      texts.map((text) => text.recipient),
      texts.flatMap((text) => accountOf(text) ?? []),
    );
  }
  for (const text of texts) {
    const account = accountOf(text);
    await write(text, { account, skip: await refusal(db, text, account, buyerFor(text)) });
  }
}

async function refusal(db: Database, text: TextToWeigh, account: number | null, buyer: Buyer | undefined): Promise<string | null> {
  if (config.SMS_DISABLED) return 'texts are off (SMS_DISABLED=1)';
  if (text.orderId != null && buyer && !VENDOR_KINDS.has(text.kind) && text.recipient !== buyer.ownNumber) {
    const refused = await contactRefusal(db, { ...text, orderId: text.orderId });
    if (refused) return refused;
  }
  const prompts = await promptsSentTo(db, text.recipient.slice(1));
  const counts = await countsFor(db, text.recipient, account);
  return numberRefusal(text, counts, prompts) ?? (account === null ? null : accountRefusal(account, counts)) ?? storeRefusal(counts);
}
