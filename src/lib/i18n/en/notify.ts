/**
 * What the store writes to a shopper by SMS and email (src/server/sms, src/server/mail's callers), in English.
 * Texts go out in GSM-7 and must fit one SMS: each has wordings from its fullest to its barest, and the
 * sender takes the first that fits. `{hi}` is the greeting (`sms.hi`, or nothing when there is no room for a
 * name); `{vendor}` and `{reason}` may be shortened to fit and carry their own full stop ('.' or '...').
 * Vendors and administrators are written to in English by their own templates, not from here, except the
 * vendor's texts about its payouts and payout method (`sms.payout`, `sms.payoutMethod`), which are in the vendor's
 * language.
 */
import { RETURN_REASON_LABELS } from '../../return-rules';

export default {
  sms: {
    /** A one-time code: `{code}` first, so a phone can offer it as it arrives. */
    code: {
      login: '{code} is your {store} code. It works for {minutes} minutes. Never share it with anyone.',
      reset: '{code} is your {store} password reset code. It works for {minutes} minutes. Did not ask? Ignore this text.',
      change: '{code} is your {store} code to confirm a change to your payouts or phone. It works for {minutes} minutes. Never share it with anyone.',
    },
    hi: 'Hi {name}, ',
    questions: ' Questions? Call {phone}',
    orderPlaced: {
      payOnDelivery: ', to pay on delivery',
      awaitingPayment: ', awaiting payment',
      total: 'Total {total}{how}.',
      withLink: '{hi}order #{id} is placed. {total} We will text you when it ships. See {url}',
      withoutLink: '{hi}order #{id} is placed. {total} We will text you when it ships.',
      bare: 'order #{id} is placed. {total}',
    },
    orderPaid: {
      full: '{hi}we received {amount} for order #{id}. Thank you! We will text you when it ships.',
      bare: 'we received {amount} for order #{id}. Thank you!',
      cancelled: '{hi}we received {amount} for order #{id}, which was cancelled: it will be refunded.',
      cancelledBare: 'we received {amount} for order #{id}, which was cancelled: it will be refunded.',
    },
    /** The buyer switched an unpaid order to cash on delivery. */
    orderOnDelivery: {
      full: '{hi}order #{id} is now to be paid on delivery: {amount} in cash to the rider. We will text you when it ships.',
      bare: 'order #{id}: pay {amount} on delivery.',
    },
    orderShipped: {
      payOnDelivery: ' Please pay on delivery.',
      full: '{hi}order #{id} is on the way to you.{pay}{questions}',
      bare: 'order #{id} is on the way to you.{pay}',
    },
    /** The code the buyer gives the rider of each part, added to the "on the way" text. */
    handover: {
      single: ' Give the rider code {code} when it arrives.',
      several: ' Rider codes: {codes}.',
    },
    /** A part marked delivered without its handover code: the buyer is asked whether it came. */
    receivedQuestion: {
      full: '{hi}order #{id} was marked delivered. Did you receive it? Reply on your order page.{questions}',
      bare: 'did you receive order #{id}? Reply on your order page.',
    },
    orderDelivered: {
      full: '{hi}order #{id} has been delivered. Thank you for shopping with {store}!{questions}',
      bare: 'order #{id} has been delivered. Thank you!',
    },
    orderCancelled: {
      refund: ' What you paid will be refunded.',
      full: '{hi}order #{id} has been cancelled.{refund}{questions}',
      bare: 'order #{id} has been cancelled.{refund}',
      /** The store cancelled it: nobody paid for it in time, and its items went back on sale. */
      unpaid: '{hi}order #{id} was not paid in time, so we cancelled it.{refund}{questions}',
      unpaidBare: 'order #{id} was not paid in time, so we cancelled it.{refund}',
    },
    /** One vendor's part of the order moved on its own: `{what}` is one of shipped, delivered, cancelled. */
    partStatus: {
      shipped: 'are on the way to you.',
      delivered: 'have been delivered.',
      cancelled: 'have been cancelled.',
      payOnDelivery: ' Please pay on delivery.',
      refund: ' What you paid for them will be refunded.',
      full: '{hi}your items from {vendor} in order #{id} {what}{after}{questions}',
      withoutQuestions: '{hi}your items from {vendor} in order #{id} {what}{after}',
      bare: 'items in order #{id} {what}{after}',
    },
    returnAccepted: {
      full: '{hi}your return for order #{id} is accepted. Send the items back to {vendor} Refund once they arrive.{questions}',
      withoutQuestions: '{hi}your return for order #{id} is accepted. Send the items back to {vendor} Refund once they arrive.',
      bare: 'your return for order #{id} is accepted. Send the items back; refund once they arrive.',
    },
    returnRefused: {
      full: '{hi}your return for order #{id} was refused: {reason}{questions}',
      withoutQuestions: '{hi}your return for order #{id} was refused: {reason}',
      bare: 'your return for order #{id} was refused. The reason is on your order page.',
    },
    returnReceived: {
      full: '{hi}the items you returned from order #{id} have arrived. Your refund of {amount} is on the way.',
      bare: 'the items you returned from order #{id} have arrived. Refund of {amount} on the way.',
    },
    /** `{how}`: one of cash, mobile_money, gateway. */
    returnRefunded: {
      cash: ' in cash',
      mobile_money: ' by mobile money',
      gateway: ' to your card',
      full: '{hi}{amount} for the items you returned from order #{id} has been paid back{how}.{questions}',
      withoutQuestions: '{hi}{amount} for the items you returned from order #{id} has been paid back{how}.',
      bare: '{amount} for the items you returned from order #{id} has been paid back{how}.',
    },
    /** A payout reached the vendor (`{where}`: the network or bank) or failed and its money is back in the balance. */
    payout: {
      sent: 'payout #{id} of {amount} was sent to your {where}.',
      reference: 'Ref',
      failed: 'payout #{id} of {amount} could not be sent.',
      reason: 'Reason',
      back: 'The money is back in your balance.',
    },
    /** A vendor's payout method changed (or was first chosen): `{after}`, `{before}` are destinations below, their numbers masked. */
    payoutMethod: {
      changed: 'your payouts now go to {after}, no longer to {before}. Not you? Call {phone} at once.',
      changedUndo: 'your payouts now go to {after}, no longer to {before}. Not you? Undo it: {link} or call {phone}.',
      first: 'your payouts will go to {after}. Not you? Call {phone} at once.',
      mtn_momo: 'MTN MoMo {number}',
      airtel_money: 'Airtel Money {number}',
      bank: 'bank account {number}',
    },
    /** A change of a shop's or account's phone or email, texted to the numbers on record before and after it. */
    contact: {
      changed: '{changes}. Not you? Call {phone} at once.',
      line: '{what} is now {after}',
      and: '; ',
      shop_phone: "your shop's phone",
      phone: "your account's phone",
      email: "your account's email",
    },
  },
  mail: {
    /** A change of a payout destination, or of a shop's or account's phone or email, mailed to the addresses before and after it. */
    changes: {
      hello: 'Hello {name},\n\n',
      signature: '\n\nIf you did not make this change, call us at once on {phone}.\n\n{store}',
      contact: {
        subject: 'Your {store} account details changed',
        text: '{hello}These details of your account changed:\n{lines}{signature}',
        line: '  {what}: {after} (was {before})',
      },
      fields: { shop_phone: "Your shop's phone", phone: "Your account's phone", email: "Your account's email" },
      payout: {
        subject: 'Your {store} payouts go to a new place',
        changed: 'Your payouts now go to {after}, no longer to {before}.',
        first: 'Your payouts will go to {after}.',
        undo: '\n\nPayouts to it wait {hours} hours. To undo the change before then, open {link}',
        text: '{hello}{what}{undo}{signature}',
      },
    },
    passwordReset: {
      subject: 'Your {store} password reset code: {code}',
      text: 'Hello {name},\n\nYour password reset code is {code}. It works once, for {minutes}.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same.\n\n{store}',
      minutes: { one: '{count} minute', other: '{count} minutes' },
    },
    /** A return's steps; `{lines}` is one `line` a line, `{details}`, `{note}` and `{page}` are empty when there is nothing to say. */
    returns: {
      hello: 'Hello {name},\n\n',
      line: '  {quantity} × {name} ({subtotal})',
      details: ' ({details})',
      note: '\n\n{vendor} says: {note}',
      page: '\n\nSee it on your order: {url}',
      signature: '\n\nQuestions? Call {phone} or write to {email}.\n\n{store}',
      requested: {
        subject: 'Your return request for order #{id}',
        text: '{hello}We have your request to return from order #{id}:\n{lines}\nReason: {reason}{details}\n\n{vendor} will answer it soon; we write to you at each step.{page}{signature}',
      },
      awaitingItem: {
        subject: 'Your return for order #{id} is accepted',
        text: '{hello}{vendor} accepted your return of:\n{lines}\n\nSend the items back to {vendor}. Once they arrive you are refunded {amount}.{note}{page}{signature}',
      },
      refused: {
        subject: 'Your return for order #{id} was refused',
        text: '{hello}{vendor} refused your return of:\n{lines}{note}{page}{signature}',
      },
      received: {
        subject: 'Your returned items from order #{id} have arrived',
        text: '{hello}{vendor} has the items you returned:\n{lines}\n\nYour refund of {amount} is on its way.{note}{page}{signature}',
      },
      refunded: {
        subject: 'Your refund for order #{id}: {amount}',
        text: '{hello}{amount} for the items you returned from order #{id} has been paid back ({how}).{note}{page}{signature}',
      },
      reasons: RETURN_REASON_LABELS,
      refundMethods: { cash: 'cash', mobile_money: 'mobile money', gateway: 'back to the card' },
    },
  },
};
