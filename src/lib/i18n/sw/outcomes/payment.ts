import type { Outcomes } from '../../en/outcomes';

const payment: Outcomes['payment'] = {
  alreadyPaid: 'Oda hii imeshalipwa',
  nothingToPayOnline: 'Oda hii haina kitu cha kulipa mtandaoni',
  startedElsewhere: 'Malipo ya oda hii yanaanzishwa kwenye dirisha lingine. Tafadhali pakia upya ukurasa.',
  unavailableNow: 'Njia hii ya malipo haipatikani kwa sasa',
  notPesapal: 'Oda hii hailipwi kwa Pesapal',
  pesapalFailed: 'Pesapal imeshindwa kuanzisha malipo. Tafadhali jaribu tena.',
  refundNotFound: 'Marejesho ya pesa hayakupatikana',
  alreadyPaidBack: 'Pesa hizi zimesharejeshwa',
  beingPaidBack: (gateway) =>
    `Pesa hizi zinarejeshwa kupitia ${gateway} sasa hivi, kwa hivyo haziwezi pia kulipwa kwa mkono. Pakia upya ukurasa baada ya dakika moja uone ilivyokwenda.`,
  status: 'Hali ya malipo',
  history: 'Historia ya malipo',
  started: 'Malipo yameanzishwa',
  ready: 'Malipo yako tayari',
  pesapalSettings: 'Mipangilio ya Pesapal',
  refunds: 'Marejesho ya pesa',
  refundRecorded: 'Imerekodiwa kuwa pesa zimerejeshwa',
};

export default payment;
