import type { TestProject } from 'vitest/node';
import { startStore } from '../support/server';
import { resetPostgres } from '../support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseDriver: string;
    outboxDir: string;
  }
}

/** API tests run against the real server: PGlite by default, PostgreSQL when API_DATABASE_URL is set. */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.API_DATABASE_URL || undefined;
  if (databaseUrl) await resetPostgres(databaseUrl);
  const store = await startStore({ databaseUrl });
  project.provide('baseUrl', store.baseUrl);
  project.provide('databaseDriver', databaseUrl ? 'postgres' : 'pglite');
  project.provide('outboxDir', store.outboxDir);
  return async () => {
    await store.stop();
  };
}
