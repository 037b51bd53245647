import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MalformedResponseError, ResponseReader, type CompletedResponse } from '../../scripts/http-response-reader';

/** A body that would confuse a reader that looked inside it: line feeds, a blank line and a status line. */
const TRICKY_BODY = Buffer.concat([Buffer.from('HTTP/1.1 500 Oops\r\n\r\n0\r\n\r\n'), brotliCompressSync(Buffer.from('x'.repeat(2000) + 'é'))]);

const withLength = (status: number, body: Buffer, extra = '') =>
  Buffer.concat([Buffer.from(`HTTP/1.1 ${status} Whatever\r\nContent-Type: text/html\r\nContent-Length: ${body.length}\r\n${extra}\r\n`, 'latin1'), body]);

const CHUNKED = Buffer.concat([
  Buffer.from('HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\nTransfer-Encoding: chunked\r\nTrailer: Server-Timing\r\n\r\n'),
  Buffer.from(`${(10).toString(16)};name="first chunk"\r\n`),
  TRICKY_BODY.subarray(0, 10),
  Buffer.from(`\r\n${(TRICKY_BODY.length - 10).toString(16).toUpperCase()}\r\n`),
  TRICKY_BODY.subarray(10),
  Buffer.from('\r\n0;last\r\nServer-Timing: total;dur=3\r\nX-Checksum: 12\r\n\r\n'),
]);

const NOT_MODIFIED = Buffer.from('HTTP/1.1 304 Not Modified\r\nETag: "abc"\r\nCache-Control: public, max-age=0\r\n\r\n');

/** Several responses of every framing one after another, as one keep-alive connection could carry them. */
const STREAM = Buffer.concat([
  withLength(200, TRICKY_BODY),
  CHUNKED,
  NOT_MODIFIED,
  withLength(404, Buffer.from('{"code":0}')),
  withLength(201, Buffer.alloc(0)),
]);
const STREAM_RESPONSES: CompletedResponse[] = [200, 200, 304, 404, 201].map((status) => ({ status, keepAlive: true }));

function readAll(chunks: Buffer[]): CompletedResponse[] {
  const reader = new ResponseReader();
  const responses = chunks.flatMap((chunk) => reader.push(chunk));
  expect(reader.end()).toBeUndefined();
  return responses;
}

describe('ResponseReader', () => {
  it('skips a body by its Content-Length without looking inside it', () => {
    expect(readAll([withLength(200, TRICKY_BODY)])).toEqual([{ status: 200, keepAlive: true }]);
  });

  it('does not complete a response until the last byte of its Content-Length arrives', () => {
    const response = withLength(200, TRICKY_BODY);
    const reader = new ResponseReader();
    expect(reader.push(response.subarray(0, -1))).toEqual([]);
    expect(reader.push(response.subarray(-1))).toEqual([{ status: 200, keepAlive: true }]);
  });

  it('skips a chunked body, with chunk extensions, upper-case sizes and trailers', () => {
    expect(readAll([CHUNKED])).toEqual([{ status: 200, keepAlive: true }]);
  });

  it('reads no body after a 304 or a 204, even when they carry a Content-Length', () => {
    const noContent = Buffer.from('HTTP/1.1 204 No Content\r\nContent-Length: 50\r\n\r\n');
    expect(readAll([NOT_MODIFIED, noContent, withLength(200, Buffer.from('ok'))]).map((response) => response.status)).toEqual([304, 204, 200]);
  });

  it('completes two responses received in one chunk', () => {
    const twoInOne = Buffer.concat([withLength(200, Buffer.from('first')), CHUNKED]);
    expect(readAll([twoInOne])).toEqual([
      { status: 200, keepAlive: true },
      { status: 200, keepAlive: true },
    ]);
  });

  it('gives the same responses however the bytes are cut into two chunks', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(readAll([STREAM.subarray(0, cut), STREAM.subarray(cut)]), `cut at byte ${cut}`).toEqual(STREAM_RESPONSES);
    }
  });

  it('gives the same responses when every byte arrives alone', () => {
    const bytes = Array.from({ length: STREAM.length }, (_, index) => STREAM.subarray(index, index + 1));
    expect(readAll(bytes)).toEqual(STREAM_RESPONSES);
  });

  it('says when the server closes the connection after a response', () => {
    expect(readAll([withLength(200, Buffer.from('bye'), 'Connection: close\r\n')])).toEqual([{ status: 200, keepAlive: false }]);
    const http10 = Buffer.from('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok');
    expect(readAll([http10])).toEqual([{ status: 200, keepAlive: false }]);
    const http10KeepAlive = Buffer.from('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok');
    expect(readAll([http10KeepAlive])).toEqual([{ status: 200, keepAlive: true }]);
  });

  it('reads a body without length or chunking until the connection closes', () => {
    const reader = new ResponseReader();
    expect(reader.push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nsome'))).toEqual([]);
    expect(reader.push(TRICKY_BODY)).toEqual([]);
    expect(reader.end()).toEqual({ status: 200, keepAlive: false });
  });

  it('skips an interim 100 Continue and counts the response after it', () => {
    expect(readAll([Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'), withLength(200, Buffer.from('ok'))])).toEqual([{ status: 200, keepAlive: true }]);
  });

  it('refuses a malformed status line as soon as it ends, rather than waiting for more', () => {
    for (const line of ['garbage\r\n', 'HTTP/1.1 20 OK\r\n', 'HTTP/2 200\r\n', 'HTTP/1.1 200OK\r\n', '\r\n']) {
      expect(() => new ResponseReader().push(Buffer.from(line)), line).toThrow(MalformedResponseError);
    }
  });

  it('refuses a status line that never ends instead of collecting it for ever', () => {
    const reader = new ResponseReader();
    expect(() => {
      for (let i = 0; i < 100; i++) reader.push(Buffer.alloc(1024, 'a'));
    }).toThrow(MalformedResponseError);
  });

  it('refuses broken framing: a bad Content-Length, a bad chunk size, a chunk longer than its size', () => {
    const broken = [
      'HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
    ];
    for (const response of broken) expect(() => new ResponseReader().push(Buffer.from(response)), response).toThrow(MalformedResponseError);
  });

  it('says a response was cut short when the connection closes in the middle of it', () => {
    const response = withLength(200, TRICKY_BODY);
    for (const cut of [5, 40, response.length - 1]) {
      const reader = new ResponseReader();
      reader.push(response.subarray(0, cut));
      expect(() => reader.end(), `closed after ${cut} bytes`).toThrow(MalformedResponseError);
    }
  });
});
