/**
 * Dates as shoppers in Uganda read them, in Kampala time (UTC+3 all year). Written out rather than left
 * to Intl because the server's and a phone's ICU disagree on month names ("Sep" and "Sept"), which would
 * make a server-rendered island's HTML differ from its first render in the browser.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

const inKampala = (iso: string) => new Date(new Date(iso).getTime() + KAMPALA_OFFSET_MS);
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "30 Oct 2026" */
export function kampalaDate(iso: string): string {
  const time = inKampala(iso);
  return `${time.getUTCDate()} ${MONTHS[time.getUTCMonth()]} ${time.getUTCFullYear()}`;
}

/** "30 Oct 2026, 14:05:09 EAT" */
export function kampalaDateTime(iso: string): string {
  const time = inKampala(iso);
  return `${kampalaDate(iso)}, ${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())}:${twoDigits(time.getUTCSeconds())} EAT`;
}
