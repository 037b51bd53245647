import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';

// The server runs from the repository with the default storage folder, so its cache is this one.
const cacheDir = path.resolve(process.env.STORAGE_DIR || 'storage', 'cache', 'img');
const LONG_CACHE = 'public, max-age=2592000';
const SHORT_CACHE = 'public, max-age=300';

let photo: string;
beforeAll(async () => {
  [{ feature_photo: photo }] = (await api('/api/products?limit=1')).body.data.data;
});

describe('GET /img/{width}/{format}/{file}', () => {
  it.each([
    ['avif', 'image/avif', 320],
    ['webp', 'image/webp', 480],
  ] as const)('sends a %s variant of a product image at the requested width', async (format, contentType, width) => {
    // Removing the cached copy first makes this request encode it (other runs share the storage folder).
    rmSync(path.join(cacheDir, String(width), format, photo), { force: true });
    const response = await fetch(url(`/img/${width}/${format}/${photo}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('cache-control')).toBe(LONG_CACHE);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata.width).toBe(width);
    expect(metadata.height).toBe(width);
  });

  it('keeps an encoded variant on disk and answers later requests from it without re-encoding', async () => {
    const cached = path.join(cacheDir, '640', 'webp', photo);
    rmSync(cached, { force: true });
    const first = Buffer.from(await (await fetch(url(`/img/640/webp/${photo}`))).arrayBuffer());
    expect(existsSync(cached)).toBe(true);
    const written = statSync(cached);

    const second = Buffer.from(await (await fetch(url(`/img/640/webp/${photo}`))).arrayBuffer());
    // A new encoding would have replaced the file (temporary file + rename), giving a new inode.
    const after = statSync(cached);
    expect(after.ino).toBe(written.ino);
    expect(after.mtimeMs).toBe(written.mtimeMs);
    expect(second.equals(readFileSync(cached))).toBe(true);
    expect(second.equals(first)).toBe(true);
  });

  it('answers 404 for a width or format it does not serve', async () => {
    for (const pathname of [`/img/333/webp/${photo}`, `/img/0320/webp/${photo}`, `/img/320/gif/${photo}`, `/img/320/jpg/${photo}`]) {
      const response = await fetch(url(pathname));
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/plain/);
    }
  });

  it('sends the default image, briefly cacheable, for a missing file and caches it only under its own name', async () => {
    const response = await fetch(url('/img/320/webp/no-such-photo.jpg'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe(SHORT_CACHE);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(320);
    expect(existsSync(path.join(cacheDir, '320', 'webp', 'no-such-photo.jpg'))).toBe(false);
    expect(existsSync(path.join(cacheDir, '320', 'webp', 'default.jpg'))).toBe(true);
  });

  it('never leaves the image folder, whatever the name', async () => {
    const packageJson = readFileSync('package.json');
    for (const name of ['..%2Fpackage.json', '..%2F..%2F..%2F..%2Fpackage.json', '..%5C..%5Cpackage.json', '.env', '%2E%2E%2Fpackage.json']) {
      const response = await fetch(url(`/img/320/jpeg/${name}`));
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(packageJson), name).toBe(false);
      if (response.status === 200) {
        expect(response.headers.get('content-type'), name).toBe('image/jpeg');
        expect(response.headers.get('cache-control'), name).toBe(SHORT_CACHE);
        expect((await sharp(body).metadata()).format, name).toBe('jpeg');
      } else {
        expect(response.status, name).toBe(404);
      }
    }
    expect(existsSync(path.join(cacheDir, '320', 'package.json'))).toBe(false);
    expect(existsSync(path.join(cacheDir, 'package.json'))).toBe(false);
  });
});
