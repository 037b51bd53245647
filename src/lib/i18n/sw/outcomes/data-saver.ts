import type { Outcomes } from '../../en/outcomes';

const dataSaver: Outcomes['dataSaver'] = {
  on: 'Kiokoa data: kimewashwa',
  off: 'Kiokoa data: kimezimwa',
  offExplained: 'Kiwashe upate picha ndogo na picha moja kwa kila bidhaa hadi uombe zaidi: kurasa zinatumia data kidogo.',
  switchExplained: 'Picha ni ndogo na nyepesi, na bidhaa inaonyesha picha moja hadi uombe zaidi.',
  phoneExplained:
    'Simu yako inaomba kila tovuti kuokoa data, kwa hiyo kurasa hapa zinabaki nyepesi. Ili kuona picha kamili, zima Data Saver (au Lite mode) kwenye mipangilio ya kivinjari cha simu yako.',
  turnOn: 'Washa kiokoa data',
  turnOff: 'Zima kiokoa data',
  notFromStore: 'Kitufe cha kiokoa data kinafanya kazi kutoka kurasa za duka hili pekee',
};

export default dataSaver;
