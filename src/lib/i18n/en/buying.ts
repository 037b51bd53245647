/** The island texts only the checkout, payment, order, account and login pages need (their layouts mark them). */
import checkout from './checkout';
import account from './account';
import auth from './auth';

export const buying = { checkout, account, auth };
