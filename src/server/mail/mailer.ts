/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written to the
 * outbox folder (OUTBOX_DIR, default ./outbox) and logged, so password resets work on a fresh machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';
import { log } from '../log';
import type { Mail } from '../mail-message';

export const OUTBOX_DIR = path.resolve(config.OUTBOX_DIR);

/** nodemailer, loaded with the first mail: an instance that sends none never holds its code (about 5 MB of heap). */
const mailer = async () => (await import('nodemailer')).default;

/** Where mail goes, for the status page: the SMTP host (never its password), or the outbox folder. */
export function mailTransport(): { kind: 'smtp'; host: string } | { kind: 'outbox'; folder: string } {
  if (!config.SMTP_URL) return { kind: 'outbox', folder: OUTBOX_DIR };
  try {
    return { kind: 'smtp', host: new URL(config.SMTP_URL).host };
  } catch {
    return { kind: 'smtp', host: 'SMTP_URL is not a valid address' };
  }
}

/** Sends a mail; one to nobody (an account made with a phone number has no email) is dropped, not sent. */
export async function sendMail(mail: Mail): Promise<void> {
  if (!mail.to.trim()) return;
  const nodemailer = await mailer();
  if (config.SMTP_URL) {
    await nodemailer.createTransport(config.SMTP_URL).sendMail({ from: config.MAIL_FROM, ...mail });
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { message } = (await transport.sendMail({ from: config.MAIL_FROM, ...mail })) as { message: Buffer };
  await mkdir(OUTBOX_DIR, { recursive: true });
  // The random part keeps two mails to one person in the same millisecond (a return received, then refunded) apart.
  const file = path.join(OUTBOX_DIR, `${Date.now()}-${randomBytes(3).toString('hex')}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
  await writeFile(file, message);
  log.info(`[mail] to ${mail.to}: "${mail.subject}" (no SMTP_URL: written to ${file})`);
}
