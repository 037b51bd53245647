import type { Outcomes } from '../../en/outcomes';

const request: Outcomes['request'] = {
  tooLarge: 'Ulichotuma ni kikubwa mno',
  uploadTooSlow: 'Picha zimechukua muda mrefu kufika; tafadhali jaribu tena ukiwa na mtandao bora',
  uploadsBusy: 'Duka linapokea picha nyingine kwa sasa; tafadhali jaribu tena baada ya sekunde chache',
  formUnreadable: 'Data ya fomu haikuweza kusomwa',
  notJson: 'Data iliyotumwa si JSON sahihi',
  notObject: 'Data iliyotumwa lazima iwe kitu cha JSON',
  notFromStorePage: 'Fomu hii lazima itumwe kutoka ukurasa wa duka lenyewe',
};

export default request;
