declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointer, focus, touch or changed field; for a logged-in user also when the
     * island nears the screen ("or-in-view-when-logged-in") (src/directives/interaction.ts).
     */
    'client:interaction'?: boolean | 'or-in-view-when-logged-in';
    /** Hydrate the first time this event is dispatched on window (src/directives/event.ts). */
    'client:event'?: string;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The request's data-saver mode, set by src/middleware.ts for every page (src/lib/data-saver.ts). */
      dataSaver: import('./lib/data-saver').DataSaver;
      /** The page's language and its words (src/lib/i18n), set by src/middleware.ts from the address's first segment. */
      i18n: import('./lib/i18n/catalogues').PageTranslator;
      /** An editor's draft shown in the header and footer of a preview page (never on a cached page). */
      contentPreview?: {
        promotions?: import('./lib/site-content').Promotions;
        contact?: import('./lib/site-content').ContactDetails;
      };
    }
  }
}

export {};
