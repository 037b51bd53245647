/** The mail a test store wrote to its outbox folder (it has no SMTP server), read back as a person sees it. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type SentMail = { file: string; subject: string; text: string };

/** Quoted-printable (RFC 2045) to text: `=XX` bytes in UTF-8, `=` at a line's end joins it to the next. */
function fromQuotedPrintable(encoded: string): string {
  const bytes: number[] = [];
  const joined = encoded.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header with its encoded words (RFC 2047, `=?UTF-8?Q?...?=` or `?B?`) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : fromQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** One written mail: its subject and its plain text, decoded. */
function readMail(file: string, raw: string): SentMail {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? fromQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file, subject: decodeHeader(header('Subject')), text: text.replace(/\n$/, '') };
}

/** The mails written to `email` in the outbox folder `dir`, oldest first, waiting a little (up to 5 s) until there are at least `atLeast`. */
export async function mailsIn(dir: string, email: string, atLeast = 1): Promise<SentMail[]> {
  const stem = email.replace(/[^a-z0-9@._-]/gi, '_');
  let mails: SentMail[] = [];
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir)).filter((file) => file.endsWith(`-${stem}.eml`)).sort();
    mails = await Promise.all(files.map(async (file) => readMail(file, await readFile(path.join(dir, file), 'utf8'))));
    if (mails.length >= atLeast) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return mails;
}
