/**
 * Purges what a write changed from the edge caches in front of the store, once, from the instance that wrote:
 * `PURGE /` with an `xkey` header naming the tags and the `X-Purge-Secret` header (EDGE_PURGE_SECRET) to each
 * Varnish in EDGE_PURGE_URLS, and Cloudflare's
 * purge-by-tag (POST /zones/{zone}/purge_cache) when CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN are set.
 * The write's reply waits for the first attempt at every edge (at most 2 s), so a reply means the edge has
 * dropped the old copy; a failed attempt is tried again in the background after 1, 2, 4, 8 and 16 s, then given
 * up (the edge keeps a copy at most EDGE_CACHE_SECONDS, so a lost purge heals by then). Every attempt is
 * logged when it fails and counted in `edgePurges`. Instances that only hear another's NOTIFY purge nothing:
 * the writer already did.
 */
import net from 'node:net';
import { config, type Config } from '../config';
import { log } from '../log';
import { edgePurges } from '../monitoring/prometheus';
import type { HealthCheck } from '../monitoring/health-check';
import type { Change } from './change';
import { edgeTagsOf } from './edge-tags';

/**
 * Tags per purge_cache call. Cloudflare's documentation gives 100 operations per request on every plan today;
 * 30 was the limit before, and stays safe on any account.
 */
export const CLOUDFLARE_TAGS_PER_CALL = 30;

const ATTEMPT_TIMEOUT_MS = 2_000;
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

type VarnishTarget = { kind: 'varnish'; url: string; secret: string };
type CloudflareTarget = { kind: 'cloudflare'; apiUrl: string; zone: string; token: string };
export type EdgeTarget = VarnishTarget | CloudflareTarget;

type EdgeSettings = Pick<Config, 'EDGE_PURGE_URLS' | 'EDGE_PURGE_SECRET' | 'CLOUDFLARE_ZONE_ID' | 'CLOUDFLARE_API_TOKEN' | 'CLOUDFLARE_API_URL'>;

/** The edges the configuration names. */
export function edgeTargets(settings: EdgeSettings = config): EdgeTarget[] {
  const targets: EdgeTarget[] = settings.EDGE_PURGE_URLS.map((url) => ({ kind: 'varnish', url, secret: settings.EDGE_PURGE_SECRET ?? '' }));
  const { CLOUDFLARE_ZONE_ID: zone, CLOUDFLARE_API_TOKEN: token } = settings;
  if (zone && token) targets.push({ kind: 'cloudflare', apiUrl: settings.CLOUDFLARE_API_URL, zone, token });
  return targets;
}

/** The purges one call makes: Varnish takes every tag in one header, Cloudflare in batches. */
export function cloudflareBatches(tags: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < tags.length; start += CLOUDFLARE_TAGS_PER_CALL) batches.push(tags.slice(start, start + CLOUDFLARE_TAGS_PER_CALL));
  return batches;
}

const nameOf = (target: EdgeTarget) => (target.kind === 'varnish' ? target.url : `${target.apiUrl}/zones/${target.zone}`);

/** One purge request; throws with what went wrong. */
async function send(target: EdgeTarget, tags: readonly string[]): Promise<void> {
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  if (target.kind === 'varnish') {
    const reply = await fetch(new URL('/', target.url), { method: 'PURGE', headers: { xkey: tags.join(' '), 'X-Purge-Secret': target.secret }, signal });
    await reply.body?.cancel();
    if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
    return;
  }
  const reply = await fetch(`${target.apiUrl}/zones/${encodeURIComponent(target.zone)}/purge_cache`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tags }),
    signal,
  });
  const body = (await reply.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null;
  if (!reply.ok || body?.success !== true) throw new Error(`HTTP ${reply.status}: ${body?.errors?.map((error) => error.message).join('; ') || 'no success'}`);
}

