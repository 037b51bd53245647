/**
 * The /ussd developer page's phone: it dials and sends as Africa's Talking would, to the same answering code as the
 * callback (answerUssd), so the menu can be tried without a network, with any number.
 */
import { randomUUID } from 'node:crypto';
import { answerUssd } from './ussd';

/** The service code the page shows being dialled. */
export const DEMO_SERVICE_CODE = '*384*12#';

/** What the page's form sends: the number, the session and its inputs so far, what was typed, and the key pressed. */
export type DemoForm = { phone: string; session: string; text: string; steps: string; input: string; action: string };

/** The phone's state after a key: the session's id and text (empty once it ended), the screen, and whether it ended. */
export type DemoPhone = { phone: string; session: string; text: string; steps: number; screen: string; ended: boolean };

const field = (form: Record<string, unknown>, name: keyof DemoForm, most: number) =>
  typeof form[name] === 'string' ? (form[name] as string).slice(0, most) : '';

/** Dials (a new session) or sends the typed input in the session, as the network relays it. */
export async function pressDemoKey(form: Record<string, unknown>, origin: string): Promise<DemoPhone> {
  const phone = field(form, 'phone', 40).trim();
  const dialling = field(form, 'action', 10) === 'dial' || !field(form, 'session', 100);
  const session = dialling ? `demo-${randomUUID()}` : field(form, 'session', 100);
  const before = field(form, 'text', 2000);
  const input = field(form, 'input', 200);
  const steps = dialling ? 0 : Math.max(0, Number.parseInt(field(form, 'steps', 4), 10) || 0) + 1;
  // The network joins every input with `*`: the first one stands alone.
  const text = dialling ? '' : steps === 1 ? input : `${before}*${input}`;
  const reply = await answerUssd({ sessionId: session, serviceCode: DEMO_SERVICE_CODE, phoneNumber: phone, networkCode: '64110', text }, origin);
  const ended = reply.startsWith('END ');
  return { phone, session: ended ? '' : session, text: ended ? '' : text, steps: ended ? 0 : steps, screen: reply.slice(4), ended };
}
