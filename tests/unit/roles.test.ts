import { describe, expect, it } from 'vitest';
import { canEditContent, isAdmin, sellerRefusal, type Role } from '~/server/accounts/roles';
import { ROLE_MESSAGES } from '~/lib/messages/role-messages';

const user = (user_type: string, status = 'Active', approved = 1): Role => ({ user_type, status, approved });

describe('ROLE_MESSAGES', () => {
  it('phrases each refusal for the person refused', () => {
    expect(ROLE_MESSAGES).toEqual({
      adminOnly: 'Only an administrator can do this',
      sellersOnly: 'Only a vendor or an administrator can do this',
      awaitingApproval: 'Your vendor account is waiting for approval by the store',
      notActive: 'Your vendor account is not active; contact the store',
      editorsOnly: 'Only a marketer or an administrator can edit the store’s pages',
      adminSetsThis: 'only an administrator sets this',
    });
  });
});

describe('isAdmin', () => {
  it('is true for Admin only', () => {
    expect(isAdmin(user('Admin'))).toBe(true);
    expect(isAdmin(user('Admin', 'Suspended', 0))).toBe(true);
    expect(isAdmin(user('Vendor'))).toBe(false);
    expect(isAdmin(user('Customer'))).toBe(false);
    expect(isAdmin(user('admin'))).toBe(false);
  });
});

describe('sellerRefusal', () => {
  it.each([
    ['Active', 1],
    ['Active', 0],
    ['Suspended', 0],
    ['Suspended', 1],
  ])('lets an administrator sell whatever the status (%s, approved %i)', (status, approved) => {
    expect(sellerRefusal(user('Admin', status, approved))).toBeNull();
  });

  it('refuses a customer, even an active approved one', () => {
    expect(sellerRefusal(user('Customer', 'Active', 1))).toBe('Only a vendor or an administrator can do this');
    expect(sellerRefusal(user('Customer', 'Active', 0))).toBe(ROLE_MESSAGES.sellersOnly);
  });

  it('refuses a type it does not know, including a wrongly cased Vendor or Admin', () => {
    expect(sellerRefusal(user('vendor'))).toBe(ROLE_MESSAGES.sellersOnly);
    expect(sellerRefusal(user('ADMIN'))).toBe(ROLE_MESSAGES.sellersOnly);
    expect(sellerRefusal(user(''))).toBe(ROLE_MESSAGES.sellersOnly);
  });

  it('lets an active, approved vendor sell', () => {
    expect(sellerRefusal(user('Vendor', 'Active', 1))).toBeNull();
  });

  it('refuses an active vendor not yet approved', () => {
    expect(sellerRefusal(user('Vendor', 'Active', 0))).toBe('Your vendor account is waiting for approval by the store');
    expect(sellerRefusal(user('Vendor', 'Active', 2))).toBe(ROLE_MESSAGES.awaitingApproval);
  });

  it('refuses a suspended vendor as not active, even when approved', () => {
    expect(sellerRefusal(user('Vendor', 'Suspended', 1))).toBe('Your vendor account is not active; contact the store');
    expect(sellerRefusal(user('Vendor', 'Suspended', 0))).toBe(ROLE_MESSAGES.notActive);
    expect(sellerRefusal(user('Vendor', 'Pending', 1))).toBe(ROLE_MESSAGES.notActive);
  });
});

describe('canEditContent', () => {
  it('is true for administrators and active marketers only, whatever else the account is', () => {
    expect(canEditContent(user('Admin'))).toBe(true);
    expect(canEditContent({ ...user('Customer'), marketer: 1 })).toBe(true);
    expect(canEditContent({ ...user('Vendor'), marketer: 1 })).toBe(true);
    expect(canEditContent({ ...user('Customer', 'Suspended'), marketer: 1 })).toBe(false);
    expect(canEditContent(user('Vendor'))).toBe(false);
    expect(canEditContent(user('Customer'))).toBe(false);
    expect(canEditContent({ ...user('Customer'), marketer: 0 })).toBe(false);
  });
});
