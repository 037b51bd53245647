import type { Outcomes } from '../../en/outcomes';

/** Each follows the field's name ("body: link: ..."); the editor's button keeps its English name. */
const contentSafety: Outcomes['contentSafety'] = {
  rawHtml: 'lazima iwe Markdown bila vitambulisho vya HTML (andika **bold**, [kiungo](/help), ![picha](/storage/images/…))',
  linkNotAllowed: (destination) => `${destination} si kiungo ambacho duka linaruhusu: unganisha na ukurasa wa duka (/help), au na https://, mailto: au tel:`,
  pictureNotAllowed: (destination) => `${destination} si picha ambayo duka linaruhusu: weka picha kwa kitufe cha Add a picture`,
};

export default contentSafety;
