import type { BuyingTexts } from '../en/islands';
import checkout from './checkout';
import account from './account';

export const buying: BuyingTexts = { checkout, account };
