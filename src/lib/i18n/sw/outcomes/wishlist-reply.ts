import type { Outcomes } from '../../en/outcomes';

const wishlistReply: Outcomes['wishlistReply'] = {
  retrieved: 'Vipendwa',
  added: 'Imewekwa kwenye vipendwa',
  removed: 'Imeondolewa kwenye vipendwa',
  notInWishlist: 'Haikuwa kwenye vipendwa vyako',
  checked: 'Imekaguliwa',
  badItemId: 'Namba: lazima iwe namba ya kipengee cha vipendwa',
};

export default wishlistReply;
