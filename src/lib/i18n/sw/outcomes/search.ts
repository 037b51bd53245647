import type { Outcomes } from '../../en/outcomes';

const search: Outcomes['search'] = {
  failed: 'Utafutaji umeshindikana',
  synonymsRetrieved: 'Visawe vya utafutaji vimepatikana',
  synonymAdded: 'Kisawe cha utafutaji kimeongezwa',
  synonymExists: (term) => `term: "${term}" tayari kina maana`,
  synonymMeansItself: 'means: lazima yawe maneno tofauti na term',
  suggestions: 'Mapendekezo',
  results: 'Matokeo ya utafutaji',
  recent: 'Utafutaji wa hivi karibuni',
  saved: 'Utafutaji umehifadhiwa',
  historyCleared: 'Historia ya utafutaji imefutwa',
  historyLimit: (max) => `Idadi: lazima iwe namba kamili kuanzia 1 hadi ${max}`,
  queryTooShort: 'Unachotafuta: lazima kiwe na herufi angalau 2',
};

export default search;
