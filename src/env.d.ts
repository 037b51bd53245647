declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointer, focus or touch; for a logged-in user also at idle ("or-when-logged-in")
     * or when the island nears the screen ("or-in-view-when-logged-in") (src/directives/interaction.ts).
     */
    'client:interaction'?: boolean | 'or-when-logged-in' | 'or-in-view-when-logged-in';
    /** Hydrate the first time this event is dispatched on window (src/directives/event.ts). */
    'client:event'?: string;
  }
}

export {};
