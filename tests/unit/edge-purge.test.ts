import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { checkEdgePurge, cloudflareBatches, edgeTargets, purgeEdge, type EdgeTarget } from '~/server/cache/edge-purge';
import { edgePurges } from '~/server/monitoring/prometheus';
import { startFakeCloudflare, type FakeCloudflare, type FakePurge } from '../support/fake-cloudflare';
import { freePort } from '../support/free-port';
import { startPurgeListener, type PurgeListener } from '../support/purge-listener';

let varnish: PurgeListener;
let cloudflare: FakeCloudflare;
let cloudflareTarget: EdgeTarget;

const cloudflareState = async () => ((await (await fetch(`${cloudflare.baseUrl}/__fake/state`)).json()) as { purges: FakePurge[] }).purges;
const counted = async (target: string, outcome: string) =>
  (await edgePurges.get()).values.find((value) => value.labels.target === target && value.labels.outcome === outcome)?.value ?? 0;

beforeAll(async () => {
  varnish = await startPurgeListener();
  cloudflare = await startFakeCloudflare();
  cloudflareTarget = { kind: 'cloudflare', apiUrl: cloudflare.baseUrl, zone: cloudflare.zone, token: cloudflare.token };
});

afterAll(async () => {
  await varnish?.stop();
  await cloudflare?.stop();
});

beforeEach(async () => {
  varnish.purges.length = 0;
  await fetch(`${cloudflare.baseUrl}/__fake/reset`, { method: 'POST' });
});

describe('the edges the environment names', () => {
  it('reads EDGE_PURGE_URLS and the Cloudflare settings, and refuses what is not an address', () => {
    expect(
      edgeTargets(
        loadConfig({
          EDGE_PURGE_URLS: 'http://10.0.0.5:6081, http://10.0.0.6:6081',
          EDGE_PURGE_SECRET: 'purge-Kampala',
          CLOUDFLARE_ZONE_ID: 'z',
          CLOUDFLARE_API_TOKEN: 't',
        }),
      ),
    ).toEqual([
      { kind: 'varnish', url: 'http://10.0.0.5:6081', secret: 'purge-Kampala' },
      { kind: 'varnish', url: 'http://10.0.0.6:6081', secret: 'purge-Kampala' },
      { kind: 'cloudflare', apiUrl: 'https://api.cloudflare.com/client/v4', zone: 'z', token: 't' },
    ]);
    expect(edgeTargets(loadConfig({ CLOUDFLARE_ZONE_ID: 'z' }))).toEqual([]);
    expect(() => loadConfig({ EDGE_PURGE_URLS: 'varnish:6081' })).toThrow('EDGE_PURGE_URLS must be comma-separated http(s) addresses, got "varnish:6081".');
    expect(() => loadConfig({ EDGE_CACHE_SECONDS: '1h' })).toThrow('EDGE_CACHE_SECONDS must be a whole number above 0, got "1h".');
    expect(loadConfig({ EDGE_PURGE_URLS: 'https://edge.example', EDGE_CACHE_SECONDS: '600' }).EDGE_CACHE_SECONDS).toBe(600);
  });

  it('sends Cloudflare at most 30 tags a call', () => {
    const tags = Array.from({ length: 70 }, (_, id) => `product:${id}`);
    expect(cloudflareBatches(tags).map((batch) => batch.length)).toEqual([30, 30, 10]);
    expect(cloudflareBatches(tags).flat()).toEqual(tags);
  });
});

