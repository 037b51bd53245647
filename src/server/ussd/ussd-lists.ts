/** What the menu's screens share: numbered lists in pages, More and Back, and the "Choose 1-5" of a wrong key. */
import { BACK_KEY, MORE_KEY, pageOf, type Choice } from './screen';
import { typedNumber } from './text-path';
import type { Move, Place, UssdContext } from './ussd-places';

/** "Choose 1-5" ("Send 00 to go back." where Back is the only key): the same screen again, saying which keys it takes. */
export function chooseAgain(ctx: UssdContext, count: number): Move {
  if (count === 0) return { stay: ctx.tr.t.ussd.backOnly };
  return { stay: ctx.tr.fill(ctx.tr.t.ussd.choose, { first: 1, last: count }) };
}

/** The index (from 0) of the numbered choice typed, among `count`, or null. */
export function pickedIndex(input: string, count: number): number | null {
  const number = typedNumber(input);
  return number !== null && number >= 1 && number <= count ? number - 1 : null;
}

export const backChoice = (ctx: UssdContext): Choice => ({ key: BACK_KEY, label: ctx.tr.t.ussd.back });
export const moreChoice = (ctx: UssdContext): Choice => ({ key: MORE_KEY, label: ctx.tr.t.ussd.more });

/** A page of a list: its items and whether a page follows. */
export type ListPage<T> = { items: T[]; more: boolean };

/** Page `page` of a list read whole. */
export const pageOfList = <T>(all: readonly T[], page: number): ListPage<T> => pageOf(all, page);

/** A page of a list as numbered choices, with More when a page follows and Back. */
export function listChoices<T>(ctx: UssdContext, { items, more }: ListPage<T>, label: (item: T) => string, keep?: (item: T) => string): Choice[] {
  const choices = items.map((item, index) => ({ key: String(index + 1), label: label(item), keep: keep?.(item) }));
  return [...choices, ...(more ? [moreChoice(ctx)] : []), backChoice(ctx)];
}

/**
 * An input on a paged list: 0 shows the next page, 00 the one before (or the screen before the list), a number picks
 * from the page; anything else shows the page again with "Choose 1-N".
 */
export async function answerPaged<P extends Place & { page: number }, T>(
  ctx: UssdContext,
  place: P,
  { items, more }: ListPage<T>,
  input: string,
  pick: (item: T) => Promise<Move> | Move,
): Promise<Move> {
  if (input === MORE_KEY && more) return { swap: { ...place, page: place.page + 1 } as Place };
  if (input === BACK_KEY) return place.page > 1 ? { swap: { ...place, page: place.page - 1 } as Place } : { back: true };
  const index = pickedIndex(input, items.length);
  return index === null ? chooseAgain(ctx, items.length) : pick(items[index]!);
}

/** An input on a screen of fixed choices (no pages): 00 goes back when `back`, a number picks. */
export async function answerChoice(ctx: UssdContext, input: string, count: number, pick: (index: number) => Promise<Move> | Move, back = true): Promise<Move> {
  if (back && input === BACK_KEY) return { back: true };
  const index = pickedIndex(input, count);
  return index === null ? chooseAgain(ctx, count) : pick(index);
}
