import type { Outcomes } from '../../en/outcomes';

const order: Outcomes['order'] = {
  notFound: 'Oda haikupatikana',
  partNotFound: 'Sehemu hii ya oda haikupatikana',
  placed: 'Oda imewekwa kwa mafanikio!',
  failed: 'Imeshindikana kuweka oda',
  loadFailed: 'Imeshindikana kupakia oda',
  statusFailed: 'Imeshindikana kusasisha hali ya oda',
  statusUpdated: 'Hali ya oda imesasishwa',
  cancelled: 'Oda imeghairiwa',
  switchedToCash: 'Utalipa unapopokea',
  cannotPayOnDelivery: 'Oda hii haiwezi tena kulipwa unapopokea',
  cannotCancel: 'Sehemu ya oda hii imeshaondoka, kwa hivyo haiwezi tena kughairiwa',
  foreignReturnAddress: 'baada ya kulipa, mnunuzi anaweza kurudishwa tu kwenye duka hili au duka linaloshirikiana nalo',
  notPaidYet: 'oda hii bado haijalipwa; inaandaliwa malipo yake yakikamilika',
  tooManyUnpaid: (count) => `tayari una oda ${count} zinazosubiri malipo. Lipia moja au uighairi, kisha uagize tena`,
};

export default order;
