import type { Outcomes } from '../../en/outcomes';

const queuedChange: Outcomes['queuedChange'] = {
  waiting: 'Inasubiri mtandao — itatumwa utakaporudi mtandaoni',
  reviewDeleteWaiting: 'Maoni yako yatafutwa. Inasubiri mtandao — itatumwa utakaporudi mtandaoni',
  reviewInFlight: 'Maoni yako yanatumwa. Jaribu tena baada ya muda mfupi.',
  wishlistAddRefused: (product, reason) => `${product} haikuweza kuhifadhiwa kwenye vipendwa vyako: ${reason}`,
  wishlistRemoveRefused: (product, reason) => `${product} haikuweza kuondolewa kwenye vipendwa vyako: ${reason}`,
  reviewSaveRefused: (product, reason) => `Maoni yako kuhusu ${product} hayakuweza kutumwa: ${reason}`,
  reviewDeleteRefused: (product, reason) => `Maoni yako kuhusu ${product} hayakuweza kufutwa: ${reason}`,
};

export default queuedChange;
