import type { Outcomes } from '../../en/outcomes';
import { fieldName } from './field-names';
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
  requiredField: (field) => `${fieldName(field)}: kyetaagibwa`,
};

export default field;
