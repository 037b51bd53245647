/**
 * One USSD screen as the phone shows it: at most 182 characters, all in GSM-7 (Africa's Talking sends nothing
 * else), and at most 7 numbered choices. Texts are made to fit here, once, whatever language and whatever product
 * or place names they carry: choices' labels are cut first (a long product name ends in "...", since GSM-7 has no
 * single-character ellipsis), then the lines above them, so the numbers to type always show.
 */
import { gsm7Length, shortenToSeptets, toGsm7 } from '../../lib/gsm7';

/** The most characters Africa's Talking shows on one screen. */
export const USSD_SCREEN_CHARACTERS = 182;
/** The most numbered choices on one screen (five of a list, More and Back). */
export const MAX_CHOICES = 7;
/** Items of a list on one screen, leaving room for 0 More and 00 Back. */
export const PAGE_SIZE = 5;
/** The keys every list uses to page and go back. */
export const MORE_KEY = '0';
export const BACK_KEY = '00';

/** A numbered choice; `keep` follows the label and is never cut (a product's price). */
export type Choice = { key: string; label: string; keep?: string };

/** What a screen says: a notice first ("Choose 1-5"), lines, then choices; `end` closes the session. */
export type Screen = { notice?: string; lines: string[]; choices: Choice[]; end?: boolean };

const choiceLine = (choice: Choice) => `${choice.key} ${choice.label}${choice.keep ? ` ${choice.keep}` : ''}`;

/** How many characters `lines` take joined by line breaks. */
const joinedLength = (lines: readonly string[]) => lines.reduce((sum, line) => sum + gsm7Length(line), 0) + Math.max(0, lines.length - 1);

/**
 * Room for each of `texts` so that together they take at most `room`: short ones keep their length, and what they
 * leave is shared among the long ones.
 */
function share(texts: readonly string[], room: number): number[] {
  const lengths = texts.map(gsm7Length);
  const given = lengths.map(() => 0);
  let left = Math.max(0, room);
  let open = lengths.map((_, index) => index);
  while (open.length > 0) {
    const each = Math.floor(left / open.length);
    const fitting = open.filter((index) => lengths[index]! <= each);
    if (fitting.length === 0) {
      for (const index of open) given[index] = each;
      break;
    }
    for (const index of fitting) {
      given[index] = lengths[index]!;
      left -= lengths[index]!;
    }
    open = open.filter((index) => !fitting.includes(index));
  }
  return given;
}

/** `texts` each cut (with "...") to its share of `room`. */
function fitAll(texts: readonly string[], room: number): string[] {
  const rooms = share(texts, room);
  return texts.map((text, index) => shortenToSeptets(text, rooms[index]!));
}

/** The screen's text, in GSM-7 and at most USSD_SCREEN_CHARACTERS long. */
export function drawScreen(screen: Screen): string {
  if (screen.choices.length > MAX_CHOICES) throw new Error(`A USSD screen offers ${screen.choices.length} choices; at most ${MAX_CHOICES} fit`);
  const plain = (text: string) => toGsm7(text).replace(/\r/g, '').trim();
  const head = [...(screen.notice ? [plain(screen.notice)] : []), ...screen.lines.flatMap((line) => plain(line).split('\n'))].filter(Boolean);
  const choices = screen.choices.map((choice) => ({
    key: choice.key,
    label: plain(choice.label).replace(/\n/g, ' '),
    keep: choice.keep ? plain(choice.keep) : undefined,
  }));
  const whole = [...head, ...choices.map(choiceLine)];
  if (joinedLength(whole) <= USSD_SCREEN_CHARACTERS) return whole.join('\n');

  // The keys, their spaces and the line breaks stay; labels share what is left after the head, taking at least half.
  const fixed =
    choices.reduce((sum, choice) => sum + gsm7Length(choice.key) + 1 + (choice.keep ? gsm7Length(choice.keep) + 1 : 0), 0) +
    Math.max(0, head.length + choices.length - 1);
  const headLength = head.reduce((sum, line) => sum + gsm7Length(line), 0);
  const labelsLength = choices.reduce((sum, choice) => sum + gsm7Length(choice.label), 0);
  const room = USSD_SCREEN_CHARACTERS - fixed;
  const labelRoom = Math.min(labelsLength, Math.max(Math.floor(room / 2), room - headLength));
  const labels = fitAll(
    choices.map((choice) => choice.label),
    labelRoom,
  );
  const usedByLabels = labels.reduce((sum, label) => sum + gsm7Length(label), 0);
  const lines = fitAll(head, room - usedByLabels);
  const drawn = [...lines.filter(Boolean), ...choices.map((choice, index) => choiceLine({ ...choice, label: labels[index]! }))].join('\n');
  // Dropping an emptied head line spares its line break, so this holds; the cut is the last guard.
  return shortenToSeptets(drawn, USSD_SCREEN_CHARACTERS);
}

/** The reply to Africa's Talking: `CON ` and the screen when the session goes on, `END ` and it when it ends. */
export function ussdReply(screen: Screen): string {
  return `${screen.end ? 'END' : 'CON'} ${drawScreen(screen)}`;
}

/** The items of page `page` (from 1) of a list, and whether a page follows. */
export function pageOf<T>(items: readonly T[], page: number, size = PAGE_SIZE): { items: T[]; more: boolean } {
  const start = (page - 1) * size;
  return { items: items.slice(start, start + size), more: items.length > start + size };
}
