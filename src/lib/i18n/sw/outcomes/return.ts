import type { Outcomes } from '../../en/outcomes';
import { RETURN_WINDOW_DAYS } from '../../../return-rules';

const askFailed = 'Imeshindikana kuomba kurudisha';
const updateFailed = 'Imeshindikana kusasisha urejeshaji';

/** A return's status words (`cannotMove`) come as the API names them and stay English. */
const returns: Outcomes['return'] = {
  notFound: 'Urejeshaji haukupatikana',
  loadFailed: 'Imeshindikana kupakia marejesho',
  askFailed,
  updateFailed,
  requested: 'Ombi la kurudisha limetumwa',
  updated: 'Urejeshaji umesasishwa',
  askRefused: (reason) => `${askFailed}: ${reason}`,
  updateRefused: (reason) => `${updateFailed}: ${reason}`,
  windowClosed: (deliveredOn) => `bidhaa hurudishwa ndani ya siku ${RETURN_WINDOW_DAYS} baada ya kufikishwa; sehemu hii ilifikishwa tarehe ${deliveredOn}`,
  notDelivered: 'bidhaa zinaweza kurudishwa baada ya kufikishwa',
  buyerOnly: 'mnunuzi aliyeweka oda pekee ndiye anaweza kuomba kurudisha',
  notTheirs: 'muuzaji wa bidhaa hizi au duka pekee ndio wanaweza kujibu ombi hili',
  oneVendorAtATime: 'chagua bidhaa za muuzaji mmoja kwa wakati: kila muuzaji hushughulikia marejesho yake',
  eachLineOnce: 'lines: taja kila bidhaa mara moja',
  lineNotInOrder: 'lines: bidhaa hiyo haimo kwenye oda hii',
  partMismatch: 'part_id: bidhaa ulizochagua hazimo kwenye sehemu hiyo',
  tooMany: (name, left) => (left === 0 ? `${name}: kila kimoja tayari kimo kwenye urejeshaji` : `${name}: unaweza kurudisha zaidi visivyozidi ${left}`),
  detailsNeeded: 'details: eleza tatizo la bidhaa',
  tooManyPhotos: (max) => `photos: picha zisizidi ${max}`,
  photosAsFiles: 'photos: tuma picha kama faili kwenye fomu ya multipart',
  noteNeeded: 'note: eleza kwa nini urejeshaji umekataliwa',
  methodNeeded: 'refund_method: eleza pesa zilivyorejeshwa (cash au mobile_money)',
  cannotMove: (from, to) => `urejeshaji ulio ${from} hauwezi kuwa ${to}`,
  paidByGateway: (gateway) => `pesa zinarejeshwa kupitia ${gateway}: urejeshaji utaonyesha umerejeshewa pesa wenyewe zikishalipwa`,
  nothingPaid: 'hakuna kilicholipwa kwa oda hii bado, kwa hiyo hakuna cha kurejesha',
  recordOnReturn: 'Urejeshaji huu wa pesa ni wa bidhaa zilizorudishwa: uandike kwenye urejeshaji, pamoja na jinsi pesa zilivyorejeshwa',
  list: 'Marejesho',
};

export default returns;
