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
};

export default vendor;
