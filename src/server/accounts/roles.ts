/**
 * Who may sell and who may run the store. Buyers (Customer) only buy; a vendor acts on the catalogue once
 * an administrator has approved them and while their account is Active; a marketer (any account an
 * administrator marked so) edits the static pages, promotions and contact details; an administrator does
 * everything.
 */
import { ROLE_MESSAGES } from '../../lib/messages/role-messages';

export type Role = { user_type: string; status: string; approved: number; marketer?: number };

export function isAdmin(user: Role): boolean {
  return user.user_type === 'Admin';
}

/** Why this user may not sell, or null when they may (an administrator always may). */
export function sellerRefusal(user: Role): string | null {
  if (isAdmin(user)) return null;
  if (user.user_type !== 'Vendor') return ROLE_MESSAGES.sellersOnly;
  if (user.status !== 'Active') return ROLE_MESSAGES.notActive;
  if (user.approved !== 1) return ROLE_MESSAGES.awaitingApproval;
  return null;
}

/** Whether this user may edit the static pages, promotions and contact details. */
export function canEditContent(user: Role): boolean {
  return isAdmin(user) || (user.marketer === 1 && user.status === 'Active');
}
