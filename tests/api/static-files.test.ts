import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request sent with its path exactly as written, whose body is read as bytes and not decompressed. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const base = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const CLIENT = path.resolve('dist/client');

/** The largest built file of a kind that has both compressed copies, as a URL path and its bytes. */
function builtFile(folder: string, extension: string) {
  const name = readdirSync(path.join(CLIENT, folder))
    .filter((file) => file.endsWith(extension) && existsSync(path.join(CLIENT, folder, `${file}.br`)) && existsSync(path.join(CLIENT, folder, `${file}.gz`)))
    .sort((a, b) => statSync(path.join(CLIENT, folder, b)).size - statSync(path.join(CLIENT, folder, a)).size)[0];
  expect(name, `a built ${extension} file with .br and .gz copies in dist/client/${folder}`).toBeDefined();
  return { url: `/${folder}/${name}`, bytes: readFileSync(path.join(CLIENT, folder, name!)) };
}

function expectSecurityHeaders(reply: Raw, what: string) {
  expect(reply.headers['x-content-type-options'], what).toBe('nosniff');
  expect(reply.headers['x-frame-options'], what).toBe('DENY');
  expect(reply.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['permissions-policy'], what).toContain('camera=()');
}

const varies = (reply: Raw) =>
  String(reply.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('built files in the coding the browser accepts', () => {
  const stylesheet = builtFile('_astro', '.css');
  const script = builtFile('_astro', '.js');

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['br;q=0.5, gzip;q=0.9', 'gzip', gunzipSync],
  ] as const)('Accept-Encoding "%s" gets %s, whose bytes unpack to the file exactly', async (acceptEncoding, coding, unpack) => {
    for (const file of [stylesheet, script]) {
      const reply = await raw(file.url, { 'Accept-Encoding': acceptEncoding });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(coding);
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      expect(reply.body.length).toBeLessThan(file.bytes.length / 2);
      expect(unpack(reply.body).equals(file.bytes)).toBe(true);
      expect(reply.headers['content-type']).toBe(file.url.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(reply)).toBe(true);
      expectSecurityHeaders(reply, `${file.url} as ${coding}`);
    }
  });

  // "identity;q=0" or "*;q=0" with nothing else acceptable: the file as it is rather than 406 (RFC 9110 §12.1
  // lets the server disregard the header).
  it.each([undefined, 'identity', '', 'deflate', '*;q=0', 'identity;q=0', 'br;q=0, gzip;q=0'])(
    'Accept-Encoding %j gets the file as it is',
    async (acceptEncoding) => {
      const reply = await raw(stylesheet.url, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(Number(reply.headers['content-length'])).toBe(stylesheet.bytes.length);
      expect(reply.body.equals(stylesheet.bytes)).toBe(true);
      expect(varies(reply)).toBe(true);
      expectSecurityHeaders(reply, `identity for ${acceptEncoding}`);
    },
  );

  it('answers HEAD with the headers GET would send and no body', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const get = await raw(script.url, { 'Accept-Encoding': acceptEncoding });
      const head = await raw(script.url, { 'Accept-Encoding': acceptEncoding }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'last-modified', 'cache-control', 'vary', 'x-content-type-options']) {
        expect(head.headers[name], `${name} for ${acceptEncoding}`).toEqual(get.headers[name]);
      }
    }
  });

  it('gives each coding its own ETag and answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const tags = new Map<string, string>();
    for (const coding of ['br', 'gzip', 'identity']) {
      const reply = await raw(stylesheet.url, { 'Accept-Encoding': coding });
      tags.set(coding, String(reply.headers.etag));
    }
    expect(new Set(tags.values()).size, 'three different ETags').toBe(3);

    const revalidated = await raw(stylesheet.url, { 'Accept-Encoding': 'br', 'If-None-Match': tags.get('br')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(tags.get('br'));
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(revalidated)).toBe(true);
    expectSecurityHeaders(revalidated, '304');

    const listed = await raw(stylesheet.url, { 'Accept-Encoding': 'gzip', 'If-None-Match': `"other", ${tags.get('gzip')}` });
    expect(listed.status).toBe(304);

    // The browser's copy is brotli, but it now accepts only gzip: it must get the gzip bytes, not a 304.
    const otherCoding = await raw(stylesheet.url, { 'Accept-Encoding': 'gzip', 'If-None-Match': tags.get('br')! });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(otherCoding.body).equals(stylesheet.bytes)).toBe(true);

    const lastModified = String((await raw(stylesheet.url)).headers['last-modified']);
    expect((await raw(stylesheet.url, { 'Accept-Encoding': 'br', 'If-Modified-Since': lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await raw(stylesheet.url, { 'Accept-Encoding': 'br', 'If-Modified-Since': before })).status).toBe(200);
    // If-None-Match decides when both are sent (RFC 9110 §13.2.2).
    expect((await raw(stylesheet.url, { 'Accept-Encoding': 'br', 'If-None-Match': '"other"', 'If-Modified-Since': lastModified })).status).toBe(200);
  });

  it('sends the whole file to a Range request (HTTP lets a server ignore Range)', async () => {
    const reply = await raw(stylesheet.url, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-range']).toBeUndefined();
    expect(brotliDecompressSync(reply.body).equals(stylesheet.bytes)).toBe(true);
  });

  it('keeps files whose names do not change (favicon) revalidated on every use', async () => {
    const favicon = await raw('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('public, max-age=0');
    expect(brotliDecompressSync(favicon.body).equals(readFileSync(path.join(CLIENT, 'favicon.svg')))).toBe(true);
    expectSecurityHeaders(favicon, '/favicon.svg');
  });

  it('never reads a file outside dist/client, however the path is written', async () => {
    const outside = readFileSync(path.resolve('dist/server/entry.mjs'));
    const attempts = [
      '/../server/entry.mjs',
      '/_astro/../../server/entry.mjs',
      '/%2e%2e/server/entry.mjs',
      '/_astro/%2E%2E/%2e%2e/server/entry.mjs',
      '/_astro/..%2f..%2fserver/entry.mjs',
      '/%2e%2e%2fserver%2fentry.mjs',
      '/..\\server\\entry.mjs',
      '/_astro\\..\\..\\server\\entry.mjs',
      '/favicon.svg%00/../../server/entry.mjs',
      '/%00../server/entry.mjs',
    ];
    for (const attempt of attempts) {
      for (const acceptEncoding of ['br', 'identity']) {
        const reply = await raw(attempt, { 'Accept-Encoding': acceptEncoding });
        // A NUL in the path that reaches the pages is refused as a control character in any address is (400).
        expect(attempt.includes('%00') ? [400, 404] : [404], attempt).toContain(reply.status);
        expect(reply.body.includes(outside.subarray(0, 200)), attempt).toBe(false);
        expectSecurityHeaders(reply, attempt);
      }
    }
  });
});
