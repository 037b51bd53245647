import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad, timeEach } from '../../scripts/load-client';

const GZIPPED = gzipSync(Buffer.from('{"products":[]}'.repeat(500)));
const CONNECTIONS = 4;

/** A real HTTP server answering each framing the store uses, counting the responses it finished. */
let server: Server;
let baseUrl: string;
const finished = { total: 0, notFound: 0, paths: new Map<string, number>() };

beforeAll(async () => {
  server = createServer((request, response) => {
    response.on('finish', () => {
      finished.total++;
      finished.paths.set(request.url!, (finished.paths.get(request.url!) ?? 0) + 1);
      if (response.statusCode === 404) finished.notFound++;
    });
    if (request.url === '/file') return response.end(GZIPPED);
    if (request.url === '/chunked') {
      response.setHeader('Content-Encoding', 'gzip');
      response.write(GZIPPED.subarray(0, 100));
      return setImmediate(() => response.end(GZIPPED.subarray(100)));
    }
    if (request.url === '/closing') return response.setHeader('Connection', 'close').end('bye');
    response.statusCode = 404;
    response.end('{"code":0,"message":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('runLoad', () => {
  it('counts every response the server finished (but those in flight at the end), and the non-2xx among them', async () => {
    const paths = ['/file', '/chunked', '/closing', '/missing'];
    const run = await runLoad({ baseUrl, paths, connections: CONNECTIONS, seconds: 1 });

    expect(run.connectionErrors).toBe(0);
    expect(run.latencies.length).toBeGreaterThan(100);
    // At the end, each connection may have had a response on its way that the client did not wait for.
    expect(finished.total).toBeGreaterThanOrEqual(run.latencies.length);
    expect(finished.total).toBeLessThanOrEqual(run.latencies.length + CONNECTIONS);
    expect(run.non2xx).toBeGreaterThanOrEqual(finished.notFound - CONNECTIONS);
    expect(run.non2xx).toBeLessThanOrEqual(finished.notFound);
    // Paths are taken in turn across all connections.
    for (const path of paths) expect(Math.abs(finished.paths.get(path)! - finished.total / paths.length)).toBeLessThanOrEqual(CONNECTIONS + 1);
    expect(run.elapsedSeconds).toBeGreaterThanOrEqual(0.99);
  });

  it('counts an error per refused connection and keeps trying until the time is up', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const run = await runLoad({ baseUrl: `http://127.0.0.1:${port}`, paths: ['/'], connections: 2, seconds: 0.3 });
    expect(run.latencies).toEqual([]);
    expect(run.connectionErrors).toBeGreaterThanOrEqual(4);
  });
});

describe('timeEach', () => {
  it('times each path in turn to its last byte, on one connection, and reconnects after a closing response', async () => {
    const before = finished.total;
    const paths = ['/file', '/chunked', '/closing', '/missing', '/file'];
    const timed = await timeEach({ baseUrl, paths, headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(timed.map(({ path, status }) => [path, status])).toEqual([
      ['/file', 200],
      ['/chunked', 200],
      ['/closing', 200],
      ['/missing', 404],
      ['/file', 200],
    ]);
    expect(timed.every(({ milliseconds }) => milliseconds > 0)).toBe(true);
    expect(finished.total - before).toBe(paths.length);
  });

  it('fails when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(timeEach({ baseUrl: `http://127.0.0.1:${port}`, paths: ['/file'] })).rejects.toThrow();
  });
});
