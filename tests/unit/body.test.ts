import { describe, expect, it } from 'vitest';
import { readBody, readSmallText } from '~/server/http/body';
import { MAX_SMALL_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from '~/server/http/body-limits';
import { Invalid } from '~/server/errors';
import { englishFailureOf } from '../support/english-failure';

/** A read whose refusal is given as the HTTP answer the endpoint wrapper makes of it (status, message). */
const answered = <T>(reading: Promise<T>) =>
  reading.catch((error: unknown) => {
    throw englishFailureOf(error) ?? error;
  });

const post = (body: BodyInit, type?: string) => new Request('http://store.test/api/x', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} });

describe('readBody', () => {
  it('reads JSON', async () => {
    expect(await readBody(post('{"product_id": 4, "quantity": 2}', 'application/json'))).toEqual({ product_id: 4, quantity: 2 });
  });

  it('reads urlencoded forms, repeated fields becoming lists', async () => {
    expect(await readBody(post('product_id=4&colors=Red&colors=Blue', 'application/x-www-form-urlencoded'))).toEqual({
      product_id: '4',
      colors: ['Red', 'Blue'],
    });
  });

  it('reads multipart forms, keeping files', async () => {
    const form = new FormData();
    form.append('name', 'Tecno Spark 20');
    form.append('sizes[]', 'M');
    form.append('photo', new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' }));
    const body = await readBody(new Request('http://store.test/api/x', { method: 'POST', body: form }));
    expect(body.name).toBe('Tecno Spark 20');
    expect(body.sizes).toEqual(['M']);
    expect(body.photo).toBeInstanceOf(File);
  });

  it('treats an empty body as an empty object', async () => {
    expect(await readBody(post(''))).toEqual({});
  });

  it.each([
    ['{not json', 'The request body is not valid JSON'],
    ['[1,2]', 'The request body must be a JSON object'],
    ['"text"', 'The request body must be a JSON object'],
  ])('refuses %s with 400', async (text, message) => {
    const error = await readBody(post(text, 'application/json')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(englishFailureOf(error)).toMatchObject({ status: 400, message });
  });
});

/** A body sent in chunks with no Content-Length, as a chunked upload arrives. */
function chunked(totalBytes: number, chunkBytes = 16 * 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

const streamed = (path: string, stream: ReadableStream<Uint8Array>, type: string) =>
  new Request(`http://store.test${path}`, { method: 'POST', body: stream, headers: { 'Content-Type': type }, duplex: 'half' } as RequestInit);

/** A multipart post sent as bytes (undici's own FormData body stream misbehaves when a reader stops early). */
async function multipart(path: string, form: FormData): Promise<Request> {
  const encoded = new Response(form);
  const headers = { 'Content-Type': encoded.headers.get('content-type')! };
  return new Request(`http://store.test${path}`, { method: 'POST', body: await encoded.arrayBuffer(), headers });
}

describe('readBody limits', () => {
  it('refuses a JSON body over 64 KB while reading it, without reading the rest', async () => {
    const body = chunked(50 * 1024 * 1024);
    const error = await answered(readBody(streamed('/api/orders', body.stream, 'application/json'))).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, message: 'Request body is too large' });
    expect(body.pulled()).toBeLessThan(MAX_SMALL_BODY_BYTES + 256 * 1024);
  });

  it('refuses a declared Content-Length over the allowance before reading', async () => {
    const request = new Request('http://store.test/api/orders', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '70000' },
    });
    await expect(answered(readBody(request))).rejects.toMatchObject({ status: 413 });
  });

  it('gives a multipart post to a route that takes no files the small allowance', async () => {
    const form = new FormData();
    form.append('photo', new File([new Uint8Array(MAX_SMALL_BODY_BYTES)], 'photo.jpg', { type: 'image/jpeg' }));
    await expect(answered(readBody(await multipart('/api/orders', form)))).rejects.toMatchObject({ status: 413 });
  });

  it('reads a multipart upload over 10 MB on a route that takes pictures, files intact', async () => {
    const form = new FormData();
    form.append('name', 'Tecno Spark 20');
    for (let i = 0; i < 3; i++) form.append('images', new File([new Uint8Array(4 * 1024 * 1024).fill(i + 1)], `p${i}.jpg`, { type: 'image/jpeg' }));
    const body = await readBody(await multipart('/api/products', form));
    const images = body.images as File[];
    expect(images.map((file) => file.size)).toEqual([4 * 1024 * 1024, 4 * 1024 * 1024, 4 * 1024 * 1024]);
    expect(new Uint8Array(await images[2]!.arrayBuffer())[0]).toBe(3);
  });

  it('refuses a multipart upload past the upload allowance', async () => {
    const boundary = '----limit';
    const body = chunked(MAX_UPLOAD_BODY_BYTES + 1024 * 1024, 1024 * 1024);
    const error = await answered(readBody(streamed('/api/products', body.stream, `multipart/form-data; boundary=${boundary}`))).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, message: 'Request body is too large' });
  });

  it('keeps readSmallText to the cap its caller names', async () => {
    const post = (text: string) => new Request('http://store.test/api/metrics', { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } });
    expect(await readSmallText(post('{"metrics": []}'), 32)).toBe('{"metrics": []}');
    await expect(answered(readSmallText(post('x'.repeat(33)), 32))).rejects.toMatchObject({ status: 413 });
    await expect(answered(readSmallText(streamed('/api/metrics', chunked(40 * 1024).stream, 'text/plain'), 32 * 1024))).rejects.toMatchObject({ status: 413 });
  });
});
