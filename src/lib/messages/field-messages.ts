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
  invalid: 'is not valid',
  controlCharacters: 'must not contain control characters',
  invalidRequest: 'Invalid request',
  atMostLines: (max: number) => `at most ${max} lines`,
  productId: 'must be a product id',
  amount: 'must be an amount',
  receiverName: 'Enter the name of the person receiving the order',
  phoneNumber: 'Enter a phone number, e.g. 0772 123 456',
  deliveryLocation: 'Choose a delivery location',
  deliveryAddress: 'Enter the delivery address (street, building, landmark)',
  paymentMethod: 'Choose a payment method',
  cartEmpty: 'Your cart is empty',
  notCorrect: 'is not correct',
  date: 'must be a date written as YYYY-MM-DD',
  pastDate: 'must be a real date in the past',
  /** A day a statement starts or ends on. */
  day: 'must be a date, YYYY-MM-DD',
  /** The field named is another field, said as FIELD_MESSAGES.named says it ("from: must not be after to"). */
  notAfter: (field: string) => `must not be after ${field}`,
  atMostDaysAfter: (days: number, field: string) => `at most ${days} days after ${field}`,
  vendorId: 'must be a vendor id',
  categoryIdOrNull: 'must be a category id or null',
  vendorToRead: 'name the vendor whose earnings to read',
  /** A field as a person reads it: the API's name in English, the field's own word (the API's name after it) in other languages. */
  named: (path: string, _name: string) => path,
  /** A rule the validator wrote in English: said as it wrote it in English, as the rule it checked in other languages. */
  asValidatorSays: (said: string, _rule: string) => said,
  oneOfThese: (choices: string) => `one of ${choices}`,
  onOrOff: 'on or off',
} as const;
