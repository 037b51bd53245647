/** The fields a shopper fills in, in Swahili, by the API's name for them. */
import type { Outcomes } from '../../en/outcomes';

const fieldName: Outcomes['fieldName'] = {
  items: 'bidhaa',
  product_id: 'bidhaa',
  quantity: 'idadi',
  customer_name: 'jina la mpokeaji',
  customer_phone: 'simu ya mpokeaji',
  delivery_location_id: 'eneo la kuletewa',
  delivery_address: 'anwani ya kuletewa',
  notes: 'maelezo',
  payment_gateway: 'njia ya malipo',
  payment_phone: 'simu ya kulipia',
  shipping_cost: 'gharama ya kuletewa',
  name: 'jina',
  phone: 'simu',
  address: 'anwani',
  email: 'barua pepe',
  password: 'nenosiri',
  current_password: 'nenosiri la sasa',
  phone_number: 'namba ya simu',
  phone_number_1: 'namba ya simu',
  first_name: 'jina la kwanza',
  last_name: 'jina la ukoo',
  date_of_birth: 'tarehe ya kuzaliwa',
  gender: 'jinsia',
  bio: 'kuhusu wewe',
  language: 'lugha',
  lines: 'bidhaa za oda',
  order_item_id: 'bidhaa ya oda',
  part_id: 'sehemu ya oda',
  reason: 'sababu',
  details: 'maelezo',
  photos: 'picha',
  order_id: 'oda',
};

export default fieldName;
