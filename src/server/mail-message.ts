/** A mail as the store words it (accounts/account-mail.ts, returns/return-mail.ts); mail/mailer.ts sends it. */
export type Mail = { to: string; subject: string; text: string };
