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
import { and, count, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { orders, smsMessages, users } from '../db/schema';
import { promptsSentToSql } from '../payments/payment-limits';
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

type Buyer = { account: number | null; ownNumber: string | null };

/** The buyer of each order, read in one query. */
async function buyersOf(db: Database, orderIds: readonly number[]): Promise<Map<number, Buyer>> {
  const buyers = new Map<number, Buyer>();
  if (orderIds.length === 0) return buyers;
  const rows = await db
    .select({ order: orders.id, account: orders.user_id, loginPhone: users.login_phone })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.user_id))
    .where(inArray(orders.id, [...orderIds]));
  for (const row of rows) {
    const msisdn = row.loginPhone ? ugandanMsisdn(row.loginPhone) : null;
    buyers.set(row.order, { account: row.account ?? null, ownNumber: msisdn ? `+${msisdn}` : null });
  }
  return buyers;
}

/**
 * Locks what the texts will be counted against, accounts first and each kind in one order, so two changes texting
 * the same numbers wait for each other instead of locking each other out. One statement: its rows are taken in
 * the order of the lists (an Append runs its parts one after the other, and unnest gives an array in its order).
 */
async function lockBudgets(db: Database, numbers: Iterable<string>, accounts: Iterable<number>): Promise<void> {
  const accountList = [...new Set(accounts)].toSorted((a, b) => a - b);
  const numberList = [...new Set(numbers)].toSorted();
  if (accountList.length === 0 && numberList.length === 0) return;
  await db.execute(sql`SELECT count(*) FROM (
    SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}::integer, account) FROM unnest(${`{${accountList.join(',')}}`}::integer[]) AS account
    UNION ALL
    SELECT pg_advisory_xact_lock(${NUMBER_LOCK}::integer, hashtext(number)) FROM unnest(${textArray(numberList)}::text[]) AS number
  ) AS locked`);
}

/** A PostgreSQL array literal of texts (numbers in international form: digits and a plus). */
const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** What a text is weighed against: the texts counted for its number, its account and the store, in each window. */
type Counts = { numberTenMinutes: number; numberDay: number; prompts: number; accountHour: number; accountDay: number; storeHour: number };

/** A number other than an order's buyer's, and a text of the order it may have had once. */
const contactKey = (text: TextToWeigh & { orderId: number }) => `${text.orderId} ${text.recipient} ${text.kind}`;

/**
 * Every count the texts are weighed against, in one round trip (each count a subquery on its own index) rather than
 * a few queries per text: they are read inside the write's transaction, under the budgets' locks, which are held
 * until it commits. Texts of the same change are then counted against each other as they are weighed (`weighTexts`).
 */
