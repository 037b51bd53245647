import type { Outcomes } from '../../en/outcomes';

const changeProof: Outcomes['changeProof'] = {
  proofRequired: 'Badiliko hili linahitaji uthibitisho kuwa ni wewe: tuma nenosiri lako (password) au msimbo tunaotuma kwa simu yako iliyosajiliwa (code)',
  codeWrong: 'code: msimbo si sahihi au muda wake umekwisha. Omba mwingine.',
  codeTooManyAttempts: 'code: misimbo mingi isiyo sahihi. Omba mwingine.',
  codeSent: (number, minutes) => `Tumetuma msimbo kwa ${number}. Unafanya kazi kwa dakika ${minutes}.`,
  noPhoneOnRecord: 'Hakuna nambari ya simu iliyosajiliwa ya kutuma msimbo: weka nenosiri lako badala yake',
  changeUndone: 'Badiliko limetenguliwa: malipo yako yanaenda tena pale yalipokuwa yakienda',
  undoLinkInvalid: 'Kiungo hiki hakitengui tena chochote: kimeshatumika, badiliko limebadilishwa, au muda wake umekwisha',
};

export default changeProof;
