/** The full-page error screen and the start-up check behind it. */
export const ERROR_SCREEN_MESSAGES = {
  title: 'Oops! Something went wrong',
  rootMissing: 'Failed to find the root element',
} as const;
