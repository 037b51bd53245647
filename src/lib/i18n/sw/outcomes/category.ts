import type { Outcomes } from '../../en/outcomes';

const category: Outcomes['category'] = {
  notFound: 'Aina haikupatikana',
  loadFailed: 'Imeshindikana kupakia aina',
  created: 'Aina imeundwa',
  updated: 'Aina imesasishwa',
  deleted: 'Aina imefutwa',
  retrieved: 'Aina imepatikana',
  listRetrieved: 'Aina zimepatikana',
  noSuchCategory: 'Aina: haipo',
  notASubcategory: 'Aina ndogo: lazima iwe aina ndogo ya aina uliyochagua',
  parentWithParent: 'Aina kuu: aina kuu haiwekwi chini ya aina nyingine',
  ownParent: 'Aina kuu: aina haiwezi kuwa chini yake yenyewe',
  noSuchParent: 'Aina kuu: haipo',
  notAParent: (category) => `Aina kuu: ${category} si aina kuu`,
  cannotGoUnder: (subcategories) => `Aina kuu: aina hii ina aina ndogo ${subcategories}, kwa hivyo haiwezi kuwekwa chini ya nyingine`,
  nameTaken: (category) => `Aina: tayari kuna aina inayoitwa ${category} hapo`,
  hasSubcategories: (subcategories) => `Aina hii ina aina ndogo ${subcategories}; zihamishe au uzifute kwanza`,
  hasProducts: (products) => `Aina hii bado ina bidhaa ${products}; zihamishie kwenye aina nyingine kwanza`,
  moveToAnother: 'Aina ya kuhamishia: lazima iwe aina nyingine',
};

export default category;
