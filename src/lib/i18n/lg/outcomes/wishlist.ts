import type { Outcomes } from '../../en/outcomes';

const wishlist: Outcomes['wishlist'] = {
  addFailed: 'Okuteeka mu bye njagala kulemye',
  removeFailed: 'Okuggya mu bye njagala kulemye',
  loadFailed: 'Tetusobodde kulaga bye njagala',
  onlyOnThisPhone: "Bye njagala bino bikuumibwa ku ssimu eno yokka okutuusa lw'oyingira.",
};

export default wishlist;
