import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Renderer } from 'astro/runtime/server/index.js';
import { describe, expect, it } from 'vitest';
import { markedIslands, markReactIsland, REACT_RENDERER } from '~/server/react-islands';
import AddToCart from '~/islands/cart/AddToCart';
import LiveSearch from '~/islands/search/LiveSearch';

const islandFiles = readdirSync(path.resolve('src/islands'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));

describe('react islands', () => {
  it('marks every island module but the page editor’s for the React renderer, so Astro renders each once', () => {
    expect(markedIslands).toBe(islandFiles.filter((file) => file.endsWith('.tsx') && !file.startsWith('page-editor')).length);
    for (const island of [AddToCart, LiveSearch]) expect((island as unknown as Record<symbol, unknown>)[Renderer]).toBe(REACT_RENDERER);
  });

  it('marks the page editor when its page asks, and leaves a component already marked as it is', async () => {
    const { default: PageEditor } = await import('~/islands/page-editor/PageEditor');
    expect(Object.hasOwn(PageEditor, Renderer)).toBe(false);
    markReactIsland(PageEditor);
    markReactIsland(PageEditor);
    expect((PageEditor as unknown as Record<symbol, unknown>)[Renderer]).toBe(REACT_RENDERER);
    expect(readFileSync('src/pages/admin/pages/[key]/index.astro', 'utf8')).toContain('markReactIsland(PageEditor)');
  });

  it('names element ids without useId: islands render with renderToString, which gives useId no prefix per island', () => {
    const callers = islandFiles.filter((file) => /\buseId\b/.test(readFileSync(path.join('src/islands', file), 'utf8')));
    expect(callers).toEqual([]);
  });
});
