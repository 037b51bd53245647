/**
 * Which of an account's phones the store texts it on (what it is told about its shop, its money and its changes), and
 * how texts, mails and replies show a phone, an email or a payout account without giving it away.
 */
import { ugandanE164, ugandanMsisdn } from './mobile-money';

/**
 * The number on record: the shop's phone if it is a mobile, else the account's own if that is, else the shop's
 * (a text to it is recorded as not sendable). A buyer has no shop phone: its own.
 */
export function phoneOnRecord(phones: { shop: string; own: string } | undefined): string {
  if (!phones) return '';
  if (ugandanMsisdn(phones.shop)) return phones.shop;
  if (ugandanMsisdn(phones.own)) return phones.own;
  return phones.shop || phones.own;
}

/** A phone number with all but its first 6 and last 4 characters hidden (+25677***4567), as texts and replies show it. '*' rather than '•', which GSM-7 has not. */
export function maskedPhone(number: string): string {
  const compact = number.replace(/[\s-]/g, '');
  return `${compact.slice(0, 6)}***${compact.slice(-4)}`;
}

/** A payout destination's number as texts and mails show it: a phone masked, a bank account's last 4 characters. */
export function maskedNumber(number: string, method: string): string {
  if (method === 'bank') return `***${number.replace(/[\s-]/g, '').slice(-4)}`;
  return maskedPhone(number);
}

/** An email with most of its name hidden: s***@example.com. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.slice(0, 1)}***${email.slice(at)}` : email;
}

/** A phone or email as a text or mail about its change shows it: masked, or '-' when there was none. */
export function shownContact(field: 'shop_phone' | 'phone' | 'email', value: string): string {
  if (!value) return '-';
  return field === 'email' ? maskedEmail(value) : maskedPhone(ugandanE164(value) ?? value);
}

/** Whether two writings name the same phone (0772 123 456 and +256772123456 do). */
export function samePhone(a: string, b: string): boolean {
  const key = (phone: string) => ugandanE164(phone) ?? phone.replace(/[^0-9+]/g, '');
  return key(a) === key(b);
}
