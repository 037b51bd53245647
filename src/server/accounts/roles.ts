/**
 * Who may sell and who may run the store. Buyers (Customer) only buy; a vendor acts on the catalogue once
 * an administrator has approved them and while their account is Active; a marketer (any account an
 * administrator marked so) edits the static pages, promotions and contact details; an administrator does
 * everything.
 */
import { ROLE_MESSAGES } from '../../lib/messages/role-messages';
import { message, type Message } from '../../lib/messages/message';

export type Role = { user_type: string; status: string; approved: number; marketer?: number };

export function isAdmin(user: Role): boolean {
  return user.user_type === 'Admin';
}

type SellerRefusal = 'sellersOnly' | 'notActive' | 'awaitingApproval';

function sellerRefusalOf(user: Role): SellerRefusal | null {
  if (isAdmin(user)) return null;
  if (user.user_type !== 'Vendor') return 'sellersOnly';
  if (user.status !== 'Active') return 'notActive';
  if (user.approved !== 1) return 'awaitingApproval';
  return null;
}

/** Why this user may not sell, in English, or null when they may (an administrator always may). */
export function sellerRefusal(user: Role): string | null {
  const refusal = sellerRefusalOf(user);
  return refusal && ROLE_MESSAGES[refusal];
}

/** The same as a message, for a refusal said in the caller's language. */
export function sellerRefused(user: Role): Message | null {
  const refusal = sellerRefusalOf(user);
  return refusal && message('role', refusal);
}

/** Whether this user may edit the static pages, promotions and contact details. */
export function canEditContent(user: Role): boolean {
  return isAdmin(user) || (user.marketer === 1 && user.status === 'Active');
}
