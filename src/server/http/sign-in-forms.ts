/**
 * The login, sign-up and forgotten-password pages as plain server forms: they work before and without JavaScript
 * (old phones, Opera Mini-style browsers). Each form posts to its own page with a `task`, the same services as
 * the API's POST users/login and users/register answer it (their rate limits and code budgets hold here too), and
 * the page answers with a redirect when the shopper is logged in, or again with the next step or the problem, in
 * the page's language.
 *
 * A login made here sets the session and device cookies the API's login sets, and hands the token to the next
 * page's scripts (formLoginHeaders), so the islands there know the shopper as after a login by the API. It goes
 * back to the page the login was opened for (`redirect`), only ever a path on this store (login-redirect.ts).
 *
 * Forms from other sites are refused as the language switch refuses them (fromOurPages): a browser that says the
 * post is cross-site, or sends another Origin, is turned away; old browsers that send neither header are the
 * ones these forms are for, and are let in.
 */
import { z } from 'zod';
import { readBody, type Body } from './body';
import { httpFailureOf } from './errors';
import { clientIp } from './client-ip';
import { deviceOf, newDevice, signedDevice, signedDeviceValue } from './device-cookie';
import { fromOurPages } from './data-saver-switch';
import { typedValues } from './page-form';
import { formLoginHeaders } from './session-cookie';
import { Forbidden } from '../errors';
import { login, register, registrationSchema, requestPasswordReset, resetPassword, sessionForAccount, type LoggedIn } from '../accounts/accounts';
import { loginWithCode, phoneResetSchema, resetPasswordByPhone, sendPhoneCode, verifyCodeSchema, type Asker } from '../accounts/phone-codes';
import type { PageTranslator } from '../../lib/i18n/catalogues';
import { safeRedirect } from '../../lib/login-redirect';
import { localNumber, ugandanE164 } from '../../lib/mobile-money';
import { message } from '../../lib/messages/message';
import { sayMessage } from '../../lib/messages/say-message';
import { FIELD_MESSAGES } from '../../lib/messages/field-messages';

/** Which form a page shows as the current step: the number, its code, a password login, a sign-up, a reset's two steps. */
export type SignInForm = 'phone' | 'code' | 'password' | 'register' | 'reset-ask' | 'reset-code';

/** What a page shows after a post that did not log the shopper in. */
export type SignInPage = {
  form: SignInForm;
  /** What went wrong, said in the page's language; null when the post worked and leads to the next step. */
  problem: string | null;
  /** What the step says it did ("Password reset code sent to your phone"). */
  notice: string | null;
  status: number;
  /** Headers the refusal comes with: how long to wait (Retry-After) after too many attempts, or a full password queue. */
  headers: Record<string, string>;
  /** What was typed, to fill the form again; never a password or a code. */
  typed: Record<string, string>;
};

/** An email (or username) to mail a reset code to, as the API's reset request reads it. */
const resetAskSchema = z.object({ username: z.string().trim().toLowerCase().min(1, FIELD_MESSAGES.required).max(200, FIELD_MESSAGES.atMostCharacters(200)) });

/** The notice `?notice=reset` shows on the login page after a password was reset with a mailed code. */
export const RESET_NOTICE = 'reset';

type Context = { request: Request; clientAddress: string; i18n: PageTranslator };
type Step = { body: Body; ip: string; asker: Asker; i18n: PageTranslator };

