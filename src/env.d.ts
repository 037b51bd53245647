declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or touch (src/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}

export {};
