import type { Outcomes } from '../../en/outcomes';

const vendor: Outcomes['vendor'] = {
  notFound: 'Omutunzi talabise',
  loadFailed: 'Tetusobodde kulaga batunzi',
  applied: "Okusaba kwo okw'okuggulawo edduuka kutuuse; edduuka lijja kukwekenneenya",
  created: 'Omutunzi ayongeddwaako',
  updated: 'Ebikwata ku mutunzi bikyusiddwa',
  removed: 'Omutunzi aggyiddwawo',
  alreadyVendor: 'Olina dda edduuka; kyusa eryo',
  notYours: 'Osobola okukyusa edduuka lyo lyokka',
  retrieved: 'Omutunzi afunyiddwa',
  listRetrieved: 'Abatunzi bafunyiddwa',
  accountToPromote: 'Akawunti: londa akawunti egenda okufuuka omutunzi',
  noSuchAccount: 'Akawunti: teriiwo',
  accountHasShop: 'Akawunti: akawunti eno erina dda edduuka',
  adminCannotSell: "Akawunti: omukulu w'edduuka tayinza kuba n'omutunzi",
  commissionRates: 'Emiwendo gya komisoni',
  commissionRateSet: 'Omuwendo gwa komisoni guteereddwawo',
};

export default vendor;
