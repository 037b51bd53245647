import type { Outcomes } from '../../en/outcomes';

const reviewReply: Outcomes['reviewReply'] = {
  yours: 'Maoni yako',
  noneYet: 'Bado hujatoa maoni kuhusu bidhaa hii',
  stats: 'Takwimu za maoni',
  list: 'Maoni',
};

export default reviewReply;
