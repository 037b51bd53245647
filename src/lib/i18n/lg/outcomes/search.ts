import type { Outcomes } from '../../en/outcomes';

const search: Outcomes['search'] = {
  failed: 'Okunoonya kulemye',
  synonymsRetrieved: "Ebigambo by'abaguzi mu kunoonya bifunyiddwa",
  synonymAdded: "Ekigambo ky'abaguzi kyongeddwa mu kunoonya",
  synonymExists: (term) => `term: "${term}" kirina dda amakulu`,
  synonymMeansItself: 'means: birina okuba ebigambo ebirala okuva ku term',
};

export default search;
