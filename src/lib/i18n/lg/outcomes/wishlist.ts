import type { Outcomes } from '../../en/outcomes';

const wishlist: Outcomes['wishlist'] = {
  addFailed: 'Okuteeka mu bye njagala kulemye',
  removeFailed: 'Okuggya mu bye njagala kulemye',
  loadFailed: 'Tetusobodde kulaga bye njagala',
  onlyOnThisPhone: "Bye njagala bino bikuumibwa ku ssimu eno yokka okutuusa lw'oyingira.",
  retrieved: 'Bye njagala',
  added: 'Kiteereddwa mu bye njagala',
  removed: 'Kiggiddwa mu bye njagala',
  notInWishlist: 'Kyali tekiri mu bye njagala',
  checked: 'Kikeberiddwa',
  badItemId: "Ennamba: eteekwa okuba ennamba y'ekintu mu bye njagala",
};

export default wishlist;
