/**
 * Paying straight from a phone (MTN Mobile Money, Airtel Money): which network a Ugandan number belongs to,
 * the number in the form the networks want, and how long a buyer has to approve a request. Pure, so the
 * order check, the checkout form and the gateways share one rule.
 */
import { MOBILE_MONEY_MESSAGES } from './messages/mobile-money-messages';

export const MOBILE_MONEY_GATEWAYS = ['mtn_momo', 'airtel_money'] as const;
export type MobileMoneyGateway = (typeof MOBILE_MONEY_GATEWAYS)[number];

/** How long a request to pay waits for the buyer's approval on the phone; the networks give up after it too. */
export const APPROVAL_WINDOW_MS = 5 * 60_000;

/** The mobile prefixes (after 0 or 256) each network's numbers start with. */
export const NETWORK_PREFIXES: Record<MobileMoneyGateway, readonly string[]> = {
  mtn_momo: ['76', '77', '78'],
  airtel_money: ['70', '74', '75'],
};

export function isMobileMoneyGateway(name: string): name is MobileMoneyGateway {
  return (MOBILE_MONEY_GATEWAYS as readonly string[]).includes(name);
}

/**
 * A Ugandan mobile number as 256 and nine digits (2567XXXXXXXX), from the ways people write it: 0772 123 456,
 * +256 772 123456, 256772123456, 772123456. Null when it is not one.
 */
export function ugandanMsisdn(phone: string): string | null {
  const digits = phone.replace(/[\s()-]/g, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  const local = digits.startsWith('256') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^7\d{8}$/.test(local) ? `256${local}` : null;
}

/** A Ugandan mobile number in E.164 (+2567XXXXXXXX), as accounts keep it, from any way `ugandanMsisdn` reads; null when it is not one. */
export function ugandanE164(phone: string): string | null {
  const msisdn = ugandanMsisdn(phone);
  return msisdn ? `+${msisdn}` : null;
}

/** The network a Ugandan mobile number belongs to, or null (not a mobile number, or another network). */
export function networkOf(phone: string): MobileMoneyGateway | null {
  const msisdn = ugandanMsisdn(phone);
  if (!msisdn) return null;
  const prefix = msisdn.slice(3, 5);
  return MOBILE_MONEY_GATEWAYS.find((gateway) => NETWORK_PREFIXES[gateway].includes(prefix)) ?? null;
}

/** The number a request to pay goes to (256 and nine digits), or why this number cannot pay through this network. */
export function payerMsisdn(gateway: MobileMoneyGateway, phone: string): { msisdn: string } | { problem: string } {
  const problem = payerPhoneProblem(gateway, phone);
  return problem ? { problem } : { msisdn: ugandanMsisdn(phone)! };
}

/** What is wrong with a number to pay from: none given, not a Ugandan mobile number, or on another network. */
export type PayerPhoneFault = 'missing' | 'invalid' | 'wrong-network';

/** Why this number cannot pay through this network, or null when it can (the checkout page says it in its language). */
export function payerPhoneFault(gateway: MobileMoneyGateway, phone: string): PayerPhoneFault | null {
  if (!phone.trim()) return 'missing';
  if (!ugandanMsisdn(phone)) return 'invalid';
  return networkOf(phone) === gateway ? null : 'wrong-network';
}

/** Why this number cannot pay through this network, or null when it can. */
export function payerPhoneProblem(gateway: MobileMoneyGateway, phone: string): string | null {
  const fault = payerPhoneFault(gateway, phone);
  if (fault === 'missing') return MOBILE_MONEY_MESSAGES.phoneMissing(gateway);
  if (fault === 'invalid') return MOBILE_MONEY_MESSAGES.phoneInvalid;
  return fault ? MOBILE_MONEY_MESSAGES.wrongNetwork(gateway, NETWORK_PREFIXES[gateway]) : null;
}

type Attempt = { gateway: string; status: string; created_at: Date | string };

/** Seconds the buyer still has to approve a mobile money request still waiting, or null for any other attempt. */
export function approvalSecondsLeft(attempt: Attempt, now: number, windowMs = APPROVAL_WINDOW_MS): number | null {
  if (!isMobileMoneyGateway(attempt.gateway) || attempt.status !== 'PENDING_PAYMENT') return null;
  return Math.max(0, Math.ceil((new Date(attempt.created_at).getTime() + windowMs - now) / 1000));
}

/**
 * Whether a mobile money request may still be approved on the phone: while it may, no second request is sent
 * for the order, or the buyer could approve both and pay twice.
 */
export function awaitingApproval(attempt: Attempt, now: number, windowMs = APPROVAL_WINDOW_MS): boolean {
  return (approvalSecondsLeft(attempt, now, windowMs) ?? 0) > 0;
}

/** A number as Ugandans write it (0772 123 456), from any form `ugandanMsisdn` reads; other text as it is. */
export function localNumber(phone: string): string {
  const msisdn = ugandanMsisdn(phone);
  return msisdn ? `0${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}` : phone;
}
