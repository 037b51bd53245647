import type { IslandTexts } from '../en/islands';

const common: IslandTexts['common'] = {
  close: 'Funga',
  loading: 'Inapakia…',
};

export default common;
