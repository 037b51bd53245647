import { describe, expect, it } from 'vitest';
import { chooseContentCoding, type ContentCoding } from '~/server/http/accept-encoding';

const BOTH: ContentCoding[] = ['br', 'gzip'];
const choose = (header: string | undefined, available: ContentCoding[] = BOTH) => chooseContentCoding(header, available);

describe('chooseContentCoding', () => {
  it('sends the file as it is when the request has no Accept-Encoding', () => {
    expect(choose(undefined)).toBe('identity');
  });

  it('sends only identity for an empty Accept-Encoding', () => {
    expect(choose('')).toBe('identity');
    expect(choose(' , ')).toBe('identity');
  });

  it('prefers brotli over gzip at equal quality, whatever the order in the header', () => {
    expect(choose('gzip, deflate, br, zstd')).toBe('br');
    expect(choose('br, gzip')).toBe('br');
    expect(choose('gzip;q=0.8, br;q=0.8')).toBe('br');
  });

  it('follows the client’s q-values', () => {
    expect(choose('br;q=0.5, gzip')).toBe('gzip');
    expect(choose('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(choose('br;q=1.000, gzip;q=0.999')).toBe('br');
    expect(choose('identity;q=1, br;q=0.5')).toBe('identity');
  });

  it('never sends a coding refused with q=0', () => {
    expect(choose('br;q=0, gzip')).toBe('gzip');
    expect(choose('br;q=0, gzip;q=0')).toBe('identity');
    expect(choose('gzip;q=0')).toBe('identity');
    expect(choose('BR;Q=0, gzip')).toBe('gzip');
  });

  it('reads * as every coding the header does not name', () => {
    expect(choose('*')).toBe('br');
    expect(choose('br;q=0, *')).toBe('gzip');
    expect(choose('*;q=0.5, gzip')).toBe('gzip');
    expect(choose('identity, *;q=0.5')).toBe('identity');
  });

  it('sends identity when it is refused but nothing else is acceptable (rather than 406)', () => {
    expect(choose('*;q=0')).toBe('identity');
    expect(choose('identity;q=0')).toBe('identity');
    expect(choose('deflate, identity;q=0')).toBe('identity');
    expect(choose('*;q=0, gzip')).toBe('gzip');
  });

  it('offers only the copies that exist', () => {
    expect(choose('br, gzip', ['gzip'])).toBe('gzip');
    expect(choose('br', ['gzip'])).toBe('identity');
    expect(choose('br', [])).toBe('identity');
  });

  it('takes x-gzip for gzip and ignores entries with a malformed q', () => {
    expect(choose('x-gzip')).toBe('gzip');
    expect(choose('br;q=high, gzip')).toBe('gzip');
    expect(choose('br;q=2, gzip;q=0.1')).toBe('gzip');
    expect(choose('br;q=, gzip;q=0.1')).toBe('gzip');
  });

  it('keeps the first of a coding named twice', () => {
    expect(choose('br;q=0, br, gzip')).toBe('gzip');
  });
});
