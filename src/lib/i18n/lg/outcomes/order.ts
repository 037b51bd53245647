import type { Outcomes } from '../../en/outcomes';
import checkout from '../checkout';

const { orderStatuses } = checkout;

const order: Outcomes['order'] = {
  notFound: 'Oda terabise',
  partNotFound: "Ekitundu kino eky'oda tekirabise",
  placed: 'Oda yo eteereddwa bulungi!',
  failed: 'Okuteeka oda kulemye',
  loadFailed: 'Tetusobodde kulaga oda',
  statusFailed: "Okukyusa embeera y'oda kulemye",
  statusUpdated: "Embeera y'oda ekyusiddwa",
  cancelled: 'Oda esaziddwamu',
  switchedToCash: "Ojja kusasula ng'otuusiddwako",
  cannotPayOnDelivery: "Oda eno tekyasobola kusasulwa ng'otuusiddwako",
  cannotCancel: "Ekitundu ky'oda eno kyamala dda okusitula, n'olwekyo tekyasobola kusazibwamu",
  foreignReturnAddress: "oluvannyuma lw'okusasula, omuguzi asobola kuzzibwa ku dduuka lino lyokka oba ku dduuka lye likola nalyo",
  notPaidYet: "oda eno tennasasulwa; etegekebwa ng'okusasula kuyiseemu",
  tooManyUnpaid: (count) => `olina dda oda ${count} ezirindirira okusasulwa. Sasula emu ku zo oba gisazeemu, olwo olyoke olagire endala`,
  noLongerForSale: (productId) => `ekintu ${productId} tekikyatundibwa`,
  chooseColorFor: (product) => `Londa langi ya ${product}`,
  chooseSizeFor: (product) => `Londa sayizi ya ${product}`,
  priceChanged: (product, price) => `ebbeeyi ya ${product} ekyuse kati eri ${price}. Kebera ekikapu kyo`,
  outOfStock: (product) => `${product} kiweddeyo`,
  onlyLeft: (left, product) => `${product} kisigaddeyo ${left} byokka`,
  gatewayUnavailable: "engeri eyo ey'okusasula tekola",
  chooseDeliveryLocation: 'londa ekifo we tunaakuleetera ku lukalala',
  deliveryCostChanged: (place, cost) => `okuleeta e ${place} kusasulwa ${cost}. Kebera oda yo`,
  notTheirs: "edduuka oba omutunzi w'oda eno yekka y'ayinza okugikyusa",
  storeConfirmsPayment: 'edduuka lyokka lye likakasa okusasula',
  manualOnly: 'ssente eziweerezeddwa mu ngalo zokka ze zikakasibwa mu ngalo',
  partCannotBecome: (vendor, now, to) => `ekitundu okuva ewa ${vendor} kiri "${now}", tekiyinza kufuuka "${orderStatuses[to]}"`,
  orderCannotBecome: (now, to) => `oda eri "${orderStatuses[now]}" teyinza kufuuka "${orderStatuses[to]}"`,
  sayWhatItBecomes: "embeera (status): yogera oda ky'enaafuuka",
  nameTheOrder: "oda (order_id): londa oda gy'osasulira",
  orders: 'Oda',
  order: 'Oda',
};

export default order;
