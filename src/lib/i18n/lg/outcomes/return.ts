import type { Outcomes } from '../../en/outcomes';
import { RETURN_WINDOW_DAYS } from '../../../return-rules';

const askFailed = 'Okusaba okuzzaayo kulemye';
const updateFailed = 'Okukyusa okuzzaayo kulemye';

/** A return's status words (`cannotMove`) come as the API names them and stay English. */
const returns: Outcomes['return'] = {
  notFound: 'Okuzzaayo tekulabise',
  loadFailed: 'Tetusobodde kulaga bizzibwayo',
  askFailed,
  updateFailed,
  requested: 'Okusaba okuzzaayo kuweerezeddwa',
  updated: 'Okuzzaayo kukyusiddwa',
  askRefused: (reason) => `${askFailed}: ${reason}`,
  updateRefused: (reason) => `${updateFailed}: ${reason}`,
  windowClosed: (deliveredOn) => `ebintu bizzibwayo mu nnaku ${RETURN_WINDOW_DAYS} nga bimaze okutuusibwa; ekitundu kino kyatuusibwa nga ${deliveredOn}`,
  notDelivered: 'ebintu bisobola okuzzibwayo nga bimaze okutuusibwa',
  buyerOnly: "omuguzi eyateeka oda yekka y'asobola okusaba okuzzaayo",
  notTheirs: "omutunzi w'ebintu bino yekka oba edduuka be basobola okuddamu okusaba kuno",
  oneVendorAtATime: "londa ebintu by'omutunzi omu omu: buli mutunzi akola ku bizzibwayo bye",
  eachLineOnce: 'lines: wandiika buli kintu omulundi gumu',
  lineNotInOrder: 'lines: ekintu ekyo tekiri mu oda eno',
  partMismatch: "part_id: ebintu by'olonze tebiri mu kitundu ekyo",
  tooMany: (name, left) => (left === 0 ? `${name}: buli kimu kiri dda mu kuzzaayo` : `${name}: osobola okuzzaayo ebirala ebitasukka ${left}`),
  detailsNeeded: 'details: nnyonnyola ekikyamu ku bintu',
  tooManyPhotos: (max) => `photos: ebifaananyi tebisukka ${max}`,
  photosAsFiles: 'photos: weereza ebifaananyi nga fayiro mu foomu ya multipart',
  noteNeeded: 'note: nnyonnyola lwaki okuzzaayo kugaaniddwa',
  methodNeeded: 'refund_method: gamba engeri ssente gye zaddiziddwamu (cash oba mobile_money)',
  cannotMove: (from, to) => `okuzzaayo okuli ${from} tekuyinza kufuuka ${to}`,
  paidByGateway: (gateway) => `ssente zizzibwayo okuyita mu ${gateway}: okuzzaayo kujja kweraga nti kusasuddwa kwokka nga zimaze okusasulwa`,
  nothingPaid: "tewali kyakasasulwa ku oda eno, n'olwekyo tewali kya kuddiza",
  recordOnReturn: "Okuddiza kuno kwa bintu ebizziddwayo: kuwandiike ku kuzzaayo, ng'oteekako engeri ssente gye zaddiziddwamu",
  list: 'Ebizzibwayo',
};

export default returns;
