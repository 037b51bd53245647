import type { Outcomes } from '../../en/outcomes';

const orderStatus: Outcomes['orderStatus'] = {
  pending: 'oda eweerezeddwa',
  processing: 'etegekebwa',
  shipped: 'eri mu kkubo',
  delivered: 'etuusiddwa',
  cancelled: 'esaziddwamu',
};

export default orderStatus;
