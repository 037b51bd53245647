import { describe, expect, it } from 'vitest';
import { needsChoices, variantChoices, type CartProduct } from '~/lib/cart';

const base: CartProduct = { id: 1, name: 'Kitenge dress', price_1: '65000', feature_photo: 'd.jpg' };

describe('the choices a product page offers beside colour and size', () => {
  it('leaves out Color and Size when the API lists the colours and sizes among the variants too', () => {
    const dress = {
      ...base,
      has_colors: 'Yes',
      colors: 'Red,Blue',
      has_sizes: 'Yes',
      sizes: 'M,L',
      variants: { Color: ['Red', 'Blue'], Size: ['M', 'L'], Fit: ['Slim'] },
    };
    expect(variantChoices(dress)).toEqual([['Fit', ['Slim']]]);
    expect(needsChoices(dress)).toBe(true);
  });

  it('keeps a Color option of a product whose colours are not offered apart', () => {
    const sofa = { ...base, has_colors: 'No', colors: '', variants: { Color: ['Grey', 'Cream'] } };
    expect(variantChoices(sofa)).toEqual([['Color', ['Grey', 'Cream']]]);
  });
});
