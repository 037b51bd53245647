import type { Outcomes } from '../../en/outcomes';

const payment: Outcomes['payment'] = {
  alreadyPaid: 'Oda eno yamala dda okusasulwa',
  nothingToPayOnline: "Oda eno tewali ky'osasula ku mutimbagano",
  startedElsewhere: 'Okusasulira oda eno kutandikiddwa mu ddirisa eddala. Ddamu ofune omuko guno.',
  unavailableNow: "Engeri eno ey'okusasula tekola mu kaseera kano",
  notPesapal: 'Oda eno tesasulwa na Pesapal',
  pesapalFailed: 'Pesapal tesobodde kutandika kusasula. Gezaako nate.',
  refundNotFound: "Ssente ez'okuddizibwa tezirabise",
  alreadyPaidBack: 'Ssente zino zamala dda okuddizibwa',
  beingPaidBack: (gateway) =>
    `Ssente zino ziddizibwa kati nga ziyita mu ${gateway}, n'olwekyo tezisobola kuddizibwa mu ngalo. Ddamu ofune omuko oluvannyuma lw'eddakiika emu olabe bwe kigenze.`,
  status: "Embeera y'okusasula",
  history: "Ebyafaayo by'okusasula",
  started: 'Okusasula kutandise',
  ready: 'Okusasula kwetegese',
  pesapalSettings: 'Ebiteekateeka bya Pesapal',
  refunds: "Ssente ez'okuddizibwa",
  refundRecorded: 'Kiwandiikiddwa nti ssente ziddiziddwa',
};

export default payment;
