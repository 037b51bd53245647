export const MARKETER_MESSAGES = {
  granted: 'Marketer added: they can edit the pages now',
  removed: 'Marketer removed',
  noAccount: 'No account has that email: ask them to sign up first, then add them',
  emailRequired: 'email: write the email address of their account',
  notFound: 'No such marketer',
  listRetrieved: 'Marketers retrieved',
} as const;
