/**
 * A message (./message.ts) said in a language: its entry in that language's outcome table, written with its values,
 * the values that are messages said first in the same language.
 */
import { outcomes as english, staffOutcomes, type Outcomes } from '../i18n/en/outcomes';
import { outcomes as luganda } from '../i18n/lg/outcomes';
import { outcomes as swahili } from '../i18n/sw/outcomes';
import type { Language } from '../i18n/languages';
import { isMessage, type Message } from './message';

const TABLES: Record<Language, Outcomes> = { en: english, lg: luganda, sw: swahili };

type Entry = string | ((...values: unknown[]) => string);

export function sayMessage(said: Message, language: Language): string {
  const dot = said.key.indexOf('.');
  const domain = said.key.slice(0, dot);
  const table = (TABLES[language][domain as keyof Outcomes] ?? staffOutcomes[domain as keyof typeof staffOutcomes]) as Record<string, Entry> | undefined;
  const entry = table?.[said.key.slice(dot + 1)];
  if (entry === undefined) throw new Error(`No outcome text ${said.key}`);
  if (typeof entry === 'string') return entry;
  return entry(...said.values.map((value) => (isMessage(value) ? sayMessage(value, language) : value)));
}
