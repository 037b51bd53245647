import { describe, expect, it } from 'vitest';
import { lastPage, pageWindow, paginate } from '~/lib/pagination';

const url = new URL('http://store.test/api/products?category=3&page=2&limit=10');

describe('paginate', () => {
  it('builds the spec pagination object with links that keep the other parameters', () => {
    const page = paginate(['k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't'], { page: 2, perPage: 10, total: 45, url });
    expect(page).toEqual({
      current_page: 2,
      data: ['k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't'],
      first_page_url: '/api/products?category=3&page=1&limit=10',
      from: 11,
      last_page: 5,
      last_page_url: '/api/products?category=3&page=5&limit=10',
      next_page_url: '/api/products?category=3&page=3&limit=10',
      path: '/api/products',
      per_page: 10,
      prev_page_url: '/api/products?category=3&page=1&limit=10',
      to: 20,
      total: 45,
    });
  });

  it('has no next page on the last page and counts a partial page', () => {
    const page = paginate([1, 2, 3, 4, 5], { page: 5, perPage: 10, total: 45, url });
    expect(page).toMatchObject({ from: 41, to: 45, next_page_url: null, last_page: 5 });
  });

  it('treats an empty result as one empty page', () => {
    const page = paginate([], { page: 1, perPage: 24, total: 0, url });
    expect(page).toMatchObject({ last_page: 1, from: null, to: null, next_page_url: null, prev_page_url: null, total: 0 });
  });

  it('points a page past the end back towards the last page', () => {
    const page = paginate([], { page: 9, perPage: 10, total: 45, url });
    expect(page.prev_page_url).toContain('page=5');
    expect(page.next_page_url).toBeNull();
  });
});

describe('page arithmetic', () => {
  it('turns a page into an offset and counts pages', () => {
    expect(pageWindow(1, 24)).toEqual({ offset: 0, limit: 24 });
    expect(pageWindow(3, 24)).toEqual({ offset: 48, limit: 24 });
    expect(lastPage(0, 24)).toBe(1);
    expect(lastPage(24, 24)).toBe(1);
    expect(lastPage(25, 24)).toBe(2);
  });
});
