/**
 * Who hears the store's events (store-events.ts), registered in one place when a process starts: serve.ts for
 * the start script, src/middleware.ts for the Astro bundle (both share one registry; the first registers).
 *
 * - Texts: queued inside the write's transaction (the SMS outbox, sms/sms.ts), so a text exists exactly when
 *   its change does; sent once the write has committed.
 * - Mails: written and sent once the write has committed.
 * - Edge caches: purged once the write has committed (cache/edge-purge.ts).
 */
import { log } from '../log';
import { purgeEdgeAfterWrite } from '../cache/edge-purge';
import { sendMail } from '../mail/mailer';
import type { Mail } from '../mail-message';
import { passwordResetMail } from '../accounts/account-mail';
import { contactChangedMails, payoutMethodChangedMail } from '../accounts/change-mail';
import { returnStepMails } from '../returns/return-mail';
import { returnById } from '../returns/returns';
import { phoneCodeText } from '../sms/account-texts';
import { textOrderOnDelivery, textOrderPaid, textOrderPlaced, textOrderStatus, textPartDisputed, textPartStatus } from '../sms/order-sms';
import { textContactChanged } from '../sms/contact-sms';
import { textPayoutCompleted, textPayoutFailed, textPayoutMethodChanged, textPayoutMethodRestored } from '../sms/payout-sms';
import { textReturnRequested, textReturnStep } from '../sms/return-sms';
import { sendCodeText, sendQueuedTextsSoon } from '../sms/sms';
import type { ReturnStatus } from '../../lib/return-rules';
import { firstStart, subscribe } from './event-bus';

/** A mail that cannot be sent is logged; the write it tells of stays done. */
async function sendLogged(mails: readonly Mail[], about: string): Promise<void> {
  for (const mail of mails) {
    try {
      await sendMail(mail);
    } catch (error) {
      log.error({ err: error }, `[${about}] could not mail "${mail.subject}" to ${mail.to}`);
    }
  }
}

async function mailReturnStep(returnId: number, step: ReturnStatus, origin: string): Promise<void> {
  await sendLogged(await returnStepMails(await returnById(returnId), step, origin), 'returns');
}

/** Registers the store's subscribers; only the first call in a process does. */
export function startSubscribers(): void {
  if (!firstStart()) return;
  subscribe('cache.changed', { afterCommit: purgeEdgeAfterWrite });

  subscribe('order.placed', { inTransaction: textOrderPlaced, afterCommit: sendQueuedTextsSoon });
  subscribe('payment.completed', { inTransaction: textOrderPaid, afterCommit: sendQueuedTextsSoon });
  subscribe('payment.on_delivery', { inTransaction: textOrderOnDelivery, afterCommit: sendQueuedTextsSoon });
  subscribe('order.status_changed', { inTransaction: textOrderStatus, afterCommit: sendQueuedTextsSoon });
  subscribe('part.status_changed', { inTransaction: textPartStatus, afterCommit: sendQueuedTextsSoon });
  subscribe('part.disputed', { inTransaction: textPartDisputed, afterCommit: sendQueuedTextsSoon });

  subscribe('return.requested', { inTransaction: textReturnRequested, afterCommit: sendQueuedTextsSoon });
  subscribe('return.requested', { afterCommit: ({ returnId, origin }) => mailReturnStep(returnId, 'requested', origin) });
  subscribe('return.step', { inTransaction: textReturnStep, afterCommit: sendQueuedTextsSoon });
  subscribe('return.step', { afterCommit: ({ returnId, step, origin }) => mailReturnStep(returnId, step.status, origin) });

  subscribe('payout.completed', { inTransaction: textPayoutCompleted, afterCommit: sendQueuedTextsSoon });
  subscribe('payout.failed', { inTransaction: textPayoutFailed, afterCommit: sendQueuedTextsSoon });
  subscribe('payout_method.changed', { inTransaction: textPayoutMethodChanged, afterCommit: sendQueuedTextsSoon });
  subscribe('payout_method.changed', { afterCommit: ({ account, ...change }) => sendLogged(payoutMethodChangedMail(account, change), 'payouts') });
  subscribe('payout_method.restored', { inTransaction: textPayoutMethodRestored, afterCommit: sendQueuedTextsSoon });
  subscribe('payout_method.restored', {
    afterCommit: ({ account, restored, dropped }) => sendLogged(payoutMethodChangedMail(account, { after: restored, before: dropped, undo: null }), 'payouts'),
  });
  subscribe('contact.changed', { inTransaction: textContactChanged, afterCommit: sendQueuedTextsSoon });
  subscribe('contact.changed', {
    afterCommit: ({ account, changes, emails }) => sendLogged(contactChangedMails(account, changes, [emails.before, emails.after]), 'accounts'),
  });

  subscribe('phone_code.requested', {
    // Not awaited: the reply takes as long whether or not a text goes, and a slow SMS service never holds it up.
    afterCommit: ({ phone, purpose, code, minutes, language }) => {
      void sendCodeText({
        to: phone,
        kind: purpose === 'login' ? 'login_code' : 'reset_code',
        body: phoneCodeText(language, purpose, code, minutes),
        recorded: phoneCodeText(language, purpose, '******', minutes),
      });
    },
  });
  subscribe('change_code.requested', {
    afterCommit: ({ phone, code, minutes, language }) => {
      void sendCodeText({
        to: phone,
        kind: 'change_code',
        body: phoneCodeText(language, 'change', code, minutes),
        recorded: phoneCodeText(language, 'change', '******', minutes),
      });
    },
  });
  subscribe('password_reset.requested', {
    afterCommit: ({ account, code, minutes }) => sendLogged([passwordResetMail(account, code, minutes)], 'accounts'),
  });
}
