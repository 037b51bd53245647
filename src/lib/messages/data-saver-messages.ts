/** What the footer's data-saver switch says, and its refusal (src/components/Footer.astro, src/pages/data-saver.ts). */
export const DATA_SAVER_MESSAGES = {
  on: 'Data saver: on',
  off: 'Data saver: off',
  offExplained: 'Turn it on for smaller pictures and one picture per product until you ask for more: pages cost less data.',
  switchExplained: 'Pictures are smaller and lighter, and a product shows one picture until you ask for more.',
  phoneExplained:
    'Your phone asks every site to save data, so pages here stay light. To see full pictures, turn off Data Saver (or Lite mode) in your phone’s browser settings.',
  turnOn: 'Turn on data saver',
  turnOff: 'Turn off data saver',
  notFromStore: 'The data saver switch works only from the store’s own pages',
} as const;
