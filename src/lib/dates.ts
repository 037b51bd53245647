/**
 * Dates as shoppers in Uganda read them, in Kampala time (UTC+3 all year), in the page's language. Written out
 * rather than left to Intl because the server's and a phone's ICU disagree on month names ("Sep" and "Sept",
 * and a phone may have no Luganda at all), which would make a server-rendered island's HTML differ from its
 * first render in the browser. The month names are CLDR's abbreviations for en-UG, lg-UG and sw-UG.
 */
import type { Language } from './i18n/languages';

const MONTHS: Record<Language, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  lg: ['Jan', 'Feb', 'Mar', 'Apu', 'Maa', 'Juu', 'Jul', 'Agu', 'Seb', 'Oki', 'Nov', 'Des'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
};
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

const inKampala = (iso: string) => new Date(new Date(iso).getTime() + KAMPALA_OFFSET_MS);
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "30 Oct 2026" (Luganda "30 Oki 2026", Swahili "30 Okt 2026") */
export function kampalaDate(iso: string, language: Language = 'en'): string {
  const time = inKampala(iso);
  return `${time.getUTCDate()} ${MONTHS[language][time.getUTCMonth()]} ${time.getUTCFullYear()}`;
}

/** "30 Oct 2026, 14:05 EAT" */
export function kampalaDateTime(iso: string, language: Language = 'en'): string {
  const time = inKampala(iso);
  return `${kampalaDate(iso, language)}, ${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())} EAT`;
}

/** "2026-10-30": the Kampala day, as statements and spreadsheets write it */
export function kampalaDay(iso: string): string {
  return inKampala(iso).toISOString().slice(0, 10);
}
