import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Renderer } from 'astro/runtime/server/index.js';
import { describe, expect, it } from 'vitest';
import { markedIslands, REACT_RENDERER } from '~/server/react-islands';
import AddToCart from '~/islands/cart/AddToCart';
import LiveSearch from '~/islands/LiveSearch';

describe('react islands', () => {
  it('marks every island module for the React renderer, so Astro renders each once', () => {
    const files = readdirSync(path.resolve('src/islands'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'));
    expect(markedIslands).toBe(files.length);
    for (const island of [AddToCart, LiveSearch]) expect((island as unknown as Record<symbol, unknown>)[Renderer]).toBe(REACT_RENDERER);
  });
});
