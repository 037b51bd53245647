import type { Outcomes } from '../../en/outcomes';
import { groupThousands } from '../../../money';

/** Each follows the field's name as the API spells it ("quantity: lazima kiwe angalau 1"). */
const field: Outcomes['field'] = {
  required: 'kinahitajika',
  text: 'lazima kiwe maandishi',
  number: 'lazima kiwe namba',
  wholeNumber: 'lazima kiwe namba kamili',
  oneOrMore: 'lazima kiwe 1 au zaidi',
  oneOrZero: 'lazima kiwe 1 au 0',
  atLeast: (min) => `lazima kiwe angalau ${groupThousands(min)}`,
  atMost: (max) => `lazima kisizidi ${groupThousands(max)}`,
  atLeastCharacters: (min) => `lazima kiwe na herufi angalau ${groupThousands(min)}`,
  atMostCharacters: (max) => `lazima kisizidi herufi ${groupThousands(max)}`,
  oneOf: (choices) => `lazima kiwe mojawapo ya ${choices}`,
  email: 'lazima kiwe anwani ya barua pepe kama name@example.com',
  phone: 'lazima kiwe namba ya simu, mfano 0772 123 456',
  invalid: 'si sahihi',
  invalidRequest: 'Ombi si sahihi',
  atMostLines: (max) => `kisizidi bidhaa ${groupThousands(max)}`,
  productId: 'lazima kiwe namba ya bidhaa',
  amount: 'lazima kiwe kiasi cha pesa',
  receiverName: 'Andika jina la mtu atakayepokea oda',
  phoneNumber: 'Andika namba ya simu, mfano 0772 123 456',
  deliveryLocation: 'Chagua eneo la kuletewa',
  deliveryAddress: 'Andika anwani ya kuletewa (mtaa, jengo, alama)',
  paymentMethod: 'Chagua njia ya malipo',
  cartEmpty: 'Kikapu chako kiko tupu',
  notCorrect: 'si sahihi',
  date: 'lazima kiwe tarehe iliyoandikwa kama YYYY-MM-DD',
  pastDate: 'lazima kiwe tarehe halisi iliyopita',
  day: 'lazima kiwe tarehe, YYYY-MM-DD',
  notAfter: (field) => `kisiwe baada ya ${field}`,
  atMostDaysAfter: (days, field) => `kisizidi siku ${groupThousands(days)} baada ya ${field}`,
  vendorId: 'lazima kiwe namba ya muuzaji',
  vendorToRead: 'taja muuzaji ambaye mapato yake yasomwe',
  named: (path, name) => `${name} (${path})`,
  asValidatorSays: (_said, rule) => rule,
  oneOfThese: (choices) => `mojawapo ya ${choices}`,
  onOrOff: 'on au off',
};

export default field;
