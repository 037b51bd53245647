import type { Outcomes } from '../../en/outcomes';

const api: Outcomes['api'] = {
  success: 'Imefanikiwa',
  unauthenticated: 'Hujaingia',
  notLoggedIn: 'Hujaingia kwenye akaunti yako.',
  sessionExpired: 'Muda wako wa kuingia umekwisha. Tafadhali ingia tena.',
  server: 'Hitilafu ya seva. Tafadhali jaribu tena baadaye.',
  network: 'Hitilafu ya mtandao. Tafadhali angalia muunganisho wako kisha ujaribu tena.',
  notFound: 'Haikupatikana',
  because: (failure, reason) => `${failure}: ${reason}`,
  manifestRetrieved: 'Taarifa za duka zimepatikana',
};

export default api;
