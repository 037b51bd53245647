/** The static pages' words around the marketers' text (src/components/StaticPage.astro). */
export default {
  /** Shown above a page whose translation is not published yet, in the page's language. */
  notTranslated: 'This page is not yet translated: it is shown in English.',
  lastUpdated: 'Last updated',
  questionsAndAnswers: 'Questions and answers',
  /** The commission table on the Sell page (src/components/CommissionRates.astro); `{rate}` is e.g. 10%. */
  commissionRates: {
    category: 'Category',
    commission: 'Commission',
    everythingElse: 'Everything else',
    example:
      'Example: you sell a pair of shoes for {price}. The commission is {rate}, so {commission}. You receive {net} on your mobile money or bank account. If the buyer returns the shoes within 7 days, no commission is charged and no payout is made for that item.',
  },
};
