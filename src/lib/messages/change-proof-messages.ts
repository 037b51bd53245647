/**
 * Proving it is the owner who changes where a vendor's money goes or how the store reaches it (a payout
 * destination, a shop's or account's phone): a password or a texted code, and undoing a payout change from its link.
 */
export const CHANGE_PROOF_MESSAGES = {
  proofRequired: 'This change needs proof that it is you: send your password (password) or the code we text to your phone on record (code)',
  codeWrong: 'code: the code is wrong or has expired. Ask for a new one.',
  codeTooManyAttempts: 'code: too many wrong codes. Ask for a new one.',
  codeSent: (number: string, minutes: number) => `We texted a code to ${number}. It works for ${minutes} minutes.`,
  noPhoneOnRecord: 'There is no mobile number on record to text a code to: give your password instead',
  changeUndone: 'The change is undone: your payouts go where they went before',
  undoLinkInvalid: 'This link no longer undoes anything: it was used, the change was replaced, or its time is over',
} as const;
