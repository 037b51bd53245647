import type { Outcomes } from '../../en/outcomes';

const account: Outcomes['account'] = {
  loggedIn: 'Oyingidde bulungi',
  loginFailed: 'Okuyingira kulemye: email oba paasiwadi si bituufu',
  loginFallback: 'Okuyingira kulemye. Gezaako nate.',
  suspended: 'Okuyingira kulemye: akawunti eno eyimiriziddwa. Tukusaba otutuukirire.',
  noToken: 'Sseeva teweerezza kabonero ka kuyingira',
  registered: 'Okwewandiisa kuwedde bulungi',
  accountReady: 'Akawunti yo yeetegese',
  registrationFallback: 'Okwewandiisa kulemye. Gezaako nate.',
  emailTaken: 'Okwewandiisa kulemye: waliwo dda akawunti ekozesa email eno',
  resetSent: "Koodi ey'okukyusa paasiwadi eweerezeddwa ku email yo",
  resetSendFailed: "Okuweereza email ey'okukyusa paasiwadi kulemye",
  resetDone: 'Paasiwadi ekyusiddwa bulungi',
  resetFallback: 'Okukyusa paasiwadi kulemye',
  resetFailed: 'Okukyusa paasiwadi kulemye: koodi nkyamu oba obudde bwayo buweddeko',
  resetTooManyAttempts: 'Okukyusa paasiwadi kulemye: koodi enkyamu zisusse obungi. Saba koodi empya.',
  profileUpdated: 'Ebikukwatako bikyusiddwa',
  profileFailed: 'Okukyusa ebikukwatako kulemye',
  profileEmailTaken: 'Okukyusa ebikukwatako kulemye: akawunti endala ekozesa email eno',
  loginFailedPhone: "Okuyingira kulemye: ennamba y'essimu oba paasiwadi si bituufu",
  phoneTaken: "Okwewandiisa kulemye: waliwo dda akawunti ekozesa ennamba y'essimu eno",
  phoneInvalid: "kirina okuba ennamba y'essimu ya Uganda nga 0772 123 456",
  emailOrPhoneRequired: "Okwewandiisa kulemye: wandiika ennamba y'essimu oba email",
  codeSent: 'Tuweerezza koodi mu SMS. Ekola okumala eddakiika 10.',
  codeFailed: 'Okuyingira kulemye: koodi nkyamu oba obudde bwayo buweddeko',
  codeTooManyAttempts: 'Okuyingira kulemye: koodi enkyamu zisusse obungi. Saba koodi empya.',
  resetSentPhone: "Koodi ey'okukyusa paasiwadi eweerezeddwa ku ssimu yo",
};

export default account;
