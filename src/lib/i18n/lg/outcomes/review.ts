import type { Outcomes } from '../../en/outcomes';

const review: Outcomes['review'] = {
  submitFailed: 'Okuweereza endowooza kulemye',
  updateFailed: 'Okukyusa endowooza kulemye',
  deleteFailed: 'Okusazaamu endowooza kulemye',
  submitted: 'Endowooza yo eweerezeddwa',
  updated: 'Endowooza yo ekyusiddwa',
  deleted: 'Endowooza yo esaziddwamu',
  notFound: 'Endowooza terabise',
  notYoursToChange: 'osobola okukyusa endowooza yo yokka',
  notYoursToDelete: 'osobola okusazaamu endowooza yo yokka',
  badRating: 'Emmunyeenye: ziteekwa okuba ennamba enzijuvu okuva ku 1 okutuuka ku 5',
  commentTooShort: (min) => `Endowooza: wandiika ennukuta waakiri ${min}`,
  commentTooLong: (max) => `Endowooza: tekiteekwa kusukka nnukuta ${max}`,
};

export default review;
