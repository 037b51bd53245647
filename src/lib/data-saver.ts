/**
 * Data-saver mode: smaller, lighter pictures and no picture a shopper did not ask for. It is on when the phone
 * asks every site to save data (the `Save-Data: on` request header that Chrome's Lite mode, Opera Mini and
 * data-saving proxies send), or when the shopper turned on the footer's switch (remembered in a cookie).
 * The page cache keys pages by this mode and pages read it from `Astro.locals.dataSaver` (src/middleware.ts),
 * so both get it from `dataSaverOf` alone.
 */
import { cookieValue } from './cookies';

/** The cookie the footer's switch sets: `1` while the shopper wants data saved. Not personal: it names no one. */
export const DATA_SAVER_COOKIE = 'data_saver';

/** How long the switch is remembered: a year, renewed each time it is turned on. */
export const DATA_SAVER_COOKIE_DAYS = 365;

/**
 * Who asked for data-saver mode: nobody (`off`), the phone (`phone`: its `Save-Data: on` header, which the
 * store cannot turn off) or the shopper with the footer's switch (`switch`). The phone wins when both did, since
 * the switch's state changes nothing while the phone asks.
 */
export type DataSaver = 'off' | 'phone' | 'switch';

/** Whether pages are made light for this request. */
export function savesData(mode: DataSaver): boolean {
  return mode !== 'off';
}

/**
 * The mode of a request from its `Save-Data` and `Cookie` headers. `Save-Data` is a list whose first token is
 * `on` when data should be saved (`on`, `On; foo`); anything else, or a header sent twice and joined, counts
 * as its first value.
 */
export function dataSaverOf(saveData: string | null | undefined, cookie: string | null | undefined): DataSaver {
  if (saveData && saveData.split(/[;,]/, 1)[0]!.trim().toLowerCase() === 'on') return 'phone';
  return cookieValue(cookie, DATA_SAVER_COOKIE) === '1' ? 'switch' : 'off';
}
