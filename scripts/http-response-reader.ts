/**
 * Finds where HTTP/1.1 responses end in the bytes a connection receives, without decoding their bodies:
 * only the status line, the headers and chunk-size lines are read (as latin1); body bytes are counted and
 * skipped. The load client uses it so that its cost per response does not grow with the body's size or
 * encoding (RFC 9112 §6.3 decides how long each body is).
 */

/** A response read to its last byte. `keepAlive` is false when the server closes the connection after it. */
export type CompletedResponse = { status: number; keepAlive: boolean };

/** The bytes are not an HTTP/1.x response (or break one off); the connection cannot be read any further. */
export class MalformedResponseError extends Error {
  override name = 'MalformedResponseError';
}

/** Longer status, header, chunk-size or trailer lines are refused rather than collected without end. */
const MAX_LINE_BYTES = 16 * 1024;
const MAX_HEAD_LINES = 200;
const LF = 0x0a;

type Stage =
  | { kind: 'status-line' }
  | { kind: 'headers' }
  | { kind: 'fixed-body'; remaining: number }
  | { kind: 'chunk-size' }
  | { kind: 'chunk-data'; remaining: number }
  | { kind: 'chunk-data-end' }
  | { kind: 'trailers' }
  | { kind: 'until-close' };

/** The headers that say where a body ends and whether the connection stays open; the others are not kept. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

type Head = { status: number; version: string; headers: Map<string, string>; lines: number };

/**
 * Reads one connection's responses, in order, from chunks cut at any byte. Push every chunk received with
 * `push`, and call `end` when the connection closes.
 */
export class ResponseReader {
  private stage: Stage = { kind: 'status-line' };
  private head: Head | undefined;
  /** The part of a line received so far, when a chunk ended before its line feed. */
  private partialLine = '';

  /** Reads the next bytes of the connection; gives the responses they complete. Throws MalformedResponseError. */
  push(bytes: Buffer): CompletedResponse[] {
    const completed: CompletedResponse[] = [];
    let offset = 0;
    while (offset < bytes.length) {
      const stage = this.stage;
      if (stage.kind === 'until-close') return completed;
      if (stage.kind === 'fixed-body' || stage.kind === 'chunk-data') {
        const skipped = Math.min(stage.remaining, bytes.length - offset);
        offset += skipped;
        stage.remaining -= skipped;
        if (stage.remaining > 0) continue;
        if (stage.kind === 'chunk-data') this.stage = { kind: 'chunk-data-end' };
        else this.complete(completed);
        continue;
      }
      const lineEnd = bytes.indexOf(LF, offset);
      const end = lineEnd === -1 ? bytes.length : lineEnd;
      this.partialLine += bytes.toString('latin1', offset, end);
      if (this.partialLine.length > MAX_LINE_BYTES) throw new MalformedResponseError(`A line longer than ${MAX_LINE_BYTES} bytes`);
      if (lineEnd === -1) return completed;
      offset = lineEnd + 1;
      const line = this.partialLine.endsWith('\r') ? this.partialLine.slice(0, -1) : this.partialLine;
      this.partialLine = '';
      this.readLine(line, completed);
    }
    return completed;
  }

  /**
   * The connection closed: gives the response whose body lasted until the close, if one was being read
   * that way. Throws MalformedResponseError when the close cut a response short.
   */
  end(): CompletedResponse | undefined {
    const stage = this.stage;
    this.stage = { kind: 'status-line' };
    if (stage.kind === 'until-close') return { status: this.head!.status, keepAlive: false };
    if (stage.kind !== 'status-line' || this.partialLine !== '') throw new MalformedResponseError('The connection closed in the middle of a response');
    return undefined;
  }

  private readLine(line: string, completed: CompletedResponse[]) {
    switch (this.stage.kind) {
      case 'status-line':
        this.head = { ...parseStatusLine(line), headers: new Map(), lines: 1 };
        this.stage = { kind: 'headers' };
        return;
      case 'headers':
        if (line === '') return this.startBody(completed);
        if (++this.head!.lines > MAX_HEAD_LINES) throw new MalformedResponseError(`More than ${MAX_HEAD_LINES} header lines`);
        return addHeader(this.head!.headers, line);
      case 'chunk-size': {
        // chunk-size [ ; extensions ]: the extensions mean nothing to a client that drops the data.
        const size = line.split(';', 1)[0]!.trim();
        if (!/^[0-9a-fA-F]{1,8}$/.test(size)) throw new MalformedResponseError(`Not a chunk size: ${JSON.stringify(line)}`);
        const remaining = Number.parseInt(size, 16);
        this.stage = remaining === 0 ? { kind: 'trailers' } : { kind: 'chunk-data', remaining };
        return;
      }
      case 'chunk-data-end':
        if (line !== '') throw new MalformedResponseError('A chunk is longer than its size');
        this.stage = { kind: 'chunk-size' };
        return;
      case 'trailers':
        if (line === '') this.complete(completed);
        return;
    }
  }

  /** The head has ended: decides how the body's end is found (RFC 9112 §6.3). */
  private startBody(completed: CompletedResponse[]) {
    const { status, headers } = this.head!;
    const transferEncoding = headers.get('transfer-encoding');
    const contentLength = headers.get('content-length');
    if ((status >= 100 && status < 200) || status === 204 || status === 304) {
      // An interim (1xx) response is followed by the real one; it is not counted.
      if (status < 200) this.stage = { kind: 'status-line' };
      else this.complete(completed);
    } else if (transferEncoding !== undefined) {
      const codings = transferEncoding
        .toLowerCase()
        .split(',')
        .map((coding) => coding.trim());
      this.stage = codings.at(-1) === 'chunked' ? { kind: 'chunk-size' } : { kind: 'until-close' };
    } else if (contentLength !== undefined) {
      const lengths = new Set(contentLength.split(',').map((value) => value.trim()));
      const [length] = lengths;
      if (lengths.size !== 1 || !/^\d{1,15}$/.test(length!)) throw new MalformedResponseError(`Not a Content-Length: ${contentLength}`);
      this.stage = { kind: 'fixed-body', remaining: Number(length) };
      if (this.stage.remaining === 0) this.complete(completed);
    } else {
      this.stage = { kind: 'until-close' };
    }
  }

  private complete(completed: CompletedResponse[]) {
    const { status, version, headers } = this.head!;
    const connection = (headers.get('connection') ?? '')
      .toLowerCase()
      .split(',')
      .map((option) => option.trim());
    const keepAlive = version === '1.1' ? !connection.includes('close') : connection.includes('keep-alive');
    completed.push({ status, keepAlive });
    this.head = undefined;
    this.stage = { kind: 'status-line' };
  }
}

function parseStatusLine(line: string): { status: number; version: string } {
  const match = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: .*)?$/.exec(line);
  if (!match) throw new MalformedResponseError(`Not an HTTP/1.x status line: ${JSON.stringify(line.slice(0, 80))}`);
  return { version: `1.${match[1]}`, status: Number(match[2]) };
}

/** Keeps a framing header by its lower-case name; repeated ones are joined with commas, as RFC 9110 §5.3 allows. */
function addHeader(headers: Map<string, string>, line: string) {
  const colon = line.indexOf(':');
  if (colon <= 0) throw new MalformedResponseError(`Not a header line: ${JSON.stringify(line.slice(0, 80))}`);
  const name = line.slice(0, colon).trim().toLowerCase();
  if (!FRAMING_HEADERS.has(name)) return;
  const value = line.slice(colon + 1).trim();
  const earlier = headers.get(name);
  headers.set(name, earlier === undefined ? value : `${earlier}, ${value}`);
}
