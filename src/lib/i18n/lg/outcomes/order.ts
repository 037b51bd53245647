import type { Outcomes } from '../../en/outcomes';

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
};

export default order;
