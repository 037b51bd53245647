/**
 * The text about a change of how the store reaches an account (its shop's phone, its own phone, its email), queued
 * inside the change's transaction (see sms.ts) to the numbers on record before and after it: the one before is
 * the owner's, who must hear of a change someone else made with their session.
 */
import type { Database } from '../db/client';
import type { ContactChange, StoreEvents } from '../events/store-events';
import { toGsm7 } from '../../lib/gsm7';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { shownContact } from '../../lib/phone-on-record';
import { ugandanMsisdn } from '../../lib/mobile-money';
import { STORE } from '../../lib/store';
import { PREFIX } from './order-texts';
import { queueTexts } from './sms';

/** The text: each change and what it is now, then whom to call. */
export function contactChangedText(language: Language, changes: readonly ContactChange[]): string {
  const { t, fill } = pageTranslator(language);
  const texts = t.notify.sms.contact;
  const lines = changes.map((change) => fill(texts.line, { what: texts[change.field], after: shownContact(change.field, change.after) }));
  return toGsm7(PREFIX + fill(texts.changed, { changes: lines.join(texts.and), phone: STORE.phone }));
}

/** Queues the text to the numbers on record before and after the change (once when they are the same). */
export async function textContactChanged(tx: Database, { account, changes, phones }: StoreEvents['contact.changed']): Promise<void> {
  const body = contactChangedText(account.language, changes);
  const numbers = new Map<string, string>();
  for (const phone of [phones.before, phones.after]) if (phone) numbers.set(ugandanMsisdn(phone) ?? phone, phone);
  await queueTexts(
    tx,
    [...numbers.values()].map((to) => ({ to, kind: 'contact_changed' as const, body })),
  );
}
