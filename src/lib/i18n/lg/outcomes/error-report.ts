import type { Outcomes } from '../../en/outcomes';

const errorReport: Outcomes['errorReport'] = {
  reported: 'Ensobi etegeezeddwa',
  reports: "Lipoota z'ensobi",
};

export default errorReport;
