/**
 * Marks every island as a React component for Astro's server renderer. Unmarked, Astro asks React's
 * renderer whether each component is its own, and that check renders the component a second time (a whole
 * React stream for a probe): a product page has 16 islands, and the check cost about a sixth of its render.
 * The middleware imports this module, so the islands are marked before the first page renders.
 *
 * The page editor's islands are left out: they bring CodeMirror (about 7 MB of heap), which an instance then
 * holds only once someone opens the editor. Its page marks its island itself (markReactIsland).
 */
import { Renderer } from 'astro/runtime/server/index.js';

export const REACT_RENDERER = '@astrojs/react';

/** Marks one island component for the React renderer (once; a second call changes nothing). */
export function markReactIsland(component: unknown): void {
  if (typeof component === 'function' && !Object.hasOwn(component, Renderer)) Object.defineProperty(component, Renderer, { value: REACT_RENDERER });
}

const islands = import.meta.glob<{ default?: unknown }>(['/src/islands/**/*.tsx', '!/src/islands/page-editor/**'], { eager: true });

for (const { default: component } of Object.values(islands)) markReactIsland(component);

/** How many island modules were marked (for the test that keeps the folder and the pattern in step). */
export const markedIslands = Object.keys(islands).length;
