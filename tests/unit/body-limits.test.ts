import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit, MAX_SMALL_BODY_BYTES, MAX_UPLOAD_BODY_BYTES, bodyAllowance, declaresTooMuch, requestBodyAllowance } from '~/server/http/body-limits';
import { MAX_IMAGE_BYTES } from '~/lib/picture-uploads';
import { MAX_GALLERY_IMAGES } from '~/server/catalog/product-input';

const MULTIPART = 'multipart/form-data; boundary=----x';
const small = { maxBytes: MAX_SMALL_BODY_BYTES, upload: false };
const upload = { maxBytes: MAX_UPLOAD_BODY_BYTES, upload: true };

describe('bodyAllowance', () => {
  it.each([
    ['/api/products'],
    ['/api/products/12'],
    ['/api/products/12/'],
    ['/api/vendors'],
    ['/api/vendors/7'],
    ['/api/categories'],
    ['/api/categories/3'],
    ['/vendor-dashboard/products/new'],
    ['/vendor-dashboard/products/41'],
    ['/vendor-dashboard/shop'],
    ['/api/orders/311/returns'],
  ])('gives a multipart post to %s, which takes pictures, the upload allowance', (pathname) => {
    expect(bodyAllowance('POST', pathname, MULTIPART)).toEqual(upload);
    expect(bodyAllowance('put', pathname, 'Multipart/Form-Data; boundary=y')).toEqual(upload);
  });

  it.each([
    ['/api/orders', MULTIPART],
    ['/api/orders/311/returns', 'application/json'],
    ['/api/returns/27/status', MULTIPART],
    ['/vendor-dashboard/returns', 'application/x-www-form-urlencoded'],
    ['/api/users/register', MULTIPART],
    ['/api/products/12/reviews', MULTIPART],
    ['/vendor-dashboard/orders', MULTIPART],
    ['/vendor-dashboard/vendors', MULTIPART],
    ['/api/products', 'application/json'],
    ['/api/products/12', 'application/x-www-form-urlencoded'],
    ['/vendor-dashboard/shop', 'application/x-www-form-urlencoded'],
    ['/api/payments/stripe/webhook', 'application/json'],
    ['/api/payments/pesapal/ipn', null],
    ['/api/products', undefined],
  ])('gives %s with %s the small allowance', (pathname, type) => {
    expect(bodyAllowance('POST', pathname, type)).toEqual(small);
  });

  it('reads no body for GET and HEAD', () => {
    expect(bodyAllowance('GET', '/api/products', MULTIPART)).toBeNull();
    expect(bodyAllowance('HEAD', '/api/orders', 'application/json')).toBeNull();
  });

  it('reads the route from a Fetch request the same way', () => {
    const post = (url: string, type: string) => new Request(url, { method: 'POST', headers: { 'Content-Type': type } });
    expect(requestBodyAllowance(post('http://store.test/api/products/5?_method=PUT', MULTIPART))).toEqual(upload);
    expect(requestBodyAllowance(post('http://store.test/api/products/x/../../orders', MULTIPART))).toEqual(small);
  });
});

describe('the upload allowance', () => {
  it("holds a product's feature photo and full gallery at the largest picture size, with room for the fields", () => {
    const pictures = (MAX_GALLERY_IMAGES + 1) * MAX_IMAGE_BYTES;
    expect(MAX_UPLOAD_BODY_BYTES).toBeGreaterThan(pictures);
    expect(MAX_UPLOAD_BODY_BYTES - pictures).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe('declaresTooMuch', () => {
  it('is true only for a declared length over the allowance', () => {
    expect(declaresTooMuch('65537', 65_536)).toBe(true);
    expect(declaresTooMuch('65536', 65_536)).toBe(false);
    expect(declaresTooMuch(null, 65_536)).toBe(false);
    expect(declaresTooMuch(undefined, 65_536)).toBe(false);
    expect(declaresTooMuch('lots', 65_536)).toBe(false);
  });
});

describe('ConcurrencyLimit', () => {
  it('gives out at most its capacity of places and takes each back once', () => {
    const limit = new ConcurrencyLimit(2);
    const first = limit.tryTake();
    const second = limit.tryTake();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(limit.tryTake()).toBeNull();
    expect(limit.inUse).toBe(2);

    first!();
    first!();
    expect(limit.inUse).toBe(1);
    const third = limit.tryTake();
    expect(third).toBeTypeOf('function');
    expect(limit.tryTake()).toBeNull();
    second!();
    third!();
    expect(limit.inUse).toBe(0);
  });
});
