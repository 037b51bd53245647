/**
 * Reading Africa's Talking's `text`: every input of the session so far joined by `*` ("1*3*2"), sent whole with each
 * callback. The store keeps the text it last answered, so the new input is what follows it, taken whole: a search
 * for "a*b" or a name with a star in it stays one input, and a callback sent twice (same text) has none. A session's
 * first callback may already carry inputs (a shortcut dialled as *384*12*1#): each is then applied in turn.
 */

/** The longest input kept: a USSD reply is at most 182 characters, so anything longer was not typed on one screen. */
export const MAX_INPUT_LENGTH = 160;

/** The most inputs a first callback's text is taken as (a dialled shortcut is a few). */
export const MAX_DIALLED_INPUTS = 8;

/** An input as the menus read it: control characters removed, spaces trimmed and squeezed, at most MAX_INPUT_LENGTH. */
export function cleanInput(input: string): string {
  return input
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_INPUT_LENGTH);
}

/**
 * The inputs `text` adds to `previous`, the text the session last answered (null for a session's first callback).
 * Inputs are cleaned (cleanInput); an empty input (the shopper sent nothing) is kept as ''.
 */
export function newInputs(previous: string | null, text: string): string[] {
  if (previous === null) {
    if (text === '') return [];
    return text.split('*').slice(0, MAX_DIALLED_INPUTS).map(cleanInput);
  }
  if (text === previous) return [];
  if (previous === '') return [cleanInput(text)];
  if (text.startsWith(`${previous}*`)) return [cleanInput(text.slice(previous.length + 1))];
  // The network's text does not follow ours (it should not happen): its last part is what was typed last.
  return [cleanInput(text.slice(text.lastIndexOf('*') + 1))];
}

/** A whole number typed as one (digits only, at most 6), or null: "2" is 2, " 2 " is 2, "2a", "-1", "1.5" and "" are null. */
export function typedNumber(input: string): number | null {
  return /^\d{1,6}$/.test(input) ? Number(input) : null;
}
