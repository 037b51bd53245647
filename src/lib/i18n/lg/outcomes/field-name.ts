/** The fields a shopper fills in, in Luganda, by the API's name for them. */
import type { Outcomes } from '../../en/outcomes';

const fieldName: Outcomes['fieldName'] = {
  items: 'ebintu',
  product_id: 'ekintu',
  quantity: 'omuwendo',
  customer_name: "erinnya ly'anaafuna oda",
  customer_phone: "essimu y'anaafuna oda",
  delivery_location_id: 'ekifo we tunaakuleetera',
  delivery_address: "endagiriro y'okuleetamu",
  notes: 'obubaka obwongerwako',
  payment_gateway: "engeri y'okusasula",
  payment_phone: 'essimu esasula',
  shipping_cost: "ssente z'okuleeta",
  name: 'erinnya',
  phone: 'essimu',
  address: 'endagiriro',
  email: 'endagiriro ya email',
  password: "ekigambo ky'ekyama",
  current_password: "ekigambo ky'ekyama ky'olina kati",
  phone_number: "ennamba y'essimu",
  phone_number_1: "ennamba y'essimu",
  first_name: 'erinnya erisooka',
  last_name: "erinnya ery'ekika",
  date_of_birth: "olunaku lw'okuzaalibwa",
  gender: 'ekikula',
  bio: 'ebikukwatako',
  language: 'olulimi',
  lines: "ebintu by'oda",
  order_item_id: "ekintu ky'oda",
  part_id: "ekitundu ky'oda",
  reason: 'ensonga',
  details: 'ebisingawo',
  photos: 'ebifaananyi',
  order_id: 'oda',
};

export default fieldName;
