import type { Outcomes } from '../../en/outcomes';

const orderStatus: Outcomes['orderStatus'] = {
  pending: 'oda imewekwa',
  processing: 'inaandaliwa',
  shipped: 'iko njiani',
  delivered: 'imefikishwa',
  cancelled: 'imeghairiwa',
};

export default orderStatus;
