/** A Ugandan mobile number as the API takes it (0772 123 456, +256 772 123456, 256772123456 ...), kept as E.164. */
import { z } from 'zod';
import { ugandanE164 } from '../../lib/mobile-money';
import { ACCOUNT_MESSAGES } from '../../lib/messages/account-messages';

export const phoneNumberSchema = z
  .string({ error: 'is required' })
  .max(40, ACCOUNT_MESSAGES.phoneInvalid)
  .transform((value, context) => {
    const e164 = ugandanE164(value.trim());
    if (!e164) {
      context.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

/** The same, or undefined when left out or sent empty. */
export const optionalPhoneNumberSchema = z.preprocess((value) => (value === '' || value === null ? undefined : value), phoneNumberSchema.optional());
