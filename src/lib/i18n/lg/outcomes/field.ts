import type { Outcomes } from '../../en/outcomes';
import { groupThousands } from '../../../money';

/** Each follows the field's name as the API spells it ("quantity: kiteekwa okuba waakiri 1"). */
const field: Outcomes['field'] = {
  required: 'kyetaagibwa',
  text: 'kiteekwa okuba ebigambo',
  number: 'kiteekwa okuba ennamba',
  wholeNumber: 'kiteekwa okuba ennamba enzijuvu',
  oneOrMore: 'kiteekwa okuba 1 oba okusingawo',
  oneOrZero: 'kiteekwa okuba 1 oba 0',
  atLeast: (min) => `kiteekwa okuba waakiri ${groupThousands(min)}`,
  atMost: (max) => `tekiteekwa kusukka ${groupThousands(max)}`,
  atLeastCharacters: (min) => `kiteekwa okuba n'ennukuta waakiri ${groupThousands(min)}`,
  atMostCharacters: (max) => `tekiteekwa kusukka nnukuta ${groupThousands(max)}`,
  oneOf: (choices) => `kiteekwa okuba kimu ku bino: ${choices}`,
  email: 'kiteekwa okuba endagiriro ya email nga name@example.com',
  phone: "kiteekwa okuba ennamba y'essimu, okugeza 0772 123 456",
  invalid: 'tekituufu',
  invalidRequest: 'Ekisabiddwa tekituufu',
  atMostLines: (max) => `tekiteekwa kusukka bintu ${groupThousands(max)}`,
  productId: "kiteekwa okuba ennamba y'ekintu",
  amount: 'kiteekwa okuba omuwendo gwa ssente',
  receiverName: "Wandiika erinnya ly'omuntu anaafuna oda",
  phoneNumber: "Wandiika ennamba y'essimu, okugeza 0772 123 456",
  deliveryLocation: 'Londa ekifo we tunaakuleetera',
  deliveryAddress: "Wandiika endagiriro gy'oli (oluguudo, ennyumba, akabonero)",
  paymentMethod: "Londa engeri y'okusasula",
  cartEmpty: 'Tewali kintu mu kikapu kyo',
  notCorrect: 'si kituufu',
  date: 'kiteekwa okuba olunaku oluwandiikiddwa nga YYYY-MM-DD',
  pastDate: 'kiteekwa okuba olunaku olwayita ddala',
  day: 'kiteekwa okuba olunaku, YYYY-MM-DD',
  notAfter: (field) => `tekiteekwa kuba oluvannyuma lwa ${field}`,
  atMostDaysAfter: (days, field) => `tekisukka nnaku ${groupThousands(days)} oluvannyuma lwa ${field}`,
  vendorId: "kiteekwa okuba ennamba y'omutunzi",
  vendorToRead: "londa omutunzi gw'oyagala okulaba by'ayingiza",
  named: (path, name) => `${name} (${path})`,
  asValidatorSays: (_said, rule) => rule,
  oneOfThese: (choices) => `kimu ku bino: ${choices}`,
  onOrOff: 'on oba off',
};

export default field;