const text = (body: Body, name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');

/** A name typed in one field, split for the account: its first word, and the rest. */
function namesOf(typed: string): { first_name?: string; last_name?: string } {
  const [first, ...rest] = typed.trim().split(/\s+/).filter(Boolean);
  return first ? { first_name: first, last_name: rest.join(' ') || undefined } : {};
}

/** The reply of a form that logged the shopper in: to the page the login was opened for, with the login's cookies. */
function loggedInReply(loggedIn: LoggedIn, { body, asker, i18n }: Step): Response {
  const headers = formLoginHeaders(loggedIn, asker);
  headers.set('Location', safeRedirect(text(body, 'redirect'), '/account', i18n.language));
  return new Response(null, { status: 303, headers });
}

/**
 * Who asks: the address, and the browser's device from its cookie or from the form (the cookie is sent only to
 * /api/users, so the page's code step carries the device it bound the code to in a hidden field).
 */
function askerOf(request: Request, body: Body, address: string): Asker {
  return { address, device: deviceOf(request) ?? signedDevice(text(body, 'device')) };
}

/** The asker with a device: a browser without one gets one here, and the code it asks for is bound to it. */
function withDevice(asker: Asker): Asker & { device: NonNullable<Asker['device']> } {
  return { address: asker.address, device: asker.device ?? newDevice() };
}

function nextStep(form: SignInForm, typed: Record<string, string>, notice: string | null = null): SignInPage {
  return { form, problem: null, notice, status: 200, headers: {}, typed };
}

async function sendLoginCode(step: Step): Promise<SignInPage> {
  const typed = text(step.body, 'phone_number').trim();
  const phone = ugandanE164(typed);
  // Checked before anything is sent, so a typo costs no text message.
  if (!phone) return { form: 'phone', problem: step.i18n.t.auth.phoneInvalid, notice: null, status: 400, headers: {}, typed: { phone_number: typed } };
  const asker = withDevice(step.asker);
  await sendPhoneCode(phone, 'login', asker, step.i18n.language);
  return nextStep('code', { phone_number: localNumber(phone), device: signedDeviceValue(asker.device) });
}

async function verifyLoginCode(step: Step): Promise<Response> {
  const names = namesOf(text(step.body, 'name'));
  const input = verifyCodeSchema.parse({ phone_number: text(step.body, 'phone_number'), code: text(step.body, 'code'), ...names });
  return loggedInReply(await loginWithCode(input, step.asker, step.i18n.language), step);
}

async function askForReset(step: Step): Promise<SignInPage> {
  const username = text(step.body, 'username').trim();
  const phone = ugandanE164(username);
  if (phone) {
    const asker = withDevice(step.asker);
    await sendPhoneCode(phone, 'reset', asker, step.i18n.language);
    const typed = { username: localNumber(phone), device: signedDeviceValue(asker.device) };
    return nextStep('reset-code', typed, sayMessage(message('account', 'resetSentPhone'), step.i18n.language));
  }
  await requestPasswordReset(resetAskSchema.parse({ username }).username, step.ip);
  return nextStep('reset-code', { username }, sayMessage(message('account', 'resetSent'), step.i18n.language));
}

/** A new password: by a texted code the shopper is logged in at once; by a mailed one the login page says it is done. */
async function resetWithCode(step: Step): Promise<Response> {
  const username = text(step.body, 'username').trim();
  const code = text(step.body, 'code');
  const password = text(step.body, 'password');
  const phone = ugandanE164(username);
  if (phone) {
    const account = await resetPasswordByPhone(phoneResetSchema.parse({ phone_number: phone, code, password }), step.asker);
    return loggedInReply(await sessionForAccount(account), step);
  }
  await resetPassword(username, code, password, step.ip);
  const redirect = text(step.body, 'redirect');
  const query = new URLSearchParams({ notice: RESET_NOTICE, ...(redirect ? { redirect } : {}) });
  return new Response(null, { status: 303, headers: { Location: `${step.i18n.path('/auth/login')}?${query}`, 'Cache-Control': 'no-store' } });
}

/** Which form each task is typed in, for showing its problem there. */
const FORM_OF_TASK: Record<string, SignInForm> = {
  send_code: 'phone',
  verify_code: 'code',
  login: 'password',
  register: 'register',
  request_password_reset: 'reset-ask',
  reset_password: 'reset-code',
};

async function act(task: string, step: Step): Promise<Response | SignInPage> {
  const { body, ip, i18n } = step;
  switch (task) {
    case 'send_code':
      return sendLoginCode(step);
    case 'verify_code':
      return verifyLoginCode(step);
    case 'register':
      return loggedInReply(await register(registrationSchema.parse(body), i18n.language, ip), step);
    case 'request_password_reset':
      return askForReset(step);
    case 'reset_password':
      return resetWithCode(step);
    default:
      return loggedInReply(await login(text(body, 'username').trim().toLowerCase(), text(body, 'password'), ip), step);
  }
}

/**
 * Answers a post to the login, sign-up or forgotten-password page: a redirect when the shopper is now logged in
 * (or, after a reset by a mailed code, to the login page), else what the page shows next.
 */
export async function answerSignInForm({ request, clientAddress, i18n }: Context): Promise<Response | SignInPage> {
  let body: Body = {};
  try {
    if (!fromOurPages(request)) throw new Forbidden(message('request', 'notFromStorePage'));
    body = await readBody(request);
    const ip = clientIp(request, clientAddress);
    return await act(text(body, 'task'), { body, ip, asker: askerOf(request, body, ip), i18n });
  } catch (error) {
    const refusal = httpFailureOf(error);
    if (!refusal) throw error;
    const { password: _password, code: _code, ...kept } = typedValues(body);
    return {
      form: FORM_OF_TASK[text(body, 'task')] ?? 'password',
      problem: sayMessage(refusal.message, i18n.language),
      notice: null,
      status: refusal.status,
      headers: refusal.headers,
      typed: kept,
    };
  }
}

/**
 * What a sign-in page shows: null for a page only opened; for a post, the redirect to answer with, or the next step
 * with the reply's status set and kept by nobody (it is one shopper's).
 */
export async function signInPageStep(astro: {
  request: Request;
  clientAddress: string;
  locals: { i18n: PageTranslator };
  response: { status?: number; headers: Headers };
}): Promise<Response | SignInPage | null> {
  if (astro.request.method !== 'POST') return null;
  const page = await answerSignInForm({ request: astro.request, clientAddress: astro.clientAddress, i18n: astro.locals.i18n });
  if (page instanceof Response) return page;
  astro.response.status = page.status;
  for (const [name, value] of Object.entries(page.headers)) astro.response.headers.set(name, value);
  astro.response.headers.set('Cache-Control', 'private, no-store');
  return page;
}
