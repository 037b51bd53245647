/**
 * docs/api.md is the API's contract for other clients: every method of every route under src/pages/api has
 * its heading there (`### \`METHOD /api/path\``), and every heading names a route that exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API_DIR = path.resolve('src/pages/api');
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** The route a file under src/pages/api answers: `orders/[id]/pay.ts` is /api/orders/{id}/pay. */
function routeOf(file: string): string {
  const parts = path
    .relative(API_DIR, file)
    .replace(/\.ts$/, '')
    .split(path.sep)
    .filter((part) => part !== 'index');
  return `/api/${parts.map((part) => part.replace(/^\[(.+)\]$/, '{$1}')).join('/')}`;
}

/** Each route file's methods, read from its exports (`export const GET`, `export { POST } from`). */
function routesInCode(): string[] {
  const files = readdirSync(API_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(API_DIR, name));
  const routes: string[] = [];
  for (const file of files) {
    const route = routeOf(file);
    // The catch-all answers unknown paths with 404: it is a convention of the page, not a route.
    if (route.includes('{...')) continue;
    const source = readFileSync(file, 'utf8');
    const exported = [...source.matchAll(/export\s+(?:const\s+(\w+)|\{\s*([\w\s,]+)\s*\})/g)].flatMap(([, single, list]) =>
      single ? [single] : (list ?? '').split(',').map((name) => name.trim()),
    );
    for (const method of exported.filter((name) => METHODS.includes(name))) routes.push(`${method} ${route}`);
  }
  return routes.sort();
}

function routesInDocument(): string[] {
  const text = readFileSync(path.resolve('docs/api.md'), 'utf8');
  return [...text.matchAll(/^### `(GET|POST|PUT|DELETE|PATCH) (\/api\/[^`\s?]+)`/gm)].map(([, method, route]) => `${method} ${route}`).sort();
}

describe('docs/api.md', () => {
  it('documents every route of the API', () => {
    const documented = new Set(routesInDocument());
    expect(routesInCode().filter((route) => !documented.has(route))).toEqual([]);
  });

  it('documents no route the API does not have, and none twice', () => {
    const inCode = new Set(routesInCode());
    const documented = routesInDocument();
    expect(documented.filter((route) => !inCode.has(route))).toEqual([]);
    expect(documented.filter((route, i) => documented.indexOf(route) !== i)).toEqual([]);
  });

  it('finds the routes it checks', () => {
    // A change in how routes are written must not leave this test checking nothing.
    expect(routesInCode()).toEqual(
      expect.arrayContaining(['GET /api/products', 'POST /api/orders-create', 'GET /api/pesapal/status/{order_id}', 'POST /api/reviews/{id}']),
    );
    expect(routesInCode().length).toBeGreaterThan(60);
  });
});
