/**
 * The store's files in an S3-compatible bucket (a real S3 API server, s3rver, started here): pictures stored,
 * read, removed; their sizes made once, kept in the bucket and read back by another instance; a missing object
 * shown as the default picture; the health check; the settings a start refuses; and `npm run storage:migrate`.
 * Nothing is ever written to the storage folder.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reloadConfig } from '~/server/config';
import { bucketSettings } from '~/server/media/bucket-store';
import { freePort } from '../support/free-port';
import { s3ClientOf, startS3Server, type RunningS3Server } from '../support/s3-server';

let s3: RunningS3Server;
let client: S3Client;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bucket-storage-test-'));
/** The storage folder the store would use without a bucket: it must never appear. */
const storageDir = path.join(scratch, 'storage');

const picture = (colour: string, width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function objectKeys(prefix = ''): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function objectBody(key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const putObject = async (key: string, body: Buffer) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));

/** A fresh copy of the store's media modules, as a new instance on the bucket would have. */
async function instanceOnBucket() {
  reloadConfig();
  vi.resetModules();
  return {
    storage: await import('~/server/media/storage'),
    uploads: await import('~/server/media/uploads'),
    variants: await import('~/server/media/variants'),
  };
}

beforeAll(async () => {
  s3 = await startS3Server();
  client = s3ClientOf(s3);
  for (const [name, value] of Object.entries({ ...s3.env, STORAGE_DIR: storageDir })) vi.stubEnv(name, value);
  await putObject('images/default.jpg', await picture('#cccccc', 800, 800));
});

afterAll(async () => {
  await (await import('~/server/media/variants')).encodesFinished();
  vi.unstubAllEnvs();
  reloadConfig();
  client?.destroy();
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('pictures in the bucket', () => {
  it('stores an upload in the bucket, serves it, and removes it with its sizes', async () => {
    const { storage, uploads, variants } = await instanceOnBucket();
    const upload = new File([new Uint8Array(await picture('#0b6e4f'))], 'photo.png', { type: 'image/png' });
    const name = await uploads.storeUploadedImage(upload, 'image', 'product', [variants.STAND_IN_SIZE]);
    expect(await objectKeys('images/')).toContain(`images/${name}`);

    const served = await storage.readStoredImage(name);
    expect(served).toMatchObject({ contentType: 'image/jpeg', fallback: false });
    expect(served!.body.equals(await objectBody(`images/${name}`))).toBe(true);

    await variants.encodesFinished();
    expect(await objectKeys('cache/')).toContain(`cache/img/480/jpeg/${name}`);
    await uploads.removeStoredImages([name]);
    expect((await objectKeys()).filter((key) => key.includes(name))).toEqual([]);
    expect(await storage.readStoredImage(name)).toMatchObject({ fallback: true });
  });

  it('makes a size once, keeps it in the bucket, and another instance reads it back without the original', async () => {
    await putObject('images/shared.jpg', await picture('#a27'));
    const first = await instanceOnBucket();
    const answers = await Promise.all(Array.from({ length: 3 }, () => first.variants.readVariant(320, 'webp', 'shared.jpg')));
    for (const answer of answers) expect(answer).toMatchObject({ contentType: 'image/webp', fallback: false, standIn: false });
    const kept = await objectBody('cache/img/320/webp/shared.jpg');
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'webp', width: 320 });

    // With the original gone, only the kept size can answer: the second instance encodes nothing.
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'images/shared.jpg' }));
    const second = await instanceOnBucket();
    const again = await second.variants.readVariant(320, 'webp', 'shared.jpg');
    expect(again).toMatchObject({ contentType: 'image/webp', fallback: false, standIn: false });
    expect((again as { body: Buffer }).body.equals(kept)).toBe(true);
  });

  it('shows the default picture for an object missing in the bucket, and keeps its sizes under the default name only', async () => {
    const { storage, variants } = await instanceOnBucket();
    expect(await storage.readStoredImage('no-such-photo.jpg')).toMatchObject({ contentType: 'image/jpeg', fallback: true });
    expect(await storage.readStoredImage('../secrets.jpg')).toMatchObject({ fallback: true });
    const size = await variants.readVariant(160, 'avif', 'no-such-photo.jpg');
    expect(size).toMatchObject({ contentType: 'image/avif', fallback: true });
    expect(await objectKeys('cache/img/160/avif/')).toEqual(['cache/img/160/avif/default.jpg']);
    expect(await variants.readVariant(333, 'avif', 'default.jpg')).toBeNull();
  });

  it("makes the stand-in size of every picture listed in the bucket that has none, and reads a picture's size", async () => {
    await putObject('images/listed.jpg', await picture('#27a', 900, 600));
    const { variants } = await instanceOnBucket();
    expect(await variants.prepareStandIns()).toBeGreaterThanOrEqual(1);
    await variants.encodesFinished();
    expect(await objectKeys('cache/img/480/jpeg/')).toContain('cache/img/480/jpeg/listed.jpg');
    expect(await variants.prepareStandIns()).toBe(0);
    expect(await variants.storedImageSize('listed.jpg')).toEqual({ width: 900, height: 600 });
    expect(await variants.storedImageSize('missing.jpg')).toBeNull();
  });

  it('renders the demo pictures into the bucket, keeping those already there', async () => {
    vi.resetModules();
    const { generateImages } = await import('~/server/demo-data/images');
    const { demoCatalogue } = await import('~/server/demo-data/catalogue');
    const catalogue = demoCatalogue();
    const parent = { ...catalogue.categories[0]!, children: [catalogue.categories[0]!.children[0]!] };
    const before = await objectBody('images/default.jpg');
    const pool = await generateImages([parent], catalogue.pictures);
    const child = parent.children[0]!.slug;
    expect(pool[child]).toHaveLength(6);
    const keys = await objectKeys('images/');
    for (const name of [`c-${parent.slug}.jpg`, `b-${parent.slug}.jpg`, `c-${child}.jpg`, ...pool[child]!]) expect(keys).toContain(`images/${name}`);
    expect((await objectBody('images/default.jpg')).equals(before)).toBe(true);
  });

  it('says the bucket is reachable, and what is wrong when it is not', async () => {
    const { storage } = await instanceOnBucket();
    expect(await storage.checkStorage()).toEqual({ ok: true, detail: `bucket ${s3.bucket} at ${s3.endpoint} is reachable` });
    vi.stubEnv('S3_BUCKET', 'no-such-bucket');
    const wrong = await instanceOnBucket();
    expect(await wrong.storage.checkStorage()).toMatchObject({ ok: false, detail: expect.stringContaining('no such bucket (404)') });
    await expect(wrong.storage.openStorage()).rejects.toThrow(`Storage: bucket no-such-bucket at ${s3.endpoint} cannot be reached: no such bucket (404)`);
    vi.stubEnv('S3_BUCKET', s3.bucket);
  });

  it('answers a picture and its sizes with a short wait, never kept, while the bucket is out of reach', async () => {
    vi.stubEnv('S3_ENDPOINT', `http://127.0.0.1:${await freePort()}`);
    try {
      reloadConfig();
      vi.resetModules();
      const { storedImageReply, variantReply } = await import('~/server/http/image-replies');
      const replies = [await storedImageReply('product-gone.jpg'), await variantReply({ width: '480', format: 'webp', file: 'product-gone.jpg' }, 'standard')];
      for (const reply of replies) {
        expect(reply.status).toBe(503);
        expect(reply.headers.get('Retry-After')).toBe('5');
        expect(reply.headers.get('Cache-Control')).toBe('no-store');
      }
    } finally {
      vi.stubEnv('S3_ENDPOINT', s3.endpoint);
    }
  });

  it('never writes to the storage folder', () => {
    expect(existsSync(storageDir)).toBe(false);
  });
});

