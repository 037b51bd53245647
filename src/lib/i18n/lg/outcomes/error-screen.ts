import type { Outcomes } from '../../en/outcomes';

const errorScreen: Outcomes['errorScreen'] = {
  title: 'Woowe! Waliwo ekitagenze bulungi',
  rootMissing: "Ekitundu ekikulu eky'omuko tekirabise",
};

export default errorScreen;
