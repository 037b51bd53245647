import type { Outcomes } from '../../en/outcomes';

const search: Outcomes['search'] = {
  failed: 'Okunoonya kulemye',
  synonymsRetrieved: "Ebigambo by'abaguzi mu kunoonya bifunyiddwa",
  synonymAdded: "Ekigambo ky'abaguzi kyongeddwa mu kunoonya",
  synonymExists: (term) => `term: "${term}" kirina dda amakulu`,
  synonymMeansItself: 'means: birina okuba ebigambo ebirala okuva ku term',
  suggestions: 'Ebiteeso',
  results: 'Ebivudde mu kunoonya',
  recent: 'Bye wanoonyezza gye buvuddeko',
  saved: "Ky'onoonyezza kiterekeddwa",
  historyCleared: "Ebyafaayo by'okunoonya bisaziddwamu",
  historyLimit: (max) => `Omuwendo: guteekwa okuba ennamba enzijuvu okuva ku 1 okutuuka ku ${max}`,
  queryTooShort: "Ky'onoonya: kiteekwa okuba n'ennukuta waakiri 2",
};

export default search;
