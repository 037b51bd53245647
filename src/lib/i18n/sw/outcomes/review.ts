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
  badRating: 'rating: lazima iwe namba kamili kuanzia 1 hadi 5',
  commentTooShort: (min) => `comment: andika angalau herufi ${min}`,
  commentTooLong: (max) => `comment: isizidi herufi ${max}`,
};

export default review;
