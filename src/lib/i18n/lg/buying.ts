import type { BuyingTexts } from '../en/islands';
import checkout from './checkout';
import account from './account';
import auth from './auth';

export const buying: BuyingTexts = { checkout, account, auth };
