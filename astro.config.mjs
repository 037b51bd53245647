// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// Pages are pre-rendered unless they opt out (`export const prerender = false`): static content is
// built once, catalogue pages and the API are rendered on request. src/server/serve.ts wraps the
// standalone handler with compression, a clear port error, database warm-up and graceful shutdown.
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT || 4321) },
  vite: {
    ssr: {
      // Native and WASM packages stay in node_modules, loaded at run time.
      external: ['@electric-sql/pglite', 'pg', 'sharp', 'drizzle-orm'],
    },
  },
});
