import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { privateNoStore } from '~/server/http/cache-control';
import { loggedInHeaders } from '~/server/http/session-cookie';
import { askerOf, deviceCookieForAsker } from '~/server/http/device-cookie';
import { clientIp } from '~/server/http/client-ip';
import { login, requestPasswordReset, resetPassword, type LoggedIn } from '~/server/accounts/accounts';
import {
  loginWithCode,
  phoneResetSchema,
  type Asker,
  resetPasswordByPhone,
  sendCodeSchema,
  sendPhoneCode,
  verifyCodeSchema,
} from '~/server/accounts/phone-codes';
import { languageOfAcceptLanguage } from '~/lib/i18n/languages';
import { ugandanE164 } from '~/lib/mobile-money';
import { message, type Message } from '~/lib/messages/message';

const identifier = z.string({ error: 'is required' }).trim().toLowerCase().min(1, 'is required').max(200);
const loginSchema = z.object({ username: identifier, password: z.string({ error: 'is required' }).min(1, 'is required').max(200) });
const resetRequestSchema = z.object({ username: identifier });
const resetSchema = z.object({ email: identifier, code: z.string({ error: 'is required' }).trim(), password: z.string({ error: 'is required' }) });

const loggedInReply = (loggedIn: LoggedIn, asker: Asker) => ok(loggedIn, message('account', 'loggedIn'), { headers: loggedInHeaders(loggedIn, asker) });

/** A texted code's reply: a browser without a device gets one, so the code it asked for stays its own when its address changes. */
function codeSentReply(said: Message, asker: Asker): Response {
  const cookie = deviceCookieForAsker(asker);
  return ok(null, said, { headers: cookie ? { ...privateNoStore, 'Set-Cookie': cookie } : privateNoStore });
}

/**
 * One path, five tasks (spec section 7, and texted codes): log in with a password (by email, username or phone
 * number), ask for a reset code (mailed, or texted when `username` is a phone number), reset with it, ask for a
 * login code by SMS (`send_code`) and log in with it (`verify_code`, which makes the account a new number lacks).
 */
export const POST = endpoint(async ({ request, clientAddress }) => {
  const body = await readBody(request);
  const ip = clientIp(request, clientAddress);
  const asker = askerOf(request, ip);
  const language = languageOfAcceptLanguage(request.headers.get('Accept-Language'));
  const withUsername = { ...body, username: body.username ?? body.email ?? body.phone_number };

  if (body.task === 'send_code') {
    await sendPhoneCode(sendCodeSchema.parse(body).phone_number, 'login', asker, language);
    return codeSentReply(message('account', 'codeSent'), asker);
  }

  if (body.task === 'verify_code') return loggedInReply(await loginWithCode(verifyCodeSchema.parse(body), asker, language), asker);

  if (body.task === 'request_password_reset') {
    const { username } = resetRequestSchema.parse(withUsername);
    const phone = ugandanE164(username);
    if (!phone) {
      await requestPasswordReset(username, ip);
      return ok(null, message('account', 'resetSent'), { headers: privateNoStore });
    }
    await sendPhoneCode(phone, 'reset', asker, language);
    return codeSentReply(message('account', 'resetSentPhone'), asker);
  }

  if (body.task === 'reset_password') {
    if (body.phone_number !== undefined) await resetPasswordByPhone(phoneResetSchema.parse(body), asker);
    else {
      const { email, code, password } = resetSchema.parse(body);
      await resetPassword(email, code, password, ip);
    }
    return ok(null, message('account', 'resetDone'), { headers: privateNoStore });
  }

  const { username, password } = loginSchema.parse(withUsername);
  return loggedInReply(await login(username, password, ip), asker);
});
