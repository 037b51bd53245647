/**
 * The menu's own screens (main, language, help, "Continue your order?") and the table of every screen's step.
 */
import { getDb } from '../db/client';
import { rememberLanguage } from '../accounts/users';
import { LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/languages';
import { STORE } from '../../lib/store';
import { answerChoice, backChoice, chooseAgain } from './ussd-lists';
import { categoriesStep, colourStep, productStep, productsStep, quantityStep, searchStep, sizeStep } from './ussd-shop';
import { confirmStep, nameStep, payStep, placeStep } from './ussd-checkout';
import { cancelStep, orderStep, ordersStep, partStep } from './ussd-orders';
import { closeCutOffSession, findSession, rememberNumberLanguage } from './ussd-sessions';
import type { Move, Place, PlaceKind, Step, UssdContext, UssdState } from './ussd-places';

const MAIN_CHOICES: Place[] = [{ kind: 'categories', parent: null, page: 1 }, { kind: 'search' }, { kind: 'orders' }, { kind: 'language' }, { kind: 'help' }];

const mainStep: Step<Extract<Place, { kind: 'main' }>> = {
  draw(ctx) {
    const { t, fill } = ctx.tr;
    const words = t.ussd.main;
    const labels = [words.shop, words.search, words.orders, words.language, words.help];
    return { lines: [fill(words.welcome, { store: STORE.name })], choices: labels.map((label, index) => ({ key: String(index + 1), label })) };
  },
  answer: (ctx, _place, input) => answerChoice(ctx, input, MAIN_CHOICES.length, (index) => ({ to: MAIN_CHOICES[index]! }), false),
};

const languageStep: Step<Extract<Place, { kind: 'language' }>> = {
  draw: (ctx) => ({
    lines: [ctx.tr.t.ussd.main.language],
    choices: [...LANGUAGES.map((language, index) => ({ key: String(index + 1), label: LANGUAGE_NAMES[language] })), backChoice(ctx)],
  }),
  answer: (ctx, _place, input) =>
    answerChoice(ctx, input, LANGUAGES.length, async (index) => {
      const language = LANGUAGES[index]!;
      const account = await ctx.buyer.account();
      // The account's language is the one its texts and mails are in too; a number without one keeps it here.
      if (account) await rememberLanguage(await getDb(), account.id, language);
      else await rememberNumberLanguage(ctx.phone, language);
      return { language };
    }),
};

const helpStep: Step<Extract<Place, { kind: 'help' }>> = {
  draw: (ctx) => ({ lines: [ctx.tr.fill(ctx.tr.t.ussd.help, { store: STORE.name, phone: STORE.phone })], choices: [backChoice(ctx)] }),
  answer: (ctx, _place, input) => answerChoice(ctx, input, 0, () => chooseAgain(ctx, 0)),
};

/** The screens of an order being put together: a session cut off on one of them may be continued. */
const ORDER_KINDS: ReadonlySet<PlaceKind> = new Set(['product', 'colour', 'size', 'quantity', 'place', 'pay', 'name', 'confirm']);

/** Whether a session's state is an order cut off half way. */
export function isOrderUnderway(state: UssdState): boolean {
  const top = state.stack.at(-1);
  return state.draft.product_id !== undefined && top !== undefined && ORDER_KINDS.has(top.kind);
}

const resumeStep: Step<Extract<Place, { kind: 'resume' }>> = {
  async draw(ctx, place) {
    const earlier = await findSession(place.from);
    const name = (earlier?.state as UssdState | undefined)?.draft.product_name ?? '';
    return {
      lines: [ctx.tr.fill(ctx.tr.t.ussd.resume, { name })],
      choices: [
        { key: '1', label: ctx.tr.t.ussd.yes },
        { key: '2', label: ctx.tr.t.ussd.no },
      ],
    };
  },
  answer: (ctx, place, input) =>
    answerChoice(
      ctx,
      input,
      2,
      async (index): Promise<Move> => {
        const earlier = await findSession(place.from);
        if (index === 1 || !earlier) {
          if (earlier) await closeCutOffSession(earlier.id, 'dropped');
          return { home: true };
        }
        // Taken over once: a second session dialled at the same moment finds it closed and starts afresh.
        if (!(await closeCutOffSession(earlier.id, 'resumed'))) return { home: true };
        const { stack, draft } = earlier.state as UssdState;
        ctx.state.draft = draft;
        ctx.state.stack = [{ kind: 'main' }, ...stack.filter((step) => step.kind !== 'main')];
        return { swap: ctx.state.stack.at(-1)! };
      },
      false,
    ),
};

/** Every screen's step, by kind. */
export const STEPS: { [K in PlaceKind]: Step<Extract<Place, { kind: K }>> } = {
  main: mainStep,
  categories: categoriesStep,
  search: searchStep,
  products: productsStep,
  product: productStep,
  colour: colourStep,
  size: sizeStep,
  quantity: quantityStep,
  place: placeStep,
  pay: payStep,
  name: nameStep,
  confirm: confirmStep,
  orders: ordersStep,
  order: orderStep,
  part: partStep,
  cancel: cancelStep,
  language: languageStep,
  help: helpStep,
  resume: resumeStep,
};

/** The step of a place (the table's types cannot follow a place of any kind to its own step). */
export function stepOf(place: Place): Step<Place> {
  return STEPS[place.kind] as Step<Place>;
}

export type { UssdContext };
