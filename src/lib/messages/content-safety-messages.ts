/**
 * Why the page editor refuses a text: raw HTML, or a link or picture leading somewhere the store does not allow
 * (a script, another site by plain http). Each follows the field's name ("body: link: ..."). Unlike the editor's
 * other outcomes these are said in the editor's language too: they guard what every shopper would read.
 */
export const CONTENT_SAFETY_MESSAGES = {
  rawHtml: 'must be Markdown without HTML tags (write **bold**, [a link](/help), ![a picture](/storage/images/…))',
  linkNotAllowed: (destination: string) =>
    `${destination} is not a link the store allows: link to a page of the store (/help), or to https://, mailto: or tel:`,
  pictureNotAllowed: (destination: string) => `${destination} is not a picture the store allows: add pictures with the Add a picture button`,
} as const;
