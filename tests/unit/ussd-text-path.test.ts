/** Reading Africa's Talking's `text` (every input so far joined by `*`) into the inputs a screen answers. */
import { describe, expect, it } from 'vitest';
import { cleanInput, MAX_DIALLED_INPUTS, MAX_INPUT_LENGTH, newInputs, typedNumber } from '~/server/ussd/text-path';

describe('the new inputs of a callback', () => {
  it('are none on dialling, and the dialled shortcut inputs in turn', () => {
    expect(newInputs(null, '')).toEqual([]);
    expect(newInputs(null, '1*2')).toEqual(['1', '2']);
    expect(newInputs(null, '*'.repeat(50))).toHaveLength(MAX_DIALLED_INPUTS);
  });

  it('is what follows the text last answered, taken whole', () => {
    expect(newInputs('', '1')).toEqual(['1']);
    expect(newInputs('1', '1*2')).toEqual(['2']);
    expect(newInputs('1*2', '1*2*samsung galaxy')).toEqual(['samsung galaxy']);
    // A star typed inside an input stays in it: the screen reads it (a wrong key, or a search word).
    expect(newInputs('1', '1*2*3')).toEqual(['2*3']);
    expect(newInputs('2', '2***')).toEqual(['**']);
  });

  it('is nothing for the same text again (the network retried), and an empty send is an empty input', () => {
    expect(newInputs('1*2', '1*2')).toEqual([]);
    expect(newInputs('1', '1*')).toEqual(['']);
  });

  it('falls back to the last part when the text does not follow the one answered', () => {
    expect(newInputs('1*2', '3*4')).toEqual(['4']);
  });

  it('are cleaned: control characters, runs of spaces, and length', () => {
    expect(cleanInput('  a\u0000b\n\tc  ')).toBe('a b c');
    expect(newInputs('', 'x'.repeat(500))[0]).toHaveLength(MAX_INPUT_LENGTH);
  });
});

describe('a typed number', () => {
  it('is digits only', () => {
    expect(typedNumber('2')).toBe(2);
    expect(typedNumber('00')).toBe(0);
    for (const odd of ['', 'a', '2a', '-1', '1.5', ' ', '1 2', '9999999']) expect(typedNumber(odd), odd).toBeNull();
  });
});
