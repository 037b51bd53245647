import type { Outcomes } from '../../en/outcomes';
import layout from '../layout';

/** The footer's switch says what the layout's catalogue says; only the refusal is the switch's own. */
const dataSaver: Outcomes['dataSaver'] = {
  ...layout.dataSaver,
  notFromStore: "Okukekkereza data kukyusibwa ku mpapula z'edduuka lino zokka",
};

export default dataSaver;
