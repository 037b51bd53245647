/** The static pages' words around the marketers' text (src/components/StaticPage.astro). */
export default {
  /** Shown above a page whose translation is not published yet, in the page's language. */
  notTranslated: 'This page is not yet translated: it is shown in English.',
  lastUpdated: 'Last updated',
  questionsAndAnswers: 'Questions and answers',
};
