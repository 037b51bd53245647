import type { Outcomes } from '../../en/outcomes';

const order: Outcomes['order'] = {
  notFound: 'Oda terabise',
  partNotFound: "Ekitundu kino eky'oda tekirabise",
  placed: 'Oda yo eteereddwa bulungi!',
  failed: 'Okuteeka oda kulemye',
  loadFailed: 'Tetusobodde kulaga oda',
  statusFailed: "Okukyusa embeera y'oda kulemye",
  statusUpdated: "Embeera y'oda ekyusiddwa",
};

export default order;
