import { describe, expect, it } from 'vitest';
import { approvalSecondsLeft, awaitingApproval, localNumber, networkOf, payerMsisdn, payerPhoneProblem, ugandanMsisdn } from '../../src/lib/mobile-money';

describe('Ugandan mobile numbers', () => {
  it('are read in the +256, 256, 0 and bare forms, with spaces, dashes and brackets', () => {
    for (const typed of ['0772123456', '0772 123 456', '+256 772 123456', '+256 (772) 123-456', '256772123456', '772123456']) {
      expect(ugandanMsisdn(typed), typed).toBe('256772123456');
    }
  });

  it('are refused when they are not a Ugandan mobile number', () => {
    for (const typed of ['', '0412 123 456', '07721234', '077212345678', '+254 712 345678', '0772-12a-456', '2560772123456']) {
      expect(ugandanMsisdn(typed), typed).toBeNull();
    }
  });

  it('are shown as Ugandans write them', () => {
    expect(localNumber('256772123456')).toBe('0772 123 456');
    expect(localNumber('+256 752 123456')).toBe('0752 123 456');
    expect(localNumber('12345')).toBe('12345');
  });

  it('belong to MTN from 076, 077 and 078 and to Airtel from 070, 074 and 075', () => {
    expect(['0761000000', '0771000000', '0781000000'].map(networkOf)).toEqual(['mtn_momo', 'mtn_momo', 'mtn_momo']);
    expect(['0701000000', '0741000000', '0751000000'].map(networkOf)).toEqual(['airtel_money', 'airtel_money', 'airtel_money']);
    expect(['0711000000', '0791000000', '0731000000'].map(networkOf)).toEqual([null, null, null]);
  });
});

describe('the number a buyer pays from', () => {
  it('must be on the chosen network, with a message that says which prefixes it has', () => {
    expect(payerPhoneProblem('mtn_momo', '+256 772 123 456')).toBeNull();
    expect(payerPhoneProblem('airtel_money', '0752 123 456')).toBeNull();
    expect(payerPhoneProblem('mtn_momo', '0752 123 456')).toBe('That is not an MTN number: MTN Mobile Money numbers start with 076, 077 or 078');
    expect(payerPhoneProblem('airtel_money', '0772 123 456')).toBe('That is not an Airtel number: Airtel Money numbers start with 070, 074 or 075');
  });

  it('is given as 256 and nine digits, or with the reason it cannot pay', () => {
    expect(payerMsisdn('mtn_momo', '0772 123 456')).toEqual({ msisdn: '256772123456' });
    expect(payerMsisdn('airtel_money', '0772 123 456')).toEqual({ problem: 'That is not an Airtel number: Airtel Money numbers start with 070, 074 or 075' });
  });

  it('must be given and must be a Ugandan mobile number', () => {
    expect(payerPhoneProblem('mtn_momo', ' ')).toBe('Enter the MTN Mobile Money number to pay from');
    expect(payerPhoneProblem('airtel_money', '12345')).toBe('Enter a Ugandan mobile number, e.g. 0772 123 456');
  });
});

describe('the approval window', () => {
  const sent = new Date('2026-11-23T10:00:00Z');
  const at = (seconds: number) => sent.getTime() + seconds * 1000;

  it('counts down five minutes from the request, for a mobile money request still waiting', () => {
    const attempt = { gateway: 'mtn_momo', status: 'PENDING_PAYMENT', created_at: sent };
    expect(approvalSecondsLeft(attempt, at(0))).toBe(300);
    expect(approvalSecondsLeft(attempt, at(299.5))).toBe(1);
    expect(awaitingApproval(attempt, at(299.5))).toBe(true);
    expect(approvalSecondsLeft(attempt, at(300))).toBe(0);
    expect(awaitingApproval(attempt, at(301))).toBe(false);
  });

  it('does not apply to an answered request or to other gateways', () => {
    expect(approvalSecondsLeft({ gateway: 'airtel_money', status: 'FAILED', created_at: sent }, at(10))).toBeNull();
    expect(approvalSecondsLeft({ gateway: 'pesapal', status: 'PENDING_PAYMENT', created_at: sent }, at(10))).toBeNull();
    expect(awaitingApproval({ gateway: 'airtel_money', status: 'COMPLETED', created_at: sent.toISOString() }, at(10))).toBe(false);
  });
});
