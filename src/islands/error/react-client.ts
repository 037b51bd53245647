/**
 * The React client entry every island hydrates through: Astro's own, with the island's component put
 * inside an error boundary first, so no island can crash without the error screen and a report. On a
 * Luganda or Swahili page the island first waits for that language's texts (one cached file, fetched once per
 * page: src/lib/i18n/current.ts), so it wakes with the same words the server rendered.
 * astro.config.mjs points '@astrojs/react/client.js' here; this module's own import of it is the original.
 */
import hydrate from '@astrojs/react/client.js';
import { withErrorScreen } from './ErrorBoundary';
import { loadIslandTexts } from '~/lib/i18n/current';

type Hydrate = ReturnType<typeof hydrate>;

export default (element: HTMLElement): Hydrate =>
  async (Component, props, slots, metadata) => {
    await loadIslandTexts();
    return hydrate(element)(withErrorScreen(Component), props, slots, metadata);
  };
