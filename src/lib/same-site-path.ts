/**
 * The one rule for a path that sends a browser somewhere on this store: the login's `redirect`, the `back` of
 * the language and data-saver switches, the way to a chosen language's page. A target passes only when every
 * reading of it stays on the store: as a browser reads a Location (tabs and newlines dropped, a backslash is a
 * slash, `.`/`..` and `%2e` segments resolved), and as whatever decodes it later reads it (percent-encodings
 * undone, as often as they nest). Anything that could then start with `//` or `/\`, name a scheme or another
 * host, or hold a control character or a space in its path is refused.
 */
import { pathWithoutLanguage } from './i18n/languages';

const STORE_ORIGIN = 'http://same-store.invalid';
/** An encoding nested deeper than this is no path a page of ours made: refused rather than decoded further. */
const MAX_DECODINGS = 4;
const ENCODED_ASCII = /%([0-7][0-9a-f])/gi;

/**
 * `target` as a path on this store (path, query and fragment, dot segments resolved), or null when following
 * it, or a decoding of it, could lead anywhere else.
 */
export function sameSitePath(target: string | null | undefined): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || holdsControl(target, SPACE)) return null;
  const decoded = decodedAscii(target);
  if (decoded === null || holdsControl(decoded) || holdsControl(pathPart(decoded), SPACE)) return null;
  if (resolvedOnStore(decoded.replaceAll('\\', '/')) === null) return null;
  return resolvedOnStore(target);
}

/** `target` read as a browser reads a link on the store's page, or null when it leaves the store. */
function resolvedOnStore(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, STORE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== STORE_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  return leavesStore(path) || leavesStore(pathWithoutLanguage(path)) ? null : path;
}

const SPACE = 0x20;

/** Whether `text` holds a control character (or any character up to `highest`: the space too). */
function holdsControl(text: string, highest = 0x1f): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= highest || code === 0x7f) return true;
  }
  return false;
}

/** `//host` and `/\host` are other sites to a browser, whatever follows. */
function leavesStore(path: string): boolean {
  return !path.startsWith('/') || path[1] === '/' || path[1] === '\\';
}

/** The path alone, before its query or fragment. */
function pathPart(target: string): string {
  return target.split(/[?#]/, 1)[0]!;
}

/**
 * `target` with its percent-encoded ASCII undone until none is left (a `%252e` is a `%2e` is a `.`), or null
 * when it nests too deep. Only ASCII is decoded: every character that can turn a path into another site is
 * ASCII, and encoded letters of other scripts stay as they are.
 */
function decodedAscii(target: string): string | null {
  let text = target;
  for (let round = 0; round <= MAX_DECODINGS; round++) {
    const next = text.replace(ENCODED_ASCII, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === text) return text;
    text = next;
  }
  return null;
}
