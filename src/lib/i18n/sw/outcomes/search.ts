import type { Outcomes } from '../../en/outcomes';

const search: Outcomes['search'] = {
  failed: 'Utafutaji umeshindikana',
};

export default search;
