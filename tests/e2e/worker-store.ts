/**
 * Which store a Playwright process talks to. The global setup starts one store per worker and names its
 * settings with the worker's slot (`E2E_BASE_URL_1`); loaded in a worker (Playwright sets
 * TEST_PARALLEL_INDEX there), this copies its slot's settings to the plain names the specs read.
 */
export const STORE_SETTINGS = ['E2E_BASE_URL', 'E2E_OUTBOX_DIR', 'E2E_MTN_MOMO_URL', 'E2E_AIRTEL_URL'] as const;

export const storeSetting = (name: (typeof STORE_SETTINGS)[number], slot: number | string) => `${name}_${slot}`;

const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined) for (const name of STORE_SETTINGS) process.env[name] = process.env[storeSetting(name, slot)];
