import { describe, expect, it } from 'vitest';
import { stockStatus, stockWarningText } from '~/lib/stock';
import { pageTranslator } from '~/lib/i18n/catalogues';

describe('stockStatus', () => {
  it('says nothing while plenty is left', () => {
    expect(stockStatus({ items_sold: 10, total_items: 100 })).toEqual({ left: 90, soldPercent: 10, level: 'normal', warning: null });
  });

  it('is low from 70% sold and critical from 90%', () => {
    expect(stockStatus({ items_sold: 69, total_items: 100 }).level).toBe('normal');
    expect(stockStatus({ items_sold: 70, total_items: 100 })).toMatchObject({ level: 'low', warning: { kind: 'selling-fast', soldPercent: 70 } });
    expect(stockStatus({ items_sold: 89, total_items: 100 }).level).toBe('low');
    expect(stockStatus({ items_sold: 90, total_items: 100 })).toMatchObject({
      level: 'critical',
      left: 10,
      warning: { kind: 'selling-fast', soldPercent: 90 },
    });
  });

  it('warns with the count when fewer than 10 are left', () => {
    expect(stockStatus({ items_sold: 91, total_items: 100 })).toMatchObject({ left: 9, warning: { kind: 'few-left', left: 9 }, level: 'critical' });
    expect(stockStatus({ items_sold: 0, total_items: 5 })).toMatchObject({ left: 5, warning: { kind: 'few-left', left: 5 }, level: 'normal' });
    expect(stockStatus({ items_sold: 0, total_items: 10 }).warning).toBeNull();
  });

  it('is out of stock when nothing is left or the product is marked so', () => {
    expect(stockStatus({ items_sold: 20, total_items: 20 })).toEqual({ left: 0, soldPercent: 100, level: 'out', warning: { kind: 'out' } });
    expect(stockStatus({ items_sold: 0, total_items: 0 }).level).toBe('out');
    expect(stockStatus({ items_sold: 1, total_items: 50 }, 0).level).toBe('out');
  });

  it('tolerates impossible numbers without going negative', () => {
    expect(stockStatus({ items_sold: 30, total_items: 20 }).left).toBe(0);
    expect(stockStatus({ items_sold: -5, total_items: 20 })).toMatchObject({ left: 20, soldPercent: 0 });
  });
});

describe('stockWarningText', () => {
  const words = (language: 'en' | 'lg' | 'sw', stock: { items_sold: number; total_items: number }) =>
    stockWarningText(stockStatus(stock).warning!, pageTranslator(language));

  it('says the warning in English as the store always has', () => {
    expect(words('en', { items_sold: 20, total_items: 20 })).toBe('Out of stock');
    expect(words('en', { items_sold: 91, total_items: 100 })).toBe('Only 9 left');
    expect(words('en', { items_sold: 75, total_items: 100 })).toBe('75% sold');
  });

  it('says it in Luganda and Swahili, one left in the singular', () => {
    expect(words('lg', { items_sold: 99, total_items: 100 })).toBe('Kisigaddewo 1 kyokka');
    expect(words('lg', { items_sold: 97, total_items: 100 })).toBe('Bisigaddewo 3 byokka');
    expect(words('sw', { items_sold: 99, total_items: 100 })).toBe('Imebaki 1 tu');
    expect(words('sw', { items_sold: 97, total_items: 100 })).toBe('Zimebaki 3 tu');
    expect(words('sw', { items_sold: 20, total_items: 20 })).toBe('Imeisha');
  });
});
