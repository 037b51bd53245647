import type { Outcomes } from '../../en/outcomes';

const language: Outcomes['language'] = {
  notFromStore: "Okukyusa olulimi kukola ku mpapula z'edduuka lino zokka",
};

export default language;
