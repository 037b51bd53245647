/**
 * Where a text goes: Africa's Talking's SMS API through its official SDK when AT_USERNAME and AT_API_KEY are
 * set (AT_SENDER_ID, optional, names the sender), otherwise the outbox folder (OUTBOX_DIR, like mail) with a
 * log line, so a laptop shows what buyers and vendors would be told (a code only in its file, never in the log; a
 * production store runs without an account only with texts off, SMS_DISABLED=1: http/origin.ts). Sending never throws: it says whether
 * the text went, and if not, why and whether trying again may help.
 *
 * The SDK is loaded with `require` from its own package so that its `lib/common.js` (the URLs its SMS client
 * reads at every send) and its axios (which has no timeout unless told) are the very instances it uses.
 */
import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTBOX_DIR } from '../mail/mailer';
import { config } from '../config';
import { log } from '../log';

export type Delivery = { ok: true; reference: string; cost: string } | { ok: false; error: string; retry: boolean };

/** How long Africa's Talking has to answer a send before it counts as failed (and is tried again later). */
export const SEND_TIMEOUT_MS = 10_000;

/** Recipient statuses that mean Africa's Talking took the text (its codes 100, 101, 102). */
const ACCEPTED = new Set(['Success', 'Sent', 'Queued']);
const SMS_PATH = '/version1/messaging';

type Recipient = { statusCode?: number; number?: string; status?: string; cost?: string; messageId?: string };
type SendReply = { SMSMessageData?: { Message?: string; Recipients?: Recipient[] } };
type SmsClient = { send(params: { to: string; message: string; from?: string }): Promise<SendReply> };
type Sdk = {
  connect(options: { username: string; apiKey: string }): { SMS: SmsClient };
  common: { SMS_URL: string };
  http: { defaults: { timeout?: number } };
};
type AxiosLikeError = { isAxiosError?: boolean; code?: string; message?: string; response?: { status: number; data: unknown } };

type Settings = { username: string; apiKey: string; senderId: string; baseUrl: string };

function settings(): Settings | null {
  const { AT_USERNAME: username, AT_API_KEY: apiKey } = config;
  if (!username || !apiKey) return null;
  return { username, apiKey, senderId: config.AT_SENDER_ID ?? '', baseUrl: config.AT_BASE_URL ?? '' };
}

let sdk: Sdk | undefined;
const clients = new Map<string, SmsClient>();

function loadSdk(): Sdk {
  if (sdk) return sdk;
  const fromStore = createRequire(import.meta.url);
  const entry = fromStore.resolve('africastalking');
  const fromSdk = createRequire(entry);
  sdk = {
    connect: fromStore('africastalking') as Sdk['connect'],
    common: fromSdk('./lib/common.js') as Sdk['common'],
    http: fromSdk('axios') as Sdk['http'],
  };
  return sdk;
}

function smsClient(config: Settings): SmsClient {
  const key = `${config.username}\n${config.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    // The SDK switches its URLs to the sandbox when the username is 'sandbox'.
    client = loadSdk().connect({ username: config.username, apiKey: config.apiKey }).SMS;
    clients.set(key, client);
  }
  return client;
}

/** Where texts go, for the status page: Africa's Talking (the account and the address, never the key), or the outbox folder. */
export function smsTransport(): { kind: 'africastalking'; username: string; endpoint: string; senderId: string } | { kind: 'outbox'; folder: string } {
  const config = settings();
  if (!config) return { kind: 'outbox', folder: OUTBOX_DIR };
  const endpoint = config.baseUrl
    ? `${config.baseUrl}${SMS_PATH}`
    : `https://api.${config.username.toLowerCase() === 'sandbox' ? 'sandbox.' : ''}africastalking.com${SMS_PATH}`;
  return { kind: 'africastalking', username: config.username, endpoint, senderId: config.senderId };
}

/**
 * Sends one text to a number in international form (+2567XXXXXXXX). `logged` is what a log line may say of it
 * instead of the body: a code's text with the code hidden.
 */
export async function deliverText(to: string, body: string, timeoutMs = SEND_TIMEOUT_MS, logged = body): Promise<Delivery> {
  const config = settings();
  return config ? sendThroughAfricasTalking(config, to, body, timeoutMs) : writeToOutbox(to, body, logged);
}

async function sendThroughAfricasTalking(config: Settings, to: string, body: string, timeoutMs: number): Promise<Delivery> {
  let reply: SendReply;
  try {
    const client = smsClient(config);
    const { common, http } = loadSdk();
    // The SDK has no base-URL option: SMS.send reads this export of its common.js at call time, so a local fake can stand in.
    if (config.baseUrl) common.SMS_URL = `${config.baseUrl}${SMS_PATH}`;
    http.defaults.timeout = timeoutMs;
    reply = await client.send({ to, message: body, ...(config.senderId ? { from: config.senderId } : {}) });
  } catch (error) {
    return failureOf(error, timeoutMs);
  }
  const recipient = reply?.SMSMessageData?.Recipients?.[0];
  if (!recipient) return { ok: false, error: `Africa's Talking sent nothing: ${reply?.SMSMessageData?.Message || 'no recipients in its reply'}`, retry: true };
  if (!ACCEPTED.has(recipient.status ?? '')) {
    return { ok: false, error: `Africa's Talking did not send it: ${recipient.status ?? 'no status'} (${recipient.statusCode ?? '?'})`, retry: true };
  }
  return { ok: true, reference: recipient.messageId ?? '', cost: recipient.cost ?? '' };
}

/** Why a send failed, in words for sms_messages.last_error; only the SDK refusing its input is not worth another try. */
function failureOf(error: unknown, timeoutMs: number): Delivery {
  const failure = (error ?? {}) as AxiosLikeError;
  if (failure.isAxiosError) {
    if (failure.response) {
      const data = typeof failure.response.data === 'string' ? failure.response.data : JSON.stringify(failure.response.data);
      return { ok: false, error: `Africa's Talking answered HTTP ${failure.response.status}: ${(data ?? '').slice(0, 200)}`, retry: true };
    }
    if (failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT') {
      return { ok: false, error: `Africa's Talking did not answer within ${timeoutMs / 1000} s`, retry: true };
    }
    return { ok: false, error: `Africa's Talking could not be reached: ${failure.code ?? failure.message ?? 'network error'}`, retry: true };
  }
  // The SDK checks its input before sending and rejects with an Error (a number libphonenumber does not know).
  if (error instanceof Error) return { ok: false, error: `The SMS client refused the text: ${error.message}`, retry: false };
  // It rejects with the reply itself when the API answers 2xx but not 201.
  return { ok: false, error: `Africa's Talking answered unexpectedly: ${JSON.stringify(error)?.slice(0, 200)}`, retry: true };
}

async function writeToOutbox(to: string, body: string, logged: string): Promise<Delivery> {
  try {
    await mkdir(OUTBOX_DIR, { recursive: true });
    const stem = `${Date.now()}-sms-${to.replace(/[^0-9+]/g, '')}`;
    // Two texts to one number in the same millisecond (a buyer who sells too) each get a file.
    for (let copy = 1; ; copy++) {
      const file = path.join(OUTBOX_DIR, `${stem}${copy === 1 ? '' : `-${copy}`}.txt`);
      try {
        await writeFile(file, `To: ${to}\n\n${body}\n`, { flag: 'wx' });
        log.info(`[sms] to ${to}: "${logged}" (no AT_API_KEY: written to ${file})`);
        return { ok: true, reference: file, cost: '' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  } catch (error) {
    return { ok: false, error: `The outbox could not be written: ${error instanceof Error ? error.message : String(error)}`, retry: true };
  }
}