describe("an instance's copy of what it read from the bucket", () => {
  it('answers again without the bucket, within its size bound, and never keeps a missing file', async () => {
    const { withReadCache } = await import('~/server/media/read-cache');
    const { openBucketStore } = await import('~/server/media/bucket-store');
    const body = (fill: number) => Buffer.alloc(100 * 1024, fill);
    for (const n of [1, 2, 3]) await putObject(`cache/read-${n}.jpg`, body(n));
    const store = withReadCache(openBucketStore(bucketSettings(s3.env)!), 250 * 1024);
    for (const n of [1, 2, 3]) expect((await store.read(`cache/read-${n}.jpg`))!.equals(body(n))).toBe(true);
    expect(await store.read('cache/read-4.jpg')).toBeNull();
    for (const n of [1, 2, 3]) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `cache/read-${n}.jpg` }));
    await putObject('cache/read-4.jpg', body(4));

    // 250 KB holds the two most recent; the first was dropped; the missing one was not remembered as missing.
    expect(await store.read('cache/read-1.jpg')).toBeNull();
    expect((await store.read('cache/read-3.jpg'))!.equals(body(3))).toBe(true);
    expect((await store.read('cache/read-2.jpg'))!.equals(body(2))).toBe(true);
    expect((await store.read('cache/read-4.jpg'))!.equals(body(4))).toBe(true);
    await store.remove('cache/read-4.jpg');
    expect(await store.read('cache/read-4.jpg')).toBeNull();
  });
});

