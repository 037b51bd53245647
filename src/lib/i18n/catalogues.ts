/** Every language's whole catalogue, for the server: pages, mails and texts. Islands load theirs through ./current.ts. */
import { en, type Texts } from './en';
import { lg } from './lg';
import { sw } from './sw';
import type { Language } from './languages';
import { translator, type Translator } from './translate';

export const CATALOGUES: Record<Language, Texts> = { en, lg, sw };

export type PageTranslator = Translator<Texts>;

/** The translator a page, a mail or a text message in `language` speaks with. */
export function pageTranslator(language: Language): PageTranslator {
  return translator(language, CATALOGUES[language]);
}
