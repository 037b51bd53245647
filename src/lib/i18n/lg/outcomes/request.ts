import type { Outcomes } from '../../en/outcomes';

const request: Outcomes['request'] = {
  tooLarge: 'Ebiweerezeddwa binene nnyo',
  uploadTooSlow: "Ebifaananyi bitutte ekiseera kiwanvu okutuuka; gezaako nate ng'olina intaneeti ennungi",
  uploadsBusy: 'Edduuka likyafuna ebifaananyi ebirala; gezaako nate mu sikonda ntono',
};

export default request;
