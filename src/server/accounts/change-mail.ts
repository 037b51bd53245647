/**
 * The mails about a change of where a vendor's payouts go, or of how the store reaches an account (its shop's
 * phone, its own phone, its email), in the account's language (the catalogue's `notify.mail.changes`). They go to
 * the address on record before the change as well as after it, so an owner whose session was used hears of it.
 */
import type { Mail } from '../mail-message';
import type { ContactChange, PayoutDestination } from '../events/store-events';
import type { MailedAccount } from './account-mail';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { maskedNumber, shownContact } from '../../lib/phone-on-record';
import { STORE } from '../../lib/store';

function wordsIn(language: Language) {
  const { t, fill } = pageTranslator(language);
  const words = t.notify.mail.changes;
  return { t, fill, words, signature: fill(words.signature, { phone: STORE.phone, store: STORE.name }) };
}

/** Each address once, none empty. */
const addresses = (emails: readonly string[]) => [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];

/** The mails about changed phones or email, one to each address (before and after). */
export function contactChangedMails(account: { first_name: string; language: Language }, changes: readonly ContactChange[], emails: readonly string[]): Mail[] {
  const { fill, words, signature } = wordsIn(account.language);
  const lines = changes
    .map((change) =>
      fill(words.contact.line, {
        what: words.fields[change.field],
        after: shownContact(change.field, change.after),
        before: shownContact(change.field, change.before),
      }),
    )
    .join('\n');
  const subject = fill(words.contact.subject, { store: STORE.name });
  const text = fill(words.contact.text, { hello: fill(words.hello, { name: account.first_name }), lines, signature });
  return addresses(emails).map((to) => ({ to, subject, text }));
}

/** The mail about where a vendor's payouts go now, with the link that undoes the change while its payouts wait. */
export function payoutMethodChangedMail(
  account: MailedAccount,
  change: { after: PayoutDestination; before: PayoutDestination | null; undo: { link: string; waitHours: number } | null },
): Mail[] {
  const { t, fill, words, signature } = wordsIn(account.language);
  const describe = (destination: PayoutDestination) =>
    fill(t.notify.sms.payoutMethod[destination.method], {
      number: maskedNumber(destination.method === 'bank' ? destination.account_number : destination.phone, destination.method),
    });
  const what = change.before
    ? fill(words.payout.changed, { after: describe(change.after), before: describe(change.before) })
    : fill(words.payout.first, { after: describe(change.after) });
  const undo = change.undo ? fill(words.payout.undo, { hours: String(change.undo.waitHours), link: change.undo.link }) : '';
  const text = fill(words.payout.text, { hello: fill(words.hello, { name: account.first_name }), what, undo, signature });
  return addresses([account.email]).map((to) => ({ to, subject: fill(words.payout.subject, { store: STORE.name }), text }));
}
