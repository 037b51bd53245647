import type { Outcomes } from '../../en/outcomes';

const queuedChange: Outcomes['queuedChange'] = {
  waiting: "Tulindirira intaneeti — kijja kuweerezebwa ng'okomyewo ku intaneeti",
  reviewDeleteWaiting: "Endowooza yo ejja kusazibwamu. Tulindirira intaneeti — kijja kuweerezebwa ng'okomyewo ku intaneeti",
  reviewInFlight: 'Endowooza yo ekyaweerezebwa. Gezaako nate mu kaseera katono.',
  wishlistAddRefused: (product, reason) => `${product} tekisobodde kuterekebwa mu bye njagala: ${reason}`,
  wishlistRemoveRefused: (product, reason) => `${product} tekisobodde kuggibwa mu bye njagala: ${reason}`,
  reviewSaveRefused: (product, reason) => `Endowooza yo ku ${product} tesobodde kuweerezebwa: ${reason}`,
  reviewDeleteRefused: (product, reason) => `Endowooza yo ku ${product} tesobodde kusazibwamu: ${reason}`,
};

export default queuedChange;
