/**
 * Answers Africa's Talking's USSD callback: the session's state is read from the database, the shopper's new input
 * is applied by the screen they were on, and the next screen is drawn and written back, so consecutive screens may
 * be answered by different store instances. Nothing a shopper types ends the session with an error: a key the screen
 * does not take shows it again with "Choose 1-5", and an unexpected fault is logged and answered with the screen
 * before it and an apology.
 */
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { ugandanE164 } from '../../lib/mobile-money';
import { STORE } from '../../lib/store';
import { log } from '../log';
import { ussdReply, type Screen } from './screen';
import { newInputs } from './text-path';
import { BuyerByNumber } from './ussd-account';
import { isOrderUnderway, stepOf } from './ussd-menu';
import { currentPlace, startState, type Move, type UssdContext, type UssdState } from './ussd-places';
import { createSession, cutOffSession, findSession, numberLanguage, saveSession, type UssdSessionRow } from './ussd-sessions';

/** The fields of Africa's Talking's callback, as sent. */
export type UssdCall = { sessionId: string; serviceCode: string; phoneNumber: string; networkCode: string; text: string };

/** The longest session id taken (Africa's Talking's are about 30 characters). */
const MAX_SESSION_ID = 100;

/**
 * A number's language before it has chosen one: the network's country's (Kenya's and Tanzania's networks, mobile
 * country codes 639 and 640, speak Swahili), English otherwise, Uganda's included.
 */
export function networkLanguage(networkCode: string): Language {
  return /^(639|640)/.test(networkCode) ? 'sw' : 'en';
}

/** The words of the last resort: the session cannot go on, in the language it had. */
const failedScreen = (language: Language): Screen => ({ lines: [pageTranslator(language).t.ussd.failed], choices: [], end: true });

function contextFor(sessionId: string, phone: string, language: Language, origin: string, state: UssdState, buyer = new BuyerByNumber(phone)): UssdContext {
  return { sessionId, phone, language, tr: pageTranslator(language), origin, buyer, state };
}

/** Applies a step's move to the context's state; a final screen when it ends the session. */
function applyMove(ctx: UssdContext, move: Move): Screen | null {
  const { state } = ctx;
  if ('to' in move) state.stack.push(move.to);
  else if ('swap' in move) state.stack[state.stack.length - 1] = move.swap;
  else if ('back' in move) state.stack = state.stack.length > 1 ? state.stack.slice(0, -1) : state.stack;
  else if ('home' in move) state.stack = [{ kind: 'main' }];
  else if ('stay' in move) state.notice = move.stay;
  else if ('language' in move) {
    ctx.language = move.language;
    ctx.tr = pageTranslator(move.language);
    state.stack = [{ kind: 'main' }];
    state.notice = ctx.tr.t.ussd.languageSaved;
  } else return move.end;
  return null;
}

/** Applies the inputs one by one, then draws the screen the shopper is on (or the final one). */
async function advance(ctx: UssdContext, inputs: string[]): Promise<Screen> {
  let before = structuredClone(ctx.state);
  for (const input of inputs) {
    ctx.state.notice = undefined;
    before = structuredClone(ctx.state);
    try {
      const place = currentPlace(ctx.state);
      const final = applyMove(ctx, await stepOf(place).answer(ctx, place, input));
      if (final) return final;
    } catch (error) {
      log.error({ err: error, session: ctx.sessionId }, '[ussd] an input could not be answered');
      ctx.state = { ...before, notice: ctx.tr.t.ussd.failed };
      break;
    }
  }
  try {
    return await drawCurrent(ctx);
  } catch (error) {
    // The screen reached cannot be drawn: the one before it is shown again, with an apology.
    log.error({ err: error, session: ctx.sessionId }, '[ussd] a screen could not be drawn');
    ctx.state = { ...before, notice: ctx.tr.t.ussd.failed };
    return drawCurrent(ctx);
  }
}

/** The screen on top, with the notice the last input left (said once). */
async function drawCurrent(ctx: UssdContext): Promise<Screen> {
  const place = currentPlace(ctx.state);
  const screen = await stepOf(place).draw(ctx, place);
  const notice = ctx.state.notice;
  ctx.state.notice = undefined;
  return notice ? { ...screen, notice } : screen;
}

/** The first screen of a session: the main menu, or "Continue your order?" after one cut off a moment ago. */
async function firstState(sessionId: string, phone: string): Promise<UssdState> {
  const state = startState();
  const earlier = await cutOffSession(phone, sessionId);
  if (earlier && earlier.order_id === null && isOrderUnderway(earlier.state as UssdState)) state.stack.push({ kind: 'resume', from: earlier.id });
  return state;
}

/** Answers a callback: `CON` and the next screen, or `END` and the last one. */
export async function answerUssd(call: UssdCall, origin: string): Promise<string> {
  const sessionId = call.sessionId.trim();
  const phone = ugandanE164(call.phoneNumber);
  const fallback = networkLanguage(call.networkCode);
  if (!sessionId || sessionId.length > MAX_SESSION_ID || !call.phoneNumber.trim()) return ussdReply(failedScreen(fallback));
  if (!phone) return ussdReply({ lines: [pageTranslator(fallback).t.ussd.ugandanOnly.replace('{store}', STORE.name)], choices: [], end: true });
  try {
    const session = await findSession(sessionId);
    return session ? await nextScreen(session, call, phone, origin) : await firstScreen(call, sessionId, phone, origin, fallback);
  } catch (error) {
    log.error({ err: error, session: sessionId }, '[ussd] a callback could not be answered');
    return ussdReply(failedScreen(fallback));
  }
}

async function firstScreen(call: UssdCall, sessionId: string, phone: string, origin: string, fallback: Language): Promise<string> {
  const buyer = new BuyerByNumber(phone);
  const [account, chosen, state] = await Promise.all([buyer.account(), numberLanguage(phone), firstState(sessionId, phone)]);
  const language = account?.language ?? chosen ?? fallback;
  const ctx = contextFor(sessionId, phone, language, origin, state, buyer);
  const screen = await advance(ctx, newInputs(null, call.text));
  const reply = ussdReply(screen);
  const written = await createSession({
    id: sessionId,
    phone,
    service_code: call.serviceCode.slice(0, 40),
    network_code: call.networkCode.slice(0, 20),
    language: ctx.language,
    state: ctx.state as unknown as Record<string, unknown>,
    last_text: call.text,
    last_reply: reply,
    status: screen.end ? 'ended' : 'open',
  });
  if (written) return reply;
  // Another instance answered the same first callback a moment before: its answer stands.
  return (await findSession(sessionId))?.last_reply ?? reply;
}

async function nextScreen(session: UssdSessionRow, call: UssdCall, phone: string, origin: string): Promise<string> {
  // The same text again (the network retried), or a session already ended: the answer already given.
  if (call.text === session.last_text || session.status !== 'open' || session.phone !== phone) return session.last_reply;
  const ctx = contextFor(session.id, phone, session.language, origin, session.state as unknown as UssdState);
  const screen = await advance(ctx, newInputs(session.last_text, call.text));
  const reply = ussdReply(screen);
  const saved = await saveSession(session.id, session.step, {
    language: ctx.language,
    state: ctx.state as unknown as Record<string, unknown>,
    last_text: call.text,
    last_reply: reply,
    order_id: ctx.placedOrderId ?? session.order_id,
    status: screen.end ? 'ended' : 'open',
  });
  if (saved) return reply;
  return (await findSession(session.id))?.last_reply ?? reply;
}
