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
  /** The page an undo link in a vendor's text opens (src/pages/undo/[token].astro); `{restores}` and `{drops}` are payout destinations. */
  undoPayoutChange: {
    title: 'Undo the change of your payouts',
    lead: 'Your payouts were changed to go to {drops} instead of {restores}. If you did not make this change, undo it: your payouts go back to {restores}.',
    button: 'Undo the change',
    after: 'Then change your password, and call us on {phone} if you did not make the change.',
  },
};
