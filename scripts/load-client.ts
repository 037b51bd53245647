/**
 * A lean HTTP/1.1 load generator for the benchmarks. It shares the machine with the store, so it must cost
 * the same per response whatever the body: it reads status lines and framing headers and skips body bytes
 * without decoding them (ResponseReader). autocannon, used before, turned every body into a UTF-8 string,
 * which halved its rate on brotli bodies and made a br file look slower than the plain one.
 */
import net from 'node:net';
import { ResponseReader } from './http-response-reader';

export type LoadRun = {
  /** Milliseconds from sending each answered request to its response's last byte, in arrival order. */
  latencies: number[];
  /** Responses other than 2xx. */
  non2xx: number;
  /** Failed connections, time-outs, broken responses and connections closed before the response ended. */
  connectionErrors: number;
  /** How long the run lasted, in seconds. */
  elapsedSeconds: number;
};

export type LoadRunOptions = {
  /** `http://host:port` of the server. */
  baseUrl: string;
  /** Taken in turn across all connections: each request asks for the next one. */
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A connection that receives nothing for this long counts an error and is replaced. */
  timeoutMs?: number;
};

/** Where `baseUrl` is, and the GET request for a path there with `headers`. */
function serverOf(baseUrl: string, headers: Record<string, string>) {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') throw new Error(`The load client speaks plain HTTP only, not ${url.protocol}`);
  const extraHeaders = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port || 80),
    request: (path: string) => `GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${extraHeaders}\r\n`,
  };
}

/** A replaced connection waits this long, so a server that refuses connections does not make the client spin. */
const RECONNECT_PAUSE_MS = 10;

/**
 * Keeps `connections` keep-alive connections busy for `seconds`, each with one GET in flight at a time (no
 * pipelining). A connection that fails, times out or receives a broken response counts one error and is
 * replaced; one the server closes after a response is replaced without an error. Requests still in flight
 * when the time is up are not counted.
 */
export function runLoad({ baseUrl, paths, connections, seconds, headers = {}, timeoutMs = 10_000 }: LoadRunOptions): Promise<LoadRun> {
  if (paths.length === 0) throw new Error('The load client needs at least one path');
  const { host, port, request } = serverOf(baseUrl, headers);
  const requests = paths.map((path) => Buffer.from(request(path), 'latin1'));

  const run: LoadRun = { latencies: [], non2xx: 0, connectionErrors: 0, elapsedSeconds: 0 };
  const open = new Set<net.Socket>();
  let nextPath = 0;
  let stopped = false;

  function record(status: number, sentAt: number) {
    run.latencies.push(performance.now() - sentAt);
    if (status < 200 || status > 299) run.non2xx++;
  }

  function connect() {
    const reader = new ResponseReader();
    const socket = net.connect({ host, port, noDelay: true });
    open.add(socket);
    let sentAt = 0;
    let retired = false;

    const send = () => {
      sentAt = performance.now();
      socket.write(requests[nextPath++ % requests.length]!);
    };
    /** Leaves this connection for a new one. */
    const retire = (failed: boolean) => {
      if (retired || stopped) return;
      retired = true;
      open.delete(socket);
      socket.destroy();
      if (failed) run.connectionErrors++;
      if (failed) setTimeout(() => stopped || connect(), RECONNECT_PAUSE_MS);
      else connect();
    };

    socket.setTimeout(timeoutMs, () => retire(true));
    socket.on('connect', send);
    socket.on('error', () => retire(true));
    socket.on('data', (bytes: Buffer) => {
      if (retired || stopped) return;
      let responses;
      try {
        responses = reader.push(bytes);
      } catch {
        return retire(true);
      }
      for (const { status, keepAlive } of responses) {
        record(status, sentAt);
        if (!keepAlive) return retire(false);
      }
      if (responses.length > 0) send();
    });
    socket.on('close', () => {
      if (retired || stopped) return;
      // A response without Content-Length or chunking ends when the server closes the connection.
      try {
        const last = reader.end();
        if (last) record(last.status, sentAt);
        retire(last === undefined);
      } catch {
        retire(true);
      }
    });
  }

  return new Promise((resolve) => {
    const started = performance.now();
    for (let i = 0; i < connections; i++) connect();
    setTimeout(() => {
      stopped = true;
      run.elapsedSeconds = (performance.now() - started) / 1000;
      for (const socket of open) socket.destroy();
      resolve(run);
    }, seconds * 1000);
  });
}

export type TimedRequest = { path: string; status: number; milliseconds: number };

/**
 * Asks for each path in turn on one keep-alive connection, one request at a time, and times each from sending
 * it to its response's last byte: what the server takes to answer, with none of a full client's decoding.
 */
export async function timeEach({ baseUrl, paths, headers = {}, timeoutMs = 10_000 }: Omit<LoadRunOptions, 'connections' | 'seconds'>): Promise<TimedRequest[]> {
  const { host, port, request } = serverOf(baseUrl, headers);
  const timed: TimedRequest[] = [];
  let connection: { socket: net.Socket; reader: ResponseReader } | undefined;

  const open = () =>
    new Promise<{ socket: net.Socket; reader: ResponseReader }>((resolve, reject) => {
      const socket = net.connect({ host, port, noDelay: true }, () => resolve({ socket, reader: new ResponseReader() }));
      socket.once('error', reject);
    });

  const ask = (socket: net.Socket, reader: ResponseReader, path: string) =>
    new Promise<{ status: number; keepAlive: boolean }>((resolve, reject) => {
      const fail = (error: Error) => {
        cleanUp();
        reject(error);
      };
      const onData = (bytes: Buffer) => {
        try {
          const [response] = reader.push(bytes);
          if (!response) return;
          cleanUp();
          resolve(response);
        } catch (error) {
          fail(error as Error);
        }
      };
      const onClose = () => {
        try {
          const last = reader.end();
          if (!last) return fail(new Error(`The server closed the connection before answering ${path}`));
          cleanUp();
          resolve({ ...last, keepAlive: false });
        } catch (error) {
          fail(error as Error);
        }
      };
      const onTimeout = () => fail(new Error(`No answer to ${path} within ${timeoutMs} ms`));
      const cleanUp = () => {
        socket.off('data', onData).off('close', onClose).off('error', fail).off('timeout', onTimeout);
        socket.setTimeout(0);
      };
      socket.on('data', onData).on('close', onClose).on('error', fail).on('timeout', onTimeout);
      socket.setTimeout(timeoutMs);
      socket.write(request(path), 'latin1');
    });

  try {
    for (const path of paths) {
      connection ??= await open();
      const sentAt = performance.now();
      const { status, keepAlive } = await ask(connection.socket, connection.reader, path);
      timed.push({ path, status, milliseconds: performance.now() - sentAt });
      if (!keepAlive) {
        connection.socket.destroy();
        connection = undefined;
      }
    }
  } finally {
    connection?.socket.destroy();
  }
  return timed;
}
