import type { Outcomes } from '../../en/outcomes';

const request: Outcomes['request'] = {
  tooLarge: 'Ebiweerezeddwa binene nnyo',
  uploadTooSlow: "Ebifaananyi bitutte ekiseera kiwanvu okutuuka; gezaako nate ng'olina intaneeti ennungi",
  uploadsBusy: 'Edduuka likyafuna ebifaananyi ebirala; gezaako nate mu sikonda ntono',
  formUnreadable: 'Ebiri mu foomu tebisobodde kusomebwa',
  notJson: 'Ebyaweerezeddwa si JSON entuufu',
  notObject: 'Ebyaweerezeddwa biteekwa okuba ekintu kya JSON',
  notFromStorePage: "Foomu eno eteekwa okuweerezebwa okuva ku muko gw'edduuka lyennyini",
};

export default request;
