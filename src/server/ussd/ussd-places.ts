/**
 * Where a USSD shopper is: the screens they came through (a stack, so 00 goes back) and the order they are putting
 * together. Kept as JSON in the session's row (ussd-sessions.ts), so any instance can answer the next screen.
 */
import type { Language } from '../../lib/i18n/languages';
import type { PageTranslator } from '../../lib/i18n/catalogues';
import type { Screen } from './screen';
import type { MobileMoneyGateway } from '../../lib/mobile-money';
import type { BuyerByNumber } from './ussd-account';

/** One screen of the menu and what it shows. `page` counts from 1. */
export type Place =
  | { kind: 'main' }
  | { kind: 'categories'; parent: number | null; page: number }
  | { kind: 'search' }
  | { kind: 'products'; category: number | null; search: string | null; page: number }
  | { kind: 'product'; id: number }
  | { kind: 'colour'; page: number }
  | { kind: 'size'; page: number }
  | { kind: 'quantity' }
  | { kind: 'place'; page: number }
  /** `ways`: the ways to pay the screen offered when it was drawn, so its keys mean what the shopper read without asking again. */
  | { kind: 'pay'; ways?: (MobileMoneyGateway | 'cash_on_delivery')[] }
  | { kind: 'name' }
  | { kind: 'confirm' }
  | { kind: 'orders' }
  | { kind: 'order'; id: number }
  | { kind: 'part'; order: number; part: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'language' }
  | { kind: 'help' }
  | { kind: 'resume'; from: string };

export type PlaceKind = Place['kind'];

/** The order being put together, filled screen by screen. */
export type Draft = {
  product_id?: number;
  /** The product's name, for "Continue your order?". */
  product_name?: string;
  color?: string;
  size?: string;
  quantity?: number;
  location_id?: number;
  gateway?: MobileMoneyGateway | 'cash_on_delivery';
  /** The buyer's name, asked once of a number without an account or a name. */
  buyer_name?: string;
};

export type UssdState = { stack: Place[]; draft: Draft; notice?: string };

/** The session's first state: the main menu. */
export const startState = (): UssdState => ({ stack: [{ kind: 'main' }], draft: {} });

/** The screen on top. */
export const currentPlace = (state: UssdState): Place => state.stack.at(-1) ?? { kind: 'main' };

/** What a screen's step answers an input with. */
export type Move =
  | { to: Place }
  | { swap: Place }
  | { back: true }
  | { home: true }
  | { stay: string }
  | { end: Screen }
  /** A new language: the screens from here on speak it. */
  | { language: Language };

/** What every step may read: the session, its number, its language and words, and the account behind the number. */
export type UssdContext = {
  sessionId: string;
  /** The dialing number, +2567XXXXXXXX. */
  phone: string;
  language: Language;
  tr: PageTranslator;
  /** The store's address, for what the order tells the payment networks. */
  origin: string;
  buyer: BuyerByNumber;
  state: UssdState;
  /** The order this callback placed, once it has. */
  placedOrderId?: number;
};

/** A screen's step: how it shows (`draw`) and what an input on it does (`answer`). */
export type Step<P extends Place> = {
  draw: (ctx: UssdContext, place: P) => Promise<Screen> | Screen;
  answer: (ctx: UssdContext, place: P, input: string) => Promise<Move> | Move;
};
