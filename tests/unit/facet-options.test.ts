import { describe, expect, it } from 'vitest';
import { facetOptions } from '~/lib/facet-options';

describe('the filter form\u2019s choices', () => {
  it('marks the chosen values among the counted ones, whatever their case', () => {
    expect(
      facetOptions(
        [
          { name: 'Tecno', count: 4 },
          { name: 'Infinix', count: 2 },
        ],
        ['infinix'],
        ['Infinix'],
      ),
    ).toEqual([
      { name: 'Tecno', count: 4, chosen: false },
      { name: 'Infinix', count: 2, chosen: true },
    ]);
  });

  it('keeps a chosen value the counts left out, as the address wrote it, so it can be taken back', () => {
    expect(facetOptions([{ name: 'Black', count: 3 }], ['black', 'navy blue'], ['Black,Navy Blue'])).toEqual([
      { name: 'Black', count: 3, chosen: true },
      { name: 'Navy Blue', count: 0, chosen: true },
    ]);
  });
});