describe('purging the edges', () => {
  it('sends one PURGE / with the tags in xkey and the secret to each Varnish, and the tags to Cloudflare in batches', async () => {
    const second = await startPurgeListener();
    const tags = Array.from({ length: 35 }, (_, id) => `product:${id}`);
    const sentBefore = await counted('cloudflare', 'sent');
    await purgeEdge(tags, [
      { kind: 'varnish', url: varnish.baseUrl, secret: 'purge-Kampala' },
      { kind: 'varnish', url: second.baseUrl, secret: 'purge-Kampala' },
      cloudflareTarget,
    ]);
    for (const listener of [varnish, second])
      expect(listener.purges).toEqual([expect.objectContaining({ method: 'PURGE', path: '/', tags, secret: 'purge-Kampala' })]);
    const purged = await cloudflareState();
    expect(purged.map((purge) => [purge.zone, purge.tags.length, purge.outcome])).toEqual([
      [cloudflare.zone, 30, 'purged'],
      [cloudflare.zone, 5, 'purged'],
    ]);
    expect(purged.flatMap((purge) => purge.tags)).toEqual(tags);
    expect((await counted('cloudflare', 'sent')) - sentBefore).toBe(2);
    await second.stop();
  });

  it('retries a refused purge in the background, and the first attempt is all the caller waits for', async () => {
    varnish.refuse(1);
    await fetch(`${cloudflare.baseUrl}/__fake/fail`, {
      method: 'POST',
      body: JSON.stringify({ path: `/zones/${cloudflare.zone}/purge_cache`, mode: 'http500' }),
    });
    const [failedBefore, retriedBefore] = [await counted('varnish', 'failed'), await counted('varnish', 'retried')];
    const started = Date.now();
    await purgeEdge(['product:9'], [{ kind: 'varnish', url: varnish.baseUrl, secret: 's' }, cloudflareTarget]);
    expect(Date.now() - started).toBeLessThan(900);
    expect(varnish.purges.map((purge) => purge.answered)).toEqual([500]);
    await varnish.heard(2, 5_000);
    expect(varnish.purges.map((purge) => [purge.answered, purge.tags])).toEqual([
      [500, ['product:9']],
      [200, ['product:9']],
    ]);
    expect(varnish.purges[1]!.at - varnish.purges[0]!.at).toBeGreaterThanOrEqual(900);
    expect((await counted('varnish', 'failed')) - failedBefore).toBe(1);
    expect((await counted('varnish', 'retried')) - retriedBefore).toBe(1);
    const started2 = Date.now();
    while ((await cloudflareState()).length < 2 && Date.now() - started2 < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await cloudflareState()).map((purge) => purge.outcome)).toEqual(['http500', 'purged']);
  });

  it('is refused by Cloudflare with another token, and says so', async () => {
    const failedBefore = await counted('cloudflare', 'failed');
    await purgeEdge(['menu'], [{ ...cloudflareTarget, token: 'wrong' } as EdgeTarget]);
    expect((await cloudflareState()).map((purge) => purge.outcome)).toEqual(['refused']);
    expect((await counted('cloudflare', 'failed')) - failedBefore).toBe(1);
  });
  it('waits at most about 2 s for an edge that does not answer, and not at all for a closed port', async () => {
    await fetch(`${cloudflare.baseUrl}/__fake/fail`, {
      method: 'POST',
      body: JSON.stringify({ path: `/zones/${cloudflare.zone}/purge_cache`, mode: 'hang', times: 10 }),
    });
    const closed = `http://127.0.0.1:${await freePort()}`;
    let started = Date.now();
    await purgeEdge(['menu'], [{ kind: 'varnish', url: closed, secret: 's' }]);
    expect(Date.now() - started).toBeLessThan(1_000);
    started = Date.now();
    await purgeEdge(['menu'], [cloudflareTarget]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(3_000);
    await fetch(`${cloudflare.baseUrl}/__fake/reset`, { method: 'POST' });
  });
});

describe('the health of the edges', () => {
  it('is ok when none is configured, and names an edge it cannot reach', async () => {
    expect(await checkEdgePurge(loadConfig({}))).toEqual({ ok: true, detail: 'not configured' });
    expect(
      await checkEdgePurge(
        loadConfig({
          EDGE_PURGE_URLS: varnish.baseUrl,
          CLOUDFLARE_API_URL: cloudflare.baseUrl,
          CLOUDFLARE_ZONE_ID: cloudflare.zone,
          CLOUDFLARE_API_TOKEN: cloudflare.token,
        }),
      ),
    ).toMatchObject({
      ok: true,
    });
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await checkEdgePurge(loadConfig({ EDGE_PURGE_URLS: `${varnish.baseUrl},${closed}` }));
    expect(down.ok).toBe(false);
    expect(down.detail).toContain(closed);
    expect(
      (await checkEdgePurge(loadConfig({ CLOUDFLARE_API_URL: cloudflare.baseUrl, CLOUDFLARE_ZONE_ID: cloudflare.zone, CLOUDFLARE_API_TOKEN: 'wrong' }))).ok,
    ).toBe(false);
  });
});
