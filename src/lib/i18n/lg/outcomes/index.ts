/** The outcome texts in Luganda, table for table with ../../en/outcomes.ts. */
import type { Outcomes } from '../../en/outcomes';
import account from './account';
import api from './api';
import cart from './cart';
import category from './category';
import changeProof from './change-proof';
import contentSafety from './content-safety';
import dataSaver from './data-saver';
import errorReport from './error-report';
import errorScreen from './error-screen';
import field from './field';
import fieldName from './field-name';
import language from './language';
import limit from './limit';
import mobileMoney from './mobile-money';
import offline from './offline';
import order from './order';
import orderStatus from './order-status';
import payment from './payment';
import product from './product';
import queuedChange from './queued-change';
import request from './request';
import returns from './return';
import review from './review';
import reviewReply from './review-reply';
import role from './role';
import search from './search';
import upload from './upload';
import vendor from './vendor';
import wishlist from './wishlist';
import wishlistReply from './wishlist-reply';

export const outcomes: Outcomes = {
  account,
  api,
  cart,
  category,
  changeProof,
  contentSafety,
  dataSaver,
  errorReport,
  errorScreen,
  field,
  fieldName,
  language,
  limit,
  mobileMoney,
  offline,
  order,
  orderStatus,
  payment,
  product,
  queuedChange,
  request,
  return: returns,
  review,
  reviewReply,
  role,
  search,
  upload,
  vendor,
  wishlist,
  wishlistReply,
};
