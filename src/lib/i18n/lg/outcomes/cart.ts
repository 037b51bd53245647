import type { Outcomes } from '../../en/outcomes';

const cart: Outcomes['cart'] = {
  invalidProduct: 'Ekintu oba omuwendo si bituufu',
  selectColor: 'Londa langi',
  selectSize: 'Londa sayizi',
  invalidQuantity: 'Omuwendo si mutuufu',
  added: (name) => `${name} kiteereddwa mu kikapu`,
  addFailed: 'Okuteeka mu kikapu kulemye',
  removed: 'Ekintu kiggyiddwa mu kikapu',
  updated: 'Ekikapu kikyusiddwa',
  cleared: 'Ekikapu kyeereddwa',
};

export default cart;
