declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or touch; "or-when-logged-in" also at idle for a logged-in user (src/directives/interaction.ts). */
    'client:interaction'?: boolean | 'or-when-logged-in';
    /** Hydrate the first time this event is dispatched on window (src/directives/event.ts). */
    'client:event'?: string;
  }
}

export {};
