import type { Outcomes } from '../../en/outcomes';

const language: Outcomes['language'] = {
  notFromStore: 'Kubadilisha lugha kunafanya kazi kutoka kurasa za duka hili pekee',
};

export default language;
