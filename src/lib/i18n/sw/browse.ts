import type { IslandTexts } from '../en/islands';

const browse: IslandTexts['browse'] = {
  search: {
    label: 'Tafuta bidhaa',
    button: 'Tafuta',
    suggestionsLabel: 'Mapendekezo ya utafutaji',
    recent: 'Ulivyotafuta hivi karibuni',
    clear: 'Futa',
    noResults: 'Hakuna matokeo ya "{term}"',
    searchAnyway: 'Tafuta hata hivyo',
    products: 'Bidhaa',
    suggestions: 'Mapendekezo',
    viewAll: { one: 'Tazama tokeo {count}', other: 'Tazama matokeo yote {count}' },
  },
  help: {
    label: 'Tafuta kwenye kurasa za msaada',
    inputLabel: 'Tafuta msaada kuhusu ufikishaji, urejeshaji na malipo',
    placeholder: 'Tafuta msaada: ufikishaji, urejeshaji, Mobile Money…',
    button: 'Tafuta',
    noHits: 'Hakuna ukurasa wa msaada unaotaja “{term}”. Jaribu maneno mengine, au wasiliana nasi.',
  },
  addToCart: {
    colour: 'Rangi',
    size: 'Saizi',
    quantity: 'Idadi',
    oneLess: 'Punguza moja',
    oneMore: 'Ongeza moja',
    add: 'Weka kwenye kikapu',
    chooseColour: 'Chagua rangi',
    chooseSize: 'Chagua saizi',
    outOfStock: 'Imeisha',
    viewCart: 'Tazama kikapu',
    added: '{name} imewekwa kwenye kikapu',
  },
  heart: {
    label: 'Vipendwa',
    save: 'Hifadhi kwenye vipendwa',
    remove: 'Ondoa kwenye vipendwa',
    waiting: '{action} (inasubiri kutumwa: mabadiliko yako yatapita ukirudi mtandaoni)',
  },
  toasts: {
    label: 'Arifa',
    dismiss: 'Ondoa',
  },
};

export default browse;
