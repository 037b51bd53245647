import type { Outcomes } from '../../en/outcomes';

const reviewReply: Outcomes['reviewReply'] = {
  yours: 'Endowooza yo',
  noneYet: 'Tonnawa ndowooza ku kintu kino',
  stats: "Ebibalo by'endowooza",
  list: 'Endowooza',
};

export default reviewReply;
