import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Renderer } from 'astro/runtime/server/index.js';
import { describe, expect, it } from 'vitest';
import { markedIslands, REACT_RENDERER } from '~/server/react-islands';
import AddToCart from '~/islands/cart/AddToCart';
import LiveSearch from '~/islands/search/LiveSearch';

const islandFiles = readdirSync(path.resolve('src/islands'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));

describe('react islands', () => {
  it('marks every island module for the React renderer, so Astro renders each once', () => {
    expect(markedIslands).toBe(islandFiles.filter((file) => file.endsWith('.tsx')).length);
    for (const island of [AddToCart, LiveSearch]) expect((island as unknown as Record<symbol, unknown>)[Renderer]).toBe(REACT_RENDERER);
  });

  it('names element ids without useId: islands render with renderToString, which gives useId no prefix per island', () => {
    const callers = islandFiles.filter((file) => /\buseId\b/.test(readFileSync(path.join('src/islands', file), 'utf8')));
    expect(callers).toEqual([]);
  });
});
