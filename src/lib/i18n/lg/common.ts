import type { IslandTexts } from '../en/islands';

const common: IslandTexts['common'] = {
  close: 'Ggalawo',
  loading: 'Kitegekebwa…',
};

export default common;
