import type { Outcomes } from '../../en/outcomes';

const dataSaver: Outcomes['dataSaver'] = {
  on: 'Okukekkereza data: kukola',
  off: 'Okukekkereza data: tekukola',
  offExplained: "Kukoleeze ofune ebifaananyi ebitono n'ekifaananyi kimu ku buli kintu okutuusa lw'osaba ebirala: empapula zikozesa data ntono.",
  switchExplained: "Ebifaananyi bitono era biwewuka, era buli kintu kiraga ekifaananyi kimu okutuusa lw'osaba ebirala.",
  phoneExplained:
    "Essimu yo esaba buli mukutu okukekkereza data, n'olwekyo empapula wano zisigala nga nnyangu. Okulaba ebifaananyi ebijjuvu, ggyako Data Saver (oba Lite mode) mu nteekateeka za browser y'essimu yo.",
  turnOn: 'Koleeza okukekkereza data',
  turnOff: 'Ggyako okukekkereza data',
  notFromStore: "Okukekkereza data kukyusibwa ku mpapula z'edduuka lino zokka",
};

export default dataSaver;
