/**
 * A client of the store written only from the spec (section 7), the way a separate single-page app or a
 * mobile app calls it: nothing of ours is imported (no islands, no lib, no test helpers), only `fetch`,
 * multipart bodies and the spec's headers. Requests accept JSON and carry the bearer token and the user id
 * when logged in, and a guest session id (guest_ + time + random) otherwise; every post goes as multipart
 * form data with the user id added to the payload (user, User-Id, user_id); replies are read as code,
 * message and data, and succeed only when code is 1.
 */

export type Envelope<T = any> = { status: number; code: number; message: string; data: T; headers: Headers };

/** A reply that did not succeed: the spec's clients show its message. */
export class ForeignClientError extends Error {
  constructor(readonly reply: Envelope) {
    super(`${reply.status}: ${reply.message}`);
  }
}

/** A form field's value: objects and lists go as JSON text, as the spec's clients send `items` and `delivery`. */
type FieldValue = string | number | boolean | Blob | Record<string, unknown> | unknown[] | null | undefined;

export class ForeignClient {
  token: string | null = null;
  userId: string | null = null;
  /**
   * The spec's client makes its own guest session id; the store reads a guest's history only by the signed id
   * it issues (in the search-history replies' `session_id`), which the client keeps from then on.
   */
  sessionId = `guest_${Date.now()}_${Math.random().toString(36).slice(2, 12)}`;
  /**
   * The web page's origin when the client runs in a browser on another site (CORS_ORIGINS): its requests then
   * carry `Origin`, and once logged in the user id under every name the spec's single-page client sends it.
   */
  origin: string | null = null;

  /**
   * `forwardedFor` is the address the proxy in front of the test store reports for this client (the store
   * trusts X-Forwarded-For there), so each test's shoppers count against their own rate limits.
   */
  constructor(
    private readonly baseUrl: string,
    private readonly forwardedFor?: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    if (this.forwardedFor) headers['X-Forwarded-For'] = this.forwardedFor;
    if (this.origin) headers.Origin = this.origin;
    if (this.token && this.userId) {
      headers.Authorization = `Bearer ${this.token}`;
      headers['User-Id'] = this.userId;
      if (this.origin) Object.assign(headers, { HTTP_USER_ID: this.userId, user_id: this.userId });
    } else {
      headers['X-Session-ID'] = this.sessionId;
    }
    return headers;
  }

  private async read<T>(response: Response): Promise<Envelope<T>> {
    const text = await response.text();
    let body: { code?: number; status?: number; message?: string; data?: T };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${response.url} answered ${response.status} with something that is not JSON: ${text.slice(0, 120)}`);
    }
    // The spec: the code is taken from `code` or `status`.
    return { status: response.status, code: Number(body.code ?? body.status), message: body.message ?? '', data: body.data as T, headers: response.headers };
  }

  /** GET `path` (relative to /api) with a query; the whole reply, whatever it says. */
  async getReply<T = any>(path: string, query: Record<string, string | number> = {}): Promise<Envelope<T>> {
    const url = new URL(`/api/${path}`, this.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return this.keepIssuedSession(path, await this.read<T>(await fetch(url, { headers: this.headers() })));
  }

  private keepIssuedSession<T>(path: string, reply: Envelope<T>): Envelope<T> {
    const issued = (reply.data as { session_id?: unknown } | null)?.session_id;
    if (path.startsWith('search-history') && typeof issued === 'string') this.sessionId = issued;
    return reply;
  }

  /** POST `path` as multipart form data with the user id added; the whole reply, whatever it says. */
  async postReply<T = any>(path: string, fields: Record<string, FieldValue> = {}, extraHeaders: Record<string, string> = {}): Promise<Envelope<T>> {
    const form = new FormData();
    const withUser = this.userId ? { ...fields, user: this.userId, 'User-Id': this.userId, user_id: this.userId } : fields;
    for (const [name, value] of Object.entries(withUser)) {
      if (value === undefined || value === null) continue;
      if (value instanceof Blob) form.append(name, value);
      else if (typeof value === 'object') form.append(name, JSON.stringify(value));
      else form.append(name, String(value));
    }
    const response = await fetch(new URL(`/api/${path}`, this.baseUrl), { method: 'POST', headers: this.headers(extraHeaders), body: form });
    return this.keepIssuedSession(path, await this.read<T>(response));
  }

  /** GET that must succeed (code 1): its data. */
  async get<T = any>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    return succeeded(await this.getReply<T>(path, query));
  }

  /** POST that must succeed (code 1): its data. */
  async post<T = any>(path: string, fields: Record<string, FieldValue> = {}, extraHeaders: Record<string, string> = {}): Promise<T> {
    return succeeded(await this.postReply<T>(path, fields, extraHeaders));
  }

  /** Keeps the login a login or registration reply holds (a token counts only when longer than 5 characters). */
  logIn(user: { id: number; remember_token?: string; token?: string; access_token?: string }): void {
    const token = user.remember_token ?? user.token ?? user.access_token ?? '';
    if (token.length <= 5) throw new Error('No authentication token received from server');
    this.token = token;
    this.userId = String(user.id);
  }
}

function succeeded<T>(reply: Envelope<T>): T {
  if (reply.code !== 1) throw new ForeignClientError(reply);
  return reply.data;
}
