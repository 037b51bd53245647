/**
 * The React client entry every island hydrates through: Astro's own, with the island's component put
 * inside an error boundary first, so no island can crash without the error screen and a report.
 * astro.config.mjs points '@astrojs/react/client.js' here; this module's own import of it is the original.
 */
import hydrate from '@astrojs/react/client.js';
import { withErrorScreen } from './ErrorBoundary';

type Hydrate = ReturnType<typeof hydrate>;

export default (element: HTMLElement): Hydrate =>
  (Component, props, slots, metadata) =>
    hydrate(element)(withErrorScreen(Component), props, slots, metadata);