async function countsFor(
  db: Database,
  recipients: readonly string[],
  accounts: readonly number[],
  contacts: readonly (TextToWeigh & { orderId: number })[],
): Promise<{
  number: (recipient: string) => Pick<Counts, 'numberTenMinutes' | 'numberDay' | 'prompts'>;
  account: (account: number) => Pick<Counts, 'accountHour' | 'accountDay'>;
  storeHour: number;
  contact: (key: string) => number;
}> {
  const texts = (...where: SQL[]) =>
    db
      .select({ n: count() })
      .from(smsMessages)
      .where(and(counted, ...where));
  const columns: SQL[] = [sql`(${texts(since('1 hour'))}) AS "storeHour"`];
  recipients.forEach((recipient, index) => {
    columns.push(
      sql`(${texts(eq(smsMessages.recipient, recipient), since('10 minutes'))}) AS ${sql.identifier(`n${index}TenMinutes`)}`,
      sql`(${texts(eq(smsMessages.recipient, recipient), since('1 day'))}) AS ${sql.identifier(`n${index}Day`)}`,
      sql`${promptsSentToSql(recipient.slice(1))} AS ${sql.identifier(`n${index}Prompts`)}`,
    );
  });
  accounts.forEach((account, index) => {
    columns.push(
      sql`(${texts(eq(smsMessages.account_id, account), since('1 hour'))}) AS ${sql.identifier(`a${index}Hour`)}`,
      sql`(${texts(eq(smsMessages.account_id, account), since('1 day'))}) AS ${sql.identifier(`a${index}Day`)}`,
    );
  });
  contacts.forEach((text, index) => {
    const before = texts(eq(smsMessages.order_id, text.orderId), eq(smsMessages.recipient, text.recipient), eq(smsMessages.kind, text.kind));
    columns.push(sql`(${before}) AS ${sql.identifier(`c${index}`)}`);
  });
  const [row] = rowsOf<Record<string, number | string>>(await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`));
  const read = (name: string) => Number(row![name] ?? 0);
  const contactIndex = new Map(contacts.map((text, index) => [contactKey(text), index]));
  return {
    number: (recipient) => {
      const index = recipients.indexOf(recipient);
      return { numberTenMinutes: read(`n${index}TenMinutes`), numberDay: read(`n${index}Day`), prompts: read(`n${index}Prompts`) };
    },
    account: (account) => {
      const index = accounts.indexOf(account);
      return { accountHour: read(`a${index}Hour`), accountDay: read(`a${index}Day`) };
    },
    storeHour: read('storeHour'),
    contact: (key) => read(`c${contactIndex.get(key)}`),
  };
}

/** Why a number past its share may not have the text, or null. Codes may use the last text of each window. */
function numberRefusal(text: TextToWeigh, counts: Counts): string | null {
  const [tenMinutes, day] = config.SMS_NUMBER_LIMITS;
  const kept = CODE_KINDS.has(text.kind) ? 0 : 1;
  const recent = counts.numberTenMinutes + counts.prompts;
  if (recent >= Math.max(1, tenMinutes - kept)) return `the number has had ${recent} texts and requests to pay in 10 minutes (at most ${tenMinutes})`;
  const today = counts.numberDay + counts.prompts;
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

const CONTACT_KIND_REFUSAL = "not the buyer's own number: it hears only that the order is placed and on its way";
const CONTACT_REPEAT_REFUSAL = "not the buyer's own number: it has had this text of the order";

/**
 * Weighs texts about to be written in the caller's transaction, in order: each verdict says whose budget the text
 * counts against and why it is held back (null: it may go). The texts of one change count against each other: a
 * text that may go counts for the ones after it, as it would once written. Four round trips however many texts:
 * the orders' buyers, the locks, the counts; the caller writes the texts in one more.
 */
export async function weighTexts(db: Database, texts: readonly TextToWeigh[]): Promise<Verdict[]> {
  const buyers = await buyersOf(db, [...new Set(texts.flatMap((text) => (text.orderId == null ? [] : [text.orderId])))]);
  const buyerFor = (text: TextToWeigh) => (text.orderId == null ? undefined : buyers.get(text.orderId));
  const accountOf = (text: TextToWeigh) => (text.account !== undefined ? text.account : (buyerFor(text)?.account ?? null));
  if (config.SMS_DISABLED) return texts.map((text) => ({ account: accountOf(text), skip: 'texts are off (SMS_DISABLED=1)' }));
  const accounts = [...new Set(texts.flatMap((text) => accountOf(text) ?? []))];
  const recipients = [...new Set(texts.map((text) => text.recipient))];
  await lockBudgets(db, recipients, accounts);
  const isContact = (text: TextToWeigh): text is TextToWeigh & { orderId: number } => {
    const buyer = buyerFor(text);
    return text.orderId != null && buyer !== undefined && !VENDOR_KINDS.has(text.kind) && text.recipient !== buyer.ownNumber;
  };
  const contacts = texts.filter(isContact).filter((text) => CONTACT_KINDS.has(text.kind));
  const read = await countsFor(db, recipients, accounts, contacts);

  // What the texts weighed so far add to the counts: each that may go counts as a text written now.
  const addedByNumber = new Map<string, number>();
  const addedByAccount = new Map<number, number>();
  const addedByContact = new Map<string, number>();
  let addedToStore = 0;
  return texts.map((text) => {
    const account = accountOf(text);
    const counts: Counts = {
      ...read.number(text.recipient),
      ...(account === null ? { accountHour: 0, accountDay: 0 } : read.account(account)),
      storeHour: read.storeHour + addedToStore,
    };
    const fromNumber = addedByNumber.get(text.recipient) ?? 0;
    counts.numberTenMinutes += fromNumber;
    counts.numberDay += fromNumber;
    const fromAccount = account === null ? 0 : (addedByAccount.get(account) ?? 0);
    counts.accountHour += fromAccount;
    counts.accountDay += fromAccount;
    let skip: string | null = null;
    if (isContact(text)) {
      if (!CONTACT_KINDS.has(text.kind)) skip = CONTACT_KIND_REFUSAL;
      else if (read.contact(contactKey(text)) + (addedByContact.get(contactKey(text)) ?? 0) > 0) skip = CONTACT_REPEAT_REFUSAL;
    }
    skip ??= numberRefusal(text, counts) ?? (account === null ? null : accountRefusal(account, counts)) ?? storeRefusal(counts);
    if (!skip) {
      addedByNumber.set(text.recipient, fromNumber + 1);
      if (account !== null) addedByAccount.set(account, fromAccount + 1);
      if (isContact(text)) addedByContact.set(contactKey(text), (addedByContact.get(contactKey(text)) ?? 0) + 1);
      addedToStore++;
    }
    return { account, skip };
  });
}