describe('the folder store', () => {
  it('says whether the folder can be written', async () => {
    const { openFolderStore } = await import('~/server/media/folder-store');
    const folder = path.join(scratch, 'writable');
    expect(await openFolderStore(folder).check()).toEqual({ ok: true, detail: `folder ${folder} is writable` });
    writeFileSync(path.join(scratch, 'a-file'), '');
    const underAFile = path.join(scratch, 'a-file', 'storage');
    expect(await openFolderStore(underAFile).check()).toMatchObject({ ok: false, detail: expect.stringContaining(`folder ${underAFile} cannot be written`) });
  });
});

describe('bucketSettings', () => {
  const complete = { S3_BUCKET: 'pictures', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('is null without S3_BUCKET: the folder is used', () => {
    expect(bucketSettings({})).toBeNull();
    expect(bucketSettings({ S3_BUCKET: ' ', S3_ACCESS_KEY_ID: 'key' })).toBeNull();
  });

  it('defaults the region to auto and virtual-hosted addresses', () => {
    expect(bucketSettings(complete)).toEqual({
      bucket: 'pictures',
      endpoint: undefined,
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_BUCKET: 'pictures' }, 'S3_BUCKET is set (pictures) but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing.'],
    [{ ...complete, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY is missing.'],
    [{ ...complete, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT="minio:9000" is not an http(s) address.'],
    [{ ...complete, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE="yes" is neither 1 nor 0.'],
    [{ ...complete, S3_BUCKET: 'My_Pictures' }, 'it is not a bucket name'],
  ])('refuses %j', (env, message) => {
    expect(() => bucketSettings(env)).toThrow(message);
  });
});

describe('npm run storage:migrate', () => {
  const folder = path.join(scratch, 'old-storage');
  /** Runs the script (not synchronously: the S3 server answers from this process). */
  const migrate = (env: Record<string, string>) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      const options = { env: { ...process.env, ...s3.env, STORAGE_DIR: folder, ...env } };
      execFile(path.resolve('node_modules/.bin/tsx'), ['scripts/storage-migrate.ts'], options, (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  it('copies the folder into the bucket, then only what is new or changed', async () => {
    mkdirSync(path.join(folder, 'images'), { recursive: true });
    mkdirSync(path.join(folder, 'cache', 'img', '480', 'avif'), { recursive: true });
    writeFileSync(path.join(folder, 'images', 'old-1.jpg'), await picture('#123'));
    writeFileSync(path.join(folder, 'images', 'old-2.jpg.5f1c.tmp'), 'half written');
    writeFileSync(path.join(folder, 'cache', 'img', '480', 'avif', 'old-1.jpg'), 'an avif');

    const first = await migrate({});
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Copying ${folder} into bucket ${s3.bucket} at ${s3.endpoint}`);
    expect(first.stdout).toContain('copied images/old-1.jpg');
    expect(first.stdout).toContain('copied cache/img/480/avif/old-1.jpg (7 bytes)');
    expect(first.stdout).toContain('Copied 2 files');
    expect(await objectKeys('images/old')).toEqual(['images/old-1.jpg']);
    const avif = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'cache/img/480/avif/old-1.jpg' }));
    expect(avif.ContentType).toBe('image/avif');

    // Run again (in this process, the script's own function): nothing to copy, then only the changed file.
    const { storage } = await instanceOnBucket();
    const { copyFolderInto } = await import('~/server/media/storage-migration');
    const said: string[] = [];
    expect(await copyFolderInto(folder, storage.storedFiles(), (line) => said.push(line))).toEqual({ copied: 0, copiedBytes: 0, skipped: 2 });
    expect(said).toEqual([]);
    writeFileSync(path.join(folder, 'cache', 'img', '480', 'avif', 'old-1.jpg'), 'a larger avif');
    writeFileSync(path.join(folder, 'images', 'old-3.jpg'), 'new');
    expect(await copyFolderInto(folder, storage.storedFiles(), (line) => said.push(line))).toEqual({ copied: 2, copiedBytes: 16, skipped: 1 });
    expect(said.sort()).toEqual(['copied cache/img/480/avif/old-1.jpg (13 bytes)', 'copied images/old-3.jpg (3 bytes)']);
    expect((await objectBody('cache/img/480/avif/old-1.jpg')).toString()).toBe('a larger avif');
  });

  it('stops with a clear message without a bucket, or with a folder that is not there', async () => {
    const noBucket = await migrate({ S3_BUCKET: '' });
    expect(noBucket.status).toBe(1);
    expect(noBucket.stderr).toContain('storage:migrate: Set S3_BUCKET');
    const { storage } = await instanceOnBucket();
    const { copyFolderInto } = await import('~/server/media/storage-migration');
    const nowhere = path.join(scratch, 'nothing-here');
    await expect(copyFolderInto(nowhere, storage.storedFiles(), () => {})).rejects.toThrow(`There is no storage folder at ${nowhere} (STORAGE_DIR).`);
  });
});
