/**
 * What many fields' rules say after the field's name ("quantity: must be at least 1"): the words a refusal of
 * bad input shares across the API. A rule only one field has keeps its words beside it.
 */
export const FIELD_MESSAGES = {
  required: 'is required',
  text: 'must be text',
  number: 'must be a number',
  wholeNumber: 'must be a whole number',
  oneOrMore: 'must be 1 or more',
  oneOrZero: 'must be 1 or 0',
  atLeast: (min: number) => `must be at least ${min}`,
  atMost: (max: number) => `must be at most ${max}`,
  atLeastCharacters: (min: number) => `must be at least ${min} characters`,
  atMostCharacters: (max: number) => `must be at most ${max} characters`,
  oneOf: (choices: string) => `must be one of ${choices}`,
  email: 'must be an email address like name@example.com',
  phone: 'must be a phone number, e.g. 0772 123 456',
  /** A field that must be sent, by its name (said in the reader's language): "price_1: is required". */
  requiredField: (field: string) => `${field}: is required`,
} as const;
