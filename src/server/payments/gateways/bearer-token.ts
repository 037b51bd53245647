/**
 * The bearer token a gateway's API wants on every call (Pesapal, MTN MoMo, Airtel Money): asked for once and
 * shared by concurrent calls, renewed a little before it dies, and renewed once more when the gateway answers
 * 401 anyway (revoked early, or its clock differs from ours).
 */

/** A token as the gateway issued it, with when it stops working (ms since the epoch). */
export type IssuedToken = { value: string; expiresAt: number };

/** Renewing this early means no call carries a token that dies on the way. */
export const TOKEN_RENEW_MARGIN_MS = 30_000;

export type BearerTokens<Task = string> = {
  /**
   * Runs `send` with the current token; when the gateway answers 401, forgets that token and runs it once more
   * with a new one. `task` (what the caller was doing) goes to the issuer when a token must be asked for.
   */
  use<Reply extends { status: number }>(task: Task, send: (bearer: string) => Promise<Reply>): Promise<Reply>;
};

export function createBearerTokens<Task = string>(issue: (task: Task) => Promise<IssuedToken>): BearerTokens<Task> {
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  function current(task: Task): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= issue(task)
      .then((issued) => {
        // A lifetime shorter than twice the margin is renewed half way, not at once.
        const margin = Math.min(TOKEN_RENEW_MARGIN_MS, Math.max(0, (issued.expiresAt - Date.now()) / 2));
        token = { value: issued.value, renewAt: issued.expiresAt - margin };
        return issued.value;
      })
      .finally(() => (pending = null));
    return pending;
  }

  async function use<Reply extends { status: number }>(task: Task, send: (bearer: string) => Promise<Reply>): Promise<Reply> {
    const bearer = await current(task);
    const reply = await send(bearer);
    if (reply.status !== 401) return reply;
    if (token?.value === bearer) token = null;
    return send(await current(task));
  }

  return { use };
}

/** When a token said to live `expiresIn` seconds (a number or a numeric text) dies; `fallbackMs` when unreadable. */
export function expiryFromSeconds(expiresIn: unknown, fallbackMs: number, now = Date.now()): number {
  const seconds = typeof expiresIn === 'string' && expiresIn.trim() !== '' ? Number(expiresIn) : expiresIn;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : now + fallbackMs;
}
