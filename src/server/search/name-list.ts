/**
 * Products' search names, packed: runs of CHUNK names joined into one string each, with where each name starts.
 * 100,000 names as strings of their own cost a header and a slot each (about 5 MB in all); joined, a name costs
 * its characters and 4 bytes. Names are joined in chunks rather than all in one so that a name with a letter
 * outside Latin-1 (which V8 keeps in two bytes a character, for the whole string it is in) doubles only its
 * chunk.
 */
const CHUNK = 256;

export class NameList {
  private readonly chunks: string[] = [];
  /** Where each name starts in its chunk. */
  private readonly starts: Uint32Array;

  constructor(names: readonly string[]) {
    this.starts = new Uint32Array(names.length);
    for (let first = 0; first < names.length; first += CHUNK) {
      let offset = 0;
      for (let i = first; i < Math.min(first + CHUNK, names.length); i++) {
        this.starts[i] = offset;
        offset += names[i]!.length;
      }
      this.chunks.push(names.slice(first, first + CHUNK).join(''));
    }
  }

  get length(): number {
    return this.starts.length;
  }

  private endOf(i: number): number {
    return (i + 1) % CHUNK === 0 || i + 1 === this.starts.length ? this.chunks[Math.floor(i / CHUNK)]!.length : this.starts[i + 1]!;
  }

  /** The name at `i` (for reading it whole; the comparisons below make no string). */
  at(i: number): string {
    return this.chunks[Math.floor(i / CHUNK)]!.slice(this.starts[i]!, this.endOf(i));
  }

  /** Whether the name at `i` is `text`. */
  is(i: number, text: string): boolean {
    return this.endOf(i) - this.starts[i]! === text.length && this.chunks[Math.floor(i / CHUNK)]!.startsWith(text, this.starts[i]!);
  }

  /** Whether the name at `i` starts with `text`. */
  startsWith(i: number, text: string): boolean {
    return this.endOf(i) - this.starts[i]! >= text.length && this.chunks[Math.floor(i / CHUNK)]!.startsWith(text, this.starts[i]!);
  }
}