/** Tries one purge now, and again in the background while it fails; resolves after the first attempt. */
async function purgeWithRetries(target: EdgeTarget, tags: readonly string[], attempt = 0): Promise<void> {
  const where = { target: target.kind, edge: nameOf(target), attempt: attempt + 1, tags: tags.length };
  if (attempt > 0) edgePurges.inc({ target: target.kind, outcome: 'retried' });
  try {
    await send(target, tags);
    edgePurges.inc({ target: target.kind, outcome: 'sent' });
    if (attempt > 0) log.info(where, 'edge purge sent after retrying');
  } catch (error) {
    edgePurges.inc({ target: target.kind, outcome: 'failed' });
    const reason = error instanceof Error ? error.message : String(error);
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return log.error({ ...where, reason }, 'edge purge given up; the edge drops its copy when its max-age ends');
    log.warn({ ...where, reason, retryInMs: delay }, 'edge purge failed');
    setTimeout(() => void purgeWithRetries(target, tags, attempt + 1), delay).unref();
  }
}

/**
 * Purges `tags` from every configured edge. Resolves once each edge answered its first attempt (or that
 * attempt timed out): never throws, since the write it follows has already committed.
 */
export async function purgeEdge(tags: readonly string[], targets: EdgeTarget[] = edgeTargets()): Promise<void> {
  if (tags.length === 0 || targets.length === 0) return;
  const attempts = targets.flatMap((target) =>
    target.kind === 'varnish' ? [purgeWithRetries(target, tags)] : cloudflareBatches(tags).map((batch) => purgeWithRetries(target, batch)),
  );
  await Promise.all(attempts);
}

/** Time for the other instances to hear a write's NOTIFY and drop what it changed (milliseconds when they are well). */
export const EDGE_PURGE_AGAIN_MS = 2_000;

/**
 * Purges what a committed write changed, on the instance that wrote (the others only hear its NOTIFY); the write's
 * reply waits for the first attempt. Until another instance has heard the NOTIFY it may hand the edge the page it
 * kept from before the write, and the edge would keep that for its whole max-age: purged once more when every
 * instance has dropped it.
 */
export async function purgeEdgeAfterWrite({ change, instancesJoined }: { change: Change; instancesJoined: boolean }): Promise<void> {
  const tags = edgeTagsOf(change);
  await purgeEdge(tags);
  if (instancesJoined) setTimeout(() => void purgeEdge(tags), EDGE_PURGE_AGAIN_MS).unref();
}

/** Whether a Varnish answers on its address at all (a TCP connection: asking it anything would purge or fill it). */
function reachable(url: string): Promise<void> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) || (protocol === 'https:' ? 443 : 80) });
    socket.setTimeout(ATTEMPT_TIMEOUT_MS, () => socket.destroy(new Error('no answer within 2 s')));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** Whether Cloudflare takes the token (GET /user/tokens/verify). */
async function tokenActive(target: CloudflareTarget): Promise<void> {
  const reply = await fetch(`${target.apiUrl}/user/tokens/verify`, {
    headers: { Authorization: `Bearer ${target.token}` },
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  });
  const body = (await reply.json().catch(() => null)) as { success?: boolean; result?: { status?: string } } | null;
  if (!reply.ok || body?.success !== true || body.result?.status !== 'active') throw new Error(`token not active (HTTP ${reply.status})`);
}

/** For GET /api/health: every configured edge reachable, or none configured. */
export async function checkEdgePurge(settings: EdgeSettings = config): Promise<HealthCheck> {
  const targets = edgeTargets(settings);
  if (targets.length === 0) return { ok: true, detail: 'not configured' };
  const results = await Promise.all(
    targets.map(async (target) => {
      try {
        await (target.kind === 'varnish' ? reachable(target.url) : tokenActive(target));
        return { ok: true, detail: `${target.kind} ${nameOf(target)}: reachable` };
      } catch (error) {
        return { ok: false, detail: `${target.kind} ${nameOf(target)}: ${error instanceof Error ? error.message : String(error)}` };
      }
    }),
  );
  return { ok: results.every((result) => result.ok), detail: results.map((result) => result.detail).join('; ') };
}
