/** What the error-report calls answer: the server's words, which no page script needs. */
export const ERROR_REPORT_MESSAGES = {
  reported: 'Error reported',
  reports: 'Error reports',
} as const;
