/**
 * Two store processes on one PostgreSQL sharing one bucket (a real S3 API server started here): a picture
 * uploaded through the first is served by the second, and so are its sizes, made once and kept in the bucket;
 * neither instance writes a file to its own disk. A start with wrong bucket settings stops, saying why.
 * PostgreSQL: TEST_DATABASE_URL (emptied first), or a throwaway server.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPostgres } from '../support/postgres';
import { s3ClientOf, startS3Server, type RunningS3Server } from '../support/s3-server';
import { startRefused, startStore, type RunningStore } from '../support/server';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';

const ADMIN = { email: 'pictures-admin@store.test', password: 'Admin-Kampala-2026' };
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bucket-instances-'));
/** Each instance's storage folder: neither may ever be created. */
const storageDirs = [path.join(scratch, 'first-storage'), path.join(scratch, 'second-storage')];

let s3: RunningS3Server;
let client: S3Client;
let postgres: ThrowawayPostgres | undefined;
let first: RunningStore;
let second: RunningStore;

const picture = (colour: string, size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function objectKeys(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

async function objectBody(key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

beforeAll(async () => {
  s3 = await startS3Server();
  client = s3ClientOf(s3);
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'images/default.jpg', Body: await picture('#cccccc', 800) }));
  let databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) await resetPostgres(databaseUrl);
  else {
    postgres = await startThrowawayPostgres();
    databaseUrl = postgres.url;
  }
  // No demo catalogue: an administrator and the bucket are all the test needs.
  const env = (storageDir: string) => ({ ...s3.env, STORAGE_DIR: storageDir, SEED_ON_START: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  first = await startStore({ databaseUrl, env: env(storageDirs[0]!) });
  second = await startStore({ databaseUrl, env: env(storageDirs[1]!) });
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.stop();
  client?.destroy();
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function uploadCategoryPicture(baseUrl: string): Promise<string> {
  const login = await fetch(new URL('/api/users/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()).data as { token: string };
  const form = new FormData();
  form.set('category', 'Pictures from the bucket');
  form.set('image', new File([new Uint8Array(await picture('#0b6e4f', 900))], 'tile.png', { type: 'image/png' }));
  const created = await fetch(new URL('/api/categories', baseUrl), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(created.status).toBe(201);
  const { image } = (await created.json()).data as { image: string };
  return path.basename(image);
}

/** Asks until `check` holds, for at most `withinMs`. */
async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two instances sharing one bucket', () => {
  it('the second serves a picture uploaded through the first, and its sizes, from the bucket', async () => {
    const name = await uploadCategoryPicture(first.baseUrl);
    expect(await objectKeys('images/')).toContain(`images/${name}`);

    const original = await fetch(new URL(`/storage/images/${name}`, second.baseUrl));
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await original.arrayBuffer()).equals(await objectBody(`images/${name}`))).toBe(true);

    const resized = await fetch(new URL(`/img/480/webp/${name}`, second.baseUrl));
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    expect(resized.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480 });

    // The first made the upload's sizes in the background, into the bucket; the second reads them from there
    // even once the original is gone, so it encodes none of them again.
    await eventually(async () => (await objectKeys(`cache/img/low/160/jpeg/${name}`)).length > 0, 60_000);
    const kept = await objectBody(`cache/img/320/avif/${name}`);
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `images/${name}` }));
    const fromBucket = await fetch(new URL(`/img/320/avif/${name}`, second.baseUrl));
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(kept)).toBe(true);

    // A picture missing in the bucket is the default picture.
    const missing = await fetch(new URL('/storage/images/category-never-uploaded.jpg', first.baseUrl));
    expect(missing.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await missing.arrayBuffer()).equals(await objectBody('images/default.jpg'))).toBe(true);
  });

  it('neither instance writes to its own storage folder', () => {
    for (const folder of storageDirs) expect(existsSync(folder), folder).toBe(false);
  });

  it('a store with wrong bucket settings stops at start, saying what is wrong', async () => {
    const [missingKey, noBucket] = await Promise.all([
      startRefused({ ...s3.env, S3_SECRET_ACCESS_KEY: '' }),
      startRefused({ ...s3.env, S3_BUCKET: 'no-such-bucket' }),
    ]);
    expect(missingKey.code).toBe(1);
    expect(missingKey.output).toContain(`Storage: S3_BUCKET is set (${s3.bucket}) but S3_SECRET_ACCESS_KEY is missing.`);
    expect(noBucket.code).toBe(1);
    expect(noBucket.output).toContain(`Storage: bucket no-such-bucket at ${s3.endpoint} cannot be reached: no such bucket (404).`);
  });
});
