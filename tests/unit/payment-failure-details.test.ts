import { describe, expect, it } from 'vitest';
import { failureDetails, failureMessageOf } from '~/server/payments/gateway';
import { message } from '~/lib/messages/message';
import { sayMessage } from '~/lib/messages/say-message';

describe("a failed payment's reason, kept as a message beside its English", () => {
  const declined = message('mobileMoney', 'declined');

  it('keeps the English the API has always sent, and the message to say it in the reader’s language', () => {
    expect(failureDetails(declined)).toEqual({ error: 'The payment was declined on the phone. You have not been charged.', error_message: declined });
    const kept = JSON.parse(JSON.stringify(failureDetails(message('mobileMoney', 'wrongNetwork', 'mtn_momo', ['76', '77', '78']))));
    expect(sayMessage(failureMessageOf(kept)!, 'sw')).toMatch(/076, 077 au 078$/);
  });

  it('gives the message back only while it still says what `error` says', () => {
    expect(failureMessageOf(failureDetails(declined))).toEqual(declined);
    expect(failureMessageOf({ error: 'The payment was declined on the phone. You have not been charged.' })).toBeNull();
    expect(failureMessageOf({ ...failureDetails(declined), error: '' })).toBeNull();
    expect(failureMessageOf({ ...failureDetails(declined), error: 'Stripe is not reachable. Please try again.' })).toBeNull();
    expect(failureMessageOf({ error: 'Gone', error_message: { key: 'payment.noSuchEntry', values: [] } })).toBeNull();
  });
});
