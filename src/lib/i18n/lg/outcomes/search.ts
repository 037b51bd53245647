import type { Outcomes } from '../../en/outcomes';

const search: Outcomes['search'] = {
  failed: 'Okunoonya kulemye',
};

export default search;
