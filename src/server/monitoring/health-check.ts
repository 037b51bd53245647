/** What `GET /api/health` says about one thing the store depends on. */
export type HealthCheck = { ok: boolean; detail: string };
