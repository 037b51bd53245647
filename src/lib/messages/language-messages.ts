/** The language switch's refusal (src/server/http/language-switch.ts). */
export const LANGUAGE_MESSAGES = {
  notFromStore: 'The language switch works only from the store’s own pages',
} as const;
