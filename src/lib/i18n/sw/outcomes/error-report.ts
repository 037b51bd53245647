import type { Outcomes } from '../../en/outcomes';

const errorReport: Outcomes['errorReport'] = {
  reported: 'Hitilafu imeripotiwa',
  reports: 'Ripoti za hitilafu',
};

export default errorReport;
