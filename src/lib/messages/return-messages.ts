/** What buyers, vendors and administrators are told about returns: refusals in the spec's "Failed to ...: why" style, and successes. */
import { RETURN_WINDOW_DAYS } from '../return-rules';

const askFailed = 'Failed to request the return';
const updateFailed = 'Failed to update the return';

export const RETURN_MESSAGES = {
  notFound: 'Return not found',
  loadFailed: 'Failed to load returns',
  askFailed,
  updateFailed,
  requested: 'Return requested',
  updated: 'Return updated',
  /** A refusal of the buyer's request: the failure, then why. */
  askRefused: (reason: string) => `${askFailed}: ${reason}`,
  /** A refusal of a status change: the failure, then why. */
  updateRefused: (reason: string) => `${updateFailed}: ${reason}`,
  windowClosed: (deliveredOn: string) => `returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery; this part was delivered on ${deliveredOn}`,
  notDelivered: 'items can be returned once they are delivered',
  buyerOnly: 'only the buyer who placed the order can ask for a return',
  notTheirs: 'only the vendor of these items or the store can answer this return',
  oneVendorAtATime: 'choose items from one vendor at a time: each vendor handles its own returns',
  eachLineOnce: 'lines: name each item once',
  lineNotInOrder: 'lines: that item is not in this order',
  partMismatch: 'part_id: the items chosen are not in that part',
  tooMany: (name: string, left: number) => (left === 0 ? `${name}: every unit is already in a return` : `${name}: at most ${left} more can be returned`),
  detailsNeeded: 'details: say what is wrong with the items',
  tooManyPhotos: (max: number) => `photos: at most ${max} pictures`,
  photosAsFiles: 'photos: send the pictures as files in a multipart form',
  noteNeeded: 'note: say why the return is refused',
  methodNeeded: 'refund_method: say how the money was paid back (cash or mobile_money)',
  cannotMove: (from: string, to: string) => `a return that is ${from} cannot become ${to}`,
  paidByGateway: (gateway: string) => `the money is being paid back through ${gateway}: the return shows as refunded by itself once it is paid`,
  nothingPaid: 'nothing has been paid for this order yet, so there is nothing to pay back',
  recordOnReturn: 'This refund is for returned items: record it on the return, with how it was paid back',
  list: 'Returns',
} as const;
