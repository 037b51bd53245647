import { describe, expect, it } from 'vitest';
import { preparedOnce, type Database } from '~/server/db/client';

describe('preparedOnce', () => {
  it('builds a query once per database and again for another database', () => {
    const built: Database[] = [];
    const query = preparedOnce((db) => {
      built.push(db);
      return { db };
    });
    const first = {} as Database;
    const second = {} as Database;
    expect(query(first)).toBe(query(first));
    expect(query(second).db).toBe(second);
    expect(built).toEqual([first, second]);
  });
});
