import type { Outcomes } from '../../en/outcomes';
import checkout from '../checkout';

const { orderStatuses } = checkout;

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
  noLongerForSale: (productId) => `bidhaa ${productId} haiuzwi tena`,
  chooseColorFor: (product) => `Tafadhali chagua rangi ya ${product}`,
  chooseSizeFor: (product) => `Tafadhali chagua saizi ya ${product}`,
  priceChanged: (product, price) => `bei ya ${product} imebadilika kuwa ${price}. Tafadhali kagua kikapu chako`,
  outOfStock: (product) => `${product} imeisha`,
  onlyLeft: (left, product) => `zimebaki ${left} tu za ${product}`,
  gatewayUnavailable: 'njia hiyo ya malipo haipatikani',
  chooseDeliveryLocation: 'chagua eneo la kuletewa kutoka kwenye orodha',
  deliveryCostChanged: (place, cost) => `kuletewa ${place} kunagharimu ${cost}. Tafadhali kagua oda yako`,
  notTheirs: 'duka au muuzaji wa oda hii pekee ndiye anayeweza kuibadilisha',
  storeConfirmsPayment: 'duka pekee ndilo linalothibitisha malipo',
  manualOnly: 'malipo ya uhamisho wa mkono pekee ndiyo yanathibitishwa kwa mkono',
  partCannotBecome: (vendor, now, to) => `sehemu kutoka kwa ${vendor} iko "${now}" na haiwezi kuwa "${orderStatuses[to]}"`,
  orderCannotBecome: (now, to) => `oda iliyo "${orderStatuses[now]}" haiwezi kuwa "${orderStatuses[to]}"`,
  sayWhatItBecomes: 'hali (status): sema oda inakuwa nini',
  nameTheOrder: 'oda (order_id): taja oda unayolipia',
  orders: 'Oda',
  order: 'Oda',
};

export default order;
