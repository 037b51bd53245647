import { describe, expect, it } from 'vitest';
import { categoryTree, megaMenu } from '~/lib/category-menu';

const parent = (id: number, product_count: number) => ({ id, category: `P${id}`, parent_id: null, product_count });
const child = (id: number, parent_id: number, product_count: number) => ({ id, category: `C${id}`, parent_id, product_count });

describe('megaMenu', () => {
  const categories = [
    parent(1, 50),
    parent(2, 90),
    parent(3, 10),
    parent(4, 70),
    parent(5, 0),
    ...Array.from({ length: 8 }, (_, i) => child(10 + i, 2, 10 + i)),
    child(30, 4, 5),
    child(31, 4, 0),
  ];

  it('shows the 3 biggest parents with up to 6 of their biggest children', () => {
    const menu = megaMenu(categories);
    expect(menu.map((column) => column.parent.id)).toEqual([2, 4, 1]);
    expect(menu[0]!.children.map((c) => c.id)).toEqual([17, 16, 15, 14, 13, 12]);
    expect(menu[1]!.children.map((c) => c.id)).toEqual([30]);
    expect(menu[2]!.children).toEqual([]);
  });

  it('leaves empty categories out of the tree', () => {
    const tree = categoryTree(categories);
    expect(tree.map((column) => column.parent.id)).not.toContain(5);
    expect(tree.find((column) => column.parent.id === 4)!.children.map((c) => c.id)).toEqual([30]);
  });
});
