import type { IslandTexts } from '../en/islands';

const browse: IslandTexts['browse'] = {
  search: {
    label: 'Noonya ebintu',
    button: 'Noonya',
    suggestionsLabel: "Ebiteeso by'okunoonya",
    recent: "By'onoonyezza gye buvuddeko",
    clear: 'Ggyawo',
    noResults: 'Tewali kizuuliddwa ku "{term}"',
    searchAnyway: "Noonya bw'otyo",
    products: 'Ebintu',
    suggestions: 'Ebiteeso',
    viewAll: { one: 'Laba ekizuuliddwa {count}', other: 'Laba ebizuuliddwa byonna {count}' },
  },
  help: {
    label: "Noonya mu mpapula z'obuyambi",
    inputLabel: "Noonya obuyambi: okuleeta ebintu, okubizzaayo n'okusasula",
    placeholder: 'Noonya obuyambi: okuleeta, okuzzaayo, Mobile Money…',
    button: 'Noonya',
    noHits: 'Tewali lupapula lwa buyambi lwogera ku “{term}”. Gezaako ebigambo ebirala, oba tukwatagane.',
  },
  addToCart: {
    colour: 'Langi',
    size: 'Sayizi',
    quantity: 'Obungi',
    oneLess: 'Ggyako kimu',
    oneMore: 'Yongerako kimu',
    add: 'Teeka mu kikapu',
    chooseColour: 'Londa langi',
    chooseSize: 'Londa sayizi',
    outOfStock: 'Kiweddewo',
    viewCart: 'Laba ekikapu',
    added: '{name} kiteekeddwa mu kikapu',
  },
  heart: {
    label: 'Bye njagala',
    save: 'Kiteeke mu bye njagala',
    remove: 'Kiggye mu bye njagala',
    waiting: "{action} (kirindiridde okusindikibwa: enkyukakyuka yo ejja kugenda ng'oddamu okufuna omutimbagano)",
  },
  toasts: {
    label: 'Obubaka',
    dismiss: 'Ggyawo',
  },
};

export default browse;
