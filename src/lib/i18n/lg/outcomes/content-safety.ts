import type { Outcomes } from '../../en/outcomes';

/** Each follows the field's name ("body: link: ..."); the editor's button keeps its English name. */
const contentSafety: Outcomes['contentSafety'] = {
  rawHtml: 'kiteekwa okuba Markdown awatali bubonero bwa HTML (wandiika **bold**, [link](/help), ![ekifaananyi](/storage/images/…))',
  linkNotAllowed: (destination) => `${destination} si link edduuka gy'ekkiriza: teeka link ey'omuko gw'edduuka (/help), oba eya https://, mailto: oba tel:`,
  pictureNotAllowed: (destination) => `${destination} si kifaananyi edduuka ky'ekkiriza: yongeramu ebifaananyi ng'okozesa eppeesa Add a picture`,
};

export default contentSafety;
