import net from 'node:net';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { spawnStore, startStore } from '../support/server';
import { api } from './client';

/** A raw GET that does not decompress, so the Content-Encoding on the wire can be checked. */
function rawGet(pathname: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
    const req = request(new URL(pathname, inject('baseUrl')), { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it.each(['/api/products', '/'])('sends %s brotli-compressed when the browser accepts it, gzip otherwise', async (pathname) => {
    const br = await rawGet(pathname, 'gzip, deflate, br');
    const gzip = await rawGet(pathname, 'gzip');
    const plain = await rawGet(pathname, 'identity');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.bytes).toBeLessThan(plain.bytes / 3);
  });
});

describe('storage images', () => {
  it('serves product images and falls back to the default image', async () => {
    const [product] = (await api('/api/products?limit=1')).body.data.data;
    const image = await fetch(new URL(`/storage/images/${product.feature_photo}`, inject('baseUrl')));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    for (const missing of ['no-such-photo.jpg', '..%2F..%2Fpackage.json', '.env']) {
      const fallback = await fetch(new URL(`/storage/images/${missing}`, inject('baseUrl')));
      expect(fallback.status).toBe(200);
      expect(fallback.headers.get('content-type')).toBe('image/jpeg');
      expect(fallback.headers.get('cache-control')).toBe('public, max-age=300');
    }
  });
});

describe('starting and stopping', () => {
  // Rarely, under the whole suite's load, a store started here stops before it gets to listen: its main thread
  // waits on a lock and never runs again (seen in CI runs of the whole suite, never when started alone). Such a start is
  // ended after 25 s and the check made once more, so the message is still what is tested.
  it('says clearly that the port is taken and exits non-zero', { retry: 1, timeout: 60_000 }, async () => {
    // The blocker takes a port the system chooses: a port found free and then listened on could be taken in
    // between by any outgoing connection of the running store.
    const blocker = net.createServer();
    await new Promise<void>((resolve, reject) => blocker.once('error', reject).listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const child = spawnStore({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', SEED_ON_START: '0' }, { detached: true });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const stuck = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 25_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(stuck);
      expect(code, `the store's output:\n${output}`).toBe(1);
      expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(output).toContain(`PORT=${port + 1} npm start`);
    } finally {
      blocker.close();
    }
  });

  it('shuts down gracefully on SIGTERM, closing the database', async () => {
    const store = await startStore({ env: { SEED_ON_START: '0' } });
    const code = await store.stop();
    expect(store.output()).toContain('SIGTERM received');
    expect(code).toBe(0);
    // A store of its own starts from an empty database: migrations and the stand-in pictures take a while on a
    // busy machine (the API suites run side by side on two cores).
  }, 90_000);
});
