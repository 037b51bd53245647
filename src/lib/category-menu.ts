/** Shaping the category list for menus: pure, so header and tests share it. */
export const MEGA_MENU_PARENTS = 3;
export const MEGA_MENU_CHILDREN = 6;

type MenuCategory = { id: number; category: string; parent_id: number | null; product_count: number };

export type MenuColumn<C> = { parent: C; children: C[] };

/** Parents with their children, biggest first (by active products), empty ones left out. */
export function categoryTree<C extends MenuCategory>(categories: C[]): MenuColumn<C>[] {
  return categories
    .filter((c) => c.parent_id === null && c.product_count > 0)
    .sort((a, b) => b.product_count - a.product_count || a.id - b.id)
    .map((parent) => ({
      parent,
      children: categories.filter((c) => c.parent_id === parent.id && c.product_count > 0).sort((a, b) => b.product_count - a.product_count || a.id - b.id),
    }));
}

/** The spec's mega menu: up to 3 parent categories with up to 6 subcategories each. */
export function megaMenu<C extends MenuCategory>(categories: C[]): MenuColumn<C>[] {
  return categoryTree(categories)
    .slice(0, MEGA_MENU_PARENTS)
    .map(({ parent, children }) => ({ parent, children: children.slice(0, MEGA_MENU_CHILDREN) }));
}

export function categoryHref(id: number): string {
  return `/products?category=${id}`;
}
