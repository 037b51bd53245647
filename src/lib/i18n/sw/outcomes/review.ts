import type { Outcomes } from '../../en/outcomes';

const review: Outcomes['review'] = {
  submitFailed: 'Imeshindikana kutuma maoni',
  updateFailed: 'Imeshindikana kusasisha maoni',
  deleteFailed: 'Imeshindikana kufuta maoni',
  submitted: 'Maoni yametumwa',
  updated: 'Maoni yamesasishwa',
  deleted: 'Maoni yamefutwa',
  notFound: 'Maoni hayakupatikana',
  notYoursToChange: 'unaweza kubadilisha maoni yako tu',
  notYoursToDelete: 'unaweza kufuta maoni yako tu',
  badRating: 'Nyota: lazima ziwe namba kamili kuanzia 1 hadi 5',
  commentTooShort: (min) => `Maoni: andika angalau herufi ${min}`,
  commentTooLong: (max) => `Maoni: yasizidi herufi ${max}`,
};

export default review;
