/**
 * Writes docs/configuration.md from the settings in src/server/config.ts (`npm run docs:config`), so the table
 * of variables is never out of step with what the store reads. tests/unit/config.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SETTINGS } from '../src/server/config';

export const CONFIGURATION_DOC = 'docs/configuration.md';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The page: every variable the store reads, its default and what it does. */
export function configurationDoc(): string {
  const rows = Object.entries(SETTINGS).map(([name, setting]) => `| \`${name}\` | ${cell(setting.default)} | ${cell(setting.does)} |`);
  return [
    '# Configuration',
    '',
    '<!-- Generated from src/server/config.ts by `npm run docs:config`; edit the settings there, not this file. -->',
    '',
    'The store reads these environment variables once, when it starts, and checks them (`src/server/config.ts`).',
    'A value it cannot use stops the start with a line naming the variable and what it takes, e.g.',
    '`The store cannot start: PORT must be a whole number from 0 to 65535, got "http".` An empty value counts as unset.',
    '',
    '| variable | default | what it does |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(CONFIGURATION_DOC, configurationDoc());
  console.log(`Wrote ${CONFIGURATION_DOC} (${Object.keys(SETTINGS).length} variables)`);
}
