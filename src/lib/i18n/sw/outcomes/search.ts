import type { Outcomes } from '../../en/outcomes';

const search: Outcomes['search'] = {
  failed: 'Utafutaji umeshindikana',
  synonymsRetrieved: 'Visawe vya utafutaji vimepatikana',
  synonymAdded: 'Kisawe cha utafutaji kimeongezwa',
  synonymExists: (term) => `term: "${term}" tayari kina maana`,
  synonymMeansItself: 'means: lazima yawe maneno tofauti na term',
};

export default search;
