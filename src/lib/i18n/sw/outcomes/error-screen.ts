import type { Outcomes } from '../../en/outcomes';

const errorScreen: Outcomes['errorScreen'] = {
  title: 'Samahani! Kuna kitu kimeharibika',
  rootMissing: 'Imeshindikana kupata sehemu kuu ya ukurasa',
};

export default errorScreen;
