/** Request bodies the store refuses before reading them. */
export const REQUEST_MESSAGES = {
  tooLarge: 'Request body is too large',
  uploadTooSlow: 'The pictures took too long to arrive; please try again on a better connection',
  uploadsBusy: 'The store is busy receiving other pictures; please try again in a few seconds',
  formUnreadable: 'The form data could not be read',
  notJson: 'The request body is not valid JSON',
  notObject: 'The request body must be a JSON object',
  notFromStorePage: 'This form must be sent from the store’s own page',
} as const;
