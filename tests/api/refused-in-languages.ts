/** A refusal asked in English, Luganda and Swahili: English word for word as expected, the others in none of its words. */
import { expect } from 'vitest';
import type { Reply } from './client';

/** The English words (4 letters or more) of `english` that `said` repeats, once names and `(api_field)` are set aside. */
export function englishWordsIn(said: string, english: string, names: string[]): string[] {
  const strip = (text: string) => names.reduce((rest, name) => rest.split(name).join(' '), text).replace(/\([a-z_.0-9]+\)/g, ' ');
  const words = new Set(
    strip(english)
      .toLowerCase()
      .match(/[a-z]{4,}/g) ?? [],
  );
  return (
    strip(said)
      .toLowerCase()
      .match(/[a-z]{4,}/g) ?? []
  ).filter((word) => words.has(word));
}

/** Sends the same refused request in each language (`ask(language)`); English must be `expected`, the others none of its words. */
export async function expectRefusedInEveryLanguage(ask: (language: string) => Promise<Reply>, status: number, expected: string, names: string[] = []) {
  const english = await ask('en');
  expect(english.status).toBe(status);
  expect(english.body.message).toBe(expected);
  for (const language of ['lg', 'sw']) {
    const reply = await ask(language);
    expect(reply.status, language).toBe(status);
    expect(reply.body.message, language).not.toBe(expected);
    expect(englishWordsIn(reply.body.message, expected, names), `${language}: ${reply.body.message}`).toEqual([]);
  }
}
