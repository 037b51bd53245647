import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeBrand } from '~/lib/brands';

describe('one name per brand', () => {
  it('names a maker once, whatever line, company word, case or spacing it was written with', () => {
    for (const written of [
      'Samsung Galaxy',
      'Samsung',
      'samsung',
      'SAMSUNG',
      '  Samsung   Galaxy ',
      'samsung galaxy',
      'Samsung Electronics',
      'Samsung Galaxy Uganda',
    ])
      expect(normalizeBrand(written), written).toBe('Samsung');
    expect(normalizeBrand('Apple iPhone')).toBe('Apple');
    expect(normalizeBrand('Tecno Mobile')).toBe('Tecno');
    expect(normalizeBrand('ITEL')).toBe('itel');
    expect(normalizeBrand('Xiaomi Redmi')).toBe('Xiaomi');
    expect(normalizeBrand('Samsung Co.')).toBe('Samsung');
  });

  it('keeps a brand it does not know, or a maker followed by words that are not its lines, as written (spaces tidied)', () => {
    expect(normalizeBrand('Victoria Seeds')).toBe('Victoria Seeds');
    expect(normalizeBrand('  East  African Seed ')).toBe('East African Seed');
    expect(normalizeBrand('Samsung Galaxy A15')).toBe('Samsung Galaxy A15');
    expect(normalizeBrand('Apple Cider Farm')).toBe('Apple Cider Farm');
    expect(normalizeBrand('Galaxy')).toBe('Galaxy');
    expect(normalizeBrand('')).toBe('');
  });

  it('the backfill of rows written before (migration 0031) rewrites to the same names the writes give', () => {
    const sql = readFileSync('src/server/db/migrations/0031_one_name_per_brand.sql', 'utf8');
    const makers = [...sql.matchAll(/\('([^']+)', ARRAY\[([^\]]*)\]::text\[\]\)/g)].map(([, maker, lines]) => ({
      maker: maker!,
      lines: [...lines!.matchAll(/'([^']+)'/g)].map((line) => line[1]!),
    }));
    expect(makers.length).toBeGreaterThan(10);
    const company = [.../SELECT ARRAY\[([^\]]*)\]/.exec(sql)![1]!.matchAll(/'([^']+)'/g)].map((word) => word[1]!);
    for (const { maker, lines } of makers) {
      expect(normalizeBrand(maker.toUpperCase())).toBe(maker);
      for (const word of [...lines, ...company]) expect(normalizeBrand(`${maker.toLowerCase()} ${word}`), `${maker} ${word}`).toBe(maker);
    }
  });
});
