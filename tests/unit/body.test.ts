import { describe, expect, it } from 'vitest';
import { readBody } from '~/server/http/body';
import { HttpError } from '~/server/http/errors';

const post = (body: BodyInit, type?: string) =>
  new Request('http://store.test/api/x', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} });

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
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message });
  });
});
