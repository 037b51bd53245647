import type { Outcomes } from '../../en/outcomes';
import { fieldName } from './field-names';
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
  requiredField: (field) => `${fieldName(field)}: kinahitajika`,
};

export default field;
