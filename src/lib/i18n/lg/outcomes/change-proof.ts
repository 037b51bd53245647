import type { Outcomes } from '../../en/outcomes';

const changeProof: Outcomes['changeProof'] = {
  proofRequired:
    "Enkyukakyuka eno yeetaaga obukakafu nti ggwe: weereza ekigambo kyo eky'ekyama (password) oba koodi gye tuweereza ku ssimu yo eyawandiikibwa (code)",
  codeWrong: 'code: koodi si ntuufu oba ebiseera byayo biweddeko. Saba endala.',
  codeTooManyAttempts: 'code: koodi enkyamu nnyingi nnyo. Saba endala.',
  codeSent: (number, minutes) => `Tuweerezza koodi ku ${number}. Ekola okumala eddakiika ${minutes}.`,
  noPhoneOnRecord: "Tewali nnamba ya ssimu ewandiikiddwa kwe tuyinza kuweereza koodi: wandiika ekigambo kyo eky'ekyama",
  changeUndone: "Enkyukakyuka esaziddwamu: ssente z'osasulwa zigenda nate gye zaagendanga",
  undoLinkInvalid: "Enkolagana eno tekyalina ky'esazaamu: yakozesebwa dda, enkyukakyuka yakyusibwa, oba ebiseera byayo biweddeko",
};

export default changeProof;
