/** The island texts only the checkout, payment, order and account pages need (their layouts mark them). */
import checkout from './checkout';
import account from './account';

export const buying = { checkout, account };
