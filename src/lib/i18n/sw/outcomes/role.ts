import type { Outcomes } from '../../en/outcomes';

const role: Outcomes['role'] = {
  adminOnly: 'Msimamizi pekee ndiye anaweza kufanya hivi',
  sellersOnly: 'Muuzaji au msimamizi pekee ndiye anaweza kufanya hivi',
  awaitingApproval: 'Akaunti yako ya muuzaji inasubiri kuidhinishwa na duka',
  notActive: 'Akaunti yako ya muuzaji haifanyi kazi; wasiliana na duka',
  editorsOnly: 'Marketer au msimamizi pekee ndiye anaweza kuhariri kurasa za duka',
  adminSetsThis: 'msimamizi pekee ndiye anayeweka hiki',
};

export default role;
