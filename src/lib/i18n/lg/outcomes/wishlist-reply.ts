import type { Outcomes } from '../../en/outcomes';

const wishlistReply: Outcomes['wishlistReply'] = {
  retrieved: 'Bye njagala',
  added: 'Kiteereddwa mu bye njagala',
  removed: 'Kiggiddwa mu bye njagala',
  notInWishlist: 'Kyali tekiri mu bye njagala',
  checked: 'Kikeberiddwa',
  badItemId: "Ennamba: eteekwa okuba ennamba y'ekintu mu bye njagala",
};

export default wishlistReply;
