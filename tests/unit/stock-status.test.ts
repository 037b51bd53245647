import { describe, expect, it } from 'vitest';
import { stockStatus } from '~/lib/stock';

describe('stockStatus', () => {
  it('says nothing while plenty is left', () => {
    expect(stockStatus({ items_sold: 10, total_items: 100 })).toEqual({ left: 90, soldPercent: 10, level: 'normal', warning: null });
  });

  it('is low from 70% sold and critical from 90%', () => {
    expect(stockStatus({ items_sold: 69, total_items: 100 }).level).toBe('normal');
    expect(stockStatus({ items_sold: 70, total_items: 100 })).toMatchObject({ level: 'low', warning: '70% sold' });
    expect(stockStatus({ items_sold: 89, total_items: 100 }).level).toBe('low');
    expect(stockStatus({ items_sold: 90, total_items: 100 })).toMatchObject({ level: 'critical', left: 10, warning: '90% sold' });
  });

  it('warns with the count when fewer than 10 are left', () => {
    expect(stockStatus({ items_sold: 91, total_items: 100 })).toMatchObject({ left: 9, warning: 'Only 9 left', level: 'critical' });
    expect(stockStatus({ items_sold: 0, total_items: 5 })).toMatchObject({ left: 5, warning: 'Only 5 left', level: 'normal' });
    expect(stockStatus({ items_sold: 0, total_items: 10 }).warning).toBeNull();
  });

  it('is out of stock when nothing is left or the product is marked so', () => {
    expect(stockStatus({ items_sold: 20, total_items: 20 })).toEqual({ left: 0, soldPercent: 100, level: 'out', warning: 'Out of stock' });
    expect(stockStatus({ items_sold: 0, total_items: 0 }).level).toBe('out');
    expect(stockStatus({ items_sold: 1, total_items: 50 }, 0).level).toBe('out');
  });

  it('tolerates impossible numbers without going negative', () => {
    expect(stockStatus({ items_sold: 30, total_items: 20 }).left).toBe(0);
    expect(stockStatus({ items_sold: -5, total_items: 20 })).toMatchObject({ left: 20, soldPercent: 0 });
  });
});
