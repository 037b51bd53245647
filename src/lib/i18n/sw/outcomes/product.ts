import type { Outcomes } from '../../en/outcomes';

const product: Outcomes['product'] = {
  notFound: 'Bidhaa haikupatikana',
  loadFailed: 'Imeshindikana kupakia bidhaa',
  created: 'Bidhaa imeundwa',
  updated: 'Bidhaa imesasishwa',
  deleted: 'Bidhaa imefutwa',
  notYours: 'Unaweza kubadilisha bidhaa zako tu',
  photoRequired: 'Picha kuu: weka picha ya bidhaa',
  retrieved: 'Bidhaa imepatikana',
  listRetrieved: 'Bidhaa zimepatikana',
  filtersRetrieved: 'Vichujio vimepatikana',
  tooManyPictures: (max) => `Picha: zisizidi ${max}`,
  supplierNotSelling: 'Muuzaji: lazima awe muuzaji aliyeidhinishwa na aliye hai',
  colorsMissing: 'Rangi: orodhesha rangi (zikitenganishwa kwa koma), au weka kwamba bidhaa haina rangi',
  sizesMissing: 'Saizi: orodhesha saizi (zikitenganishwa kwa koma), au weka kwamba bidhaa haina saizi',
  oldPriceTooLow: 'Bei ya zamani: lazima iwe juu ya bei ya kuuzia, au iachwe tupu',
  stockBelowSold: (sold) => `Idadi ya bidhaa: bidhaa ${sold} zimeshauzwa, kwa hivyo idadi haiwezi kuwa chini ya ${sold}`,
};

export default product;
