/**
 * A local stand-in for the part of Cloudflare's API the store calls (https://api.cloudflare.com/client/v4), for
 * tests and demos without an account: the paths, bearer token, body shape and envelope
 * (`{success, errors: [{code, message}], messages, result}`) of purge-by-tag and token verification. Point the
 * store at it with CLOUDFLARE_API_URL, CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN matching its own.
 *
 *   POST /zones/{zone}/purge_cache  JSON {tags: [string, ...]}, `Authorization: Bearer <token>`: 200 {success: true,
 *                                   result: {id: zone}}; 403 code 10000 for another token; 400 code 7003 for
 *                                   another zone; 400 code 1012 for a body without tags or with anything else;
 *                                   400 code 1015 for more tags in one call than the store sends (30: Cloudflare's
 *                                   old limit, which the store keeps; today's is 100)
 *   GET  /user/tokens/verify        200 {success: true, result: {status: 'active'}} for the token, else 401 code 1000
 *
 * Tests drive it over HTTP:
 *   POST /__fake/fail {path, mode: 'http500' | 'hang', method?, times?}  the next calls to `path` fail
 *   GET  /__fake/state  {purges: [{zone, tags, outcome}]: every purge call received, answered or failed}
 *   POST /__fake/reset  forget the purges and the failures asked for
 */
import type http from 'node:http';
import {
  answerFailure,
  createFailureSwitch,
  headerOf,
  jsonObjectOf,
  listenGuarded,
  readText,
  sendJson,
  type FakeServer,
} from '../../src/server/fakes/fake-server';

export const FAKE_CLOUDFLARE_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
export const FAKE_CLOUDFLARE_TOKEN = 'fake-cloudflare-purge-token';
const MAX_TAGS_PER_CALL = 30;

export type FakeCloudflareOptions = { port?: number; zone?: string; token?: string };
export type FakeCloudflare = FakeServer & { zone: string; token: string };
export type FakePurge = { zone: string; tags: string[]; outcome: 'purged' | 'refused' | 'http500' | 'hang' };

const failed = (status: number, code: number, message: string) => ({
  status,
  body: { success: false, errors: [{ code, message }], messages: [], result: null },
});

export async function startFakeCloudflare(options: FakeCloudflareOptions = {}): Promise<FakeCloudflare> {
  const zone = options.zone ?? FAKE_CLOUDFLARE_ZONE;
  const token = options.token ?? FAKE_CLOUDFLARE_TOKEN;
  const failures = createFailureSwitch();
  let purges: FakePurge[] = [];

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? 'GET';
    const text = await readText(req);
    if (path.startsWith('/__fake/')) return control(path.slice('/__fake/'.length), method, text, res);
    const bearer = headerOf(req, 'Authorization') === `Bearer ${token}`;

    if (path === '/user/tokens/verify' && method === 'GET') {
      if (!bearer) return answer(res, failed(401, 1000, 'Invalid API Token'));
      return sendJson(res, 200, {
        success: true,
        errors: [],
        messages: [{ code: 10000, message: 'This API Token is valid and active' }],
        result: { id: 'fake', status: 'active' },
      });
    }
    const purge = /^\/zones\/([^/]+)\/purge_cache$/.exec(path);
    if (!purge) return answer(res, failed(404, 7000, `No route for that URI: ${method} ${path}`));
    if (method !== 'POST') return answer(res, failed(405, 10000, 'Method not allowed'));

    const body = jsonObjectOf(text);
    const tags = body?.tags;
    const received: FakePurge = { zone: purge[1]!, tags: Array.isArray(tags) ? tags.map(String) : [], outcome: 'refused' };
    purges.push(received);
    const failure = failures.take(method, path.slice(1));
    if (failure) {
      received.outcome = failure;
      return answerFailure(res, failure);
    }
    if (!bearer) return answer(res, failed(403, 10000, 'Authentication error'));
    if (received.zone !== zone) return answer(res, failed(400, 7003, `Could not route to ${path}, perhaps your object identifier is invalid?`));
    const onlyTags =
      body && Object.keys(body).length === 1 && Array.isArray(tags) && tags.length > 0 && tags.every((tag) => typeof tag === 'string' && tag !== '');
    if (!onlyTags) return answer(res, failed(400, 1012, 'Request must contain a non-empty list of "tags" and nothing else'));
    if (tags.length > MAX_TAGS_PER_CALL) return answer(res, failed(400, 1015, `Too many tags: at most ${MAX_TAGS_PER_CALL} in one request`));
    received.outcome = 'purged';
    return sendJson(res, 200, { success: true, errors: [], messages: [], result: { id: zone } });
  }

  function answer(res: http.ServerResponse, { status, body }: ReturnType<typeof failed>) {
    sendJson(res, status, body);
  }

  function control(action: string, method: string, text: string, res: http.ServerResponse) {
    if (method === 'GET' && action === 'state') return sendJson(res, 200, { purges });
    if (method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
    if (action === 'reset') {
      purges = [];
      failures.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (action === 'fail') {
      const refusal = failures.add(jsonObjectOf(text) ?? {});
      return refusal ? sendJson(res, 400, { error: refusal }) : sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: `No control ${action}` });
  }

  const listening = await listenGuarded(
    handle,
    (res, error) => sendJson(res, 500, failed(500, 10001, `The fake crashed: ${String(error)}`).body),
    options.port,
  );
  return { ...listening, zone, token };
}
