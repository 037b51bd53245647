import type { Outcomes } from '../../en/outcomes';
import { networkName as name, NUMBER_NAMES, prefixList } from '../../outcome-values';

const mobileMoney: Outcomes['mobileMoney'] = {
  networkName: name,
  phoneMissing: (network) => `Wandiika ennamba ya ${name(network)} gy'onoosasulako`,
  phoneInvalid: "Wandiika ennamba y'essimu eya Uganda, okugeza 0772 123 456",
  wrongNetwork: (network, prefixes = []) =>
    `Eno si nnamba ya ${NUMBER_NAMES[network]}: ennamba za ${name(network)} zitandika ne ${prefixList(prefixes, 'oba')}`,
  approve: 'Kkiriza okusasula ku ssimu yo',
  approveHow: (network, amount, phone) => `Tuweerezza okusaba kwa ${amount} ku ${phone}. Yingiza PIN yo eya ${name(network)} ku ssimu okukikkiriza.`,
  expired: 'Okusaba tekukkiriziddwa mu ddakiika 5. Tosasudde kintu; osobola okuweereza okusaba okupya.',
  stillOpen:
    "Okusaba kwo okw'okusasula okwasooka kukyalindiridde ku ssimu yo. Kukkirize oba kugaane eyo, oba linda obudde bwakwo buggwe (ddakiika 5), olwo ogezeeko nate.",
  declined: 'Okusasula kugaaniddwa ku ssimu. Tosasudde kintu.',
  notEnoughMoney: 'Ssente ku kawunti tezimala. Teekako ssente ogezeeko nate.',
  notRegistered: (network) => `Ennamba eno tewandiisiddwa ku ${name(network)}.`,
  limitReached: "Akawunti etuuse ku kkomo lyayo ery'okusasula. Gezaako omuwendo omutono oba ennamba endala.",
  wrongPin: "PIN gy'oyingizza nkyamu. Tosasudde kintu; osobola okuddamu okugezaako.",
  notApproved: 'Okusasula tekukkiriziddwa mu budde. Tosasudde kintu; osobola okuddamu okugezaako.',
  networkProblem: (network) => `${name(network)} tesobodde kutwala kusasula kati. Gezaako nate mu kaseera katono.`,
  notSetUp: (network) => `${name(network)} tekyateekebwa ku dduuka lino.`,
  tooManyPrompts: (most, windowMinutes, waitMinutes) =>
    `Ennamba emu esobola okuweerezebwa okusaba okw'okusasula ${most} kwokka mu ddakiika ${windowMinutes}. Linda ddakiika ${waitMinutes} olwo ogezeeko nate.`,
  wholeRefundsOnly: (network) =>
    `${name(network)} ezzaayo okusasula kwonna kwokka, n'olwekyo okuddiza kuno okw'ekitundu kulekeddwa omukulu w'edduuka okukukola n'engalo.`,
  refundRefused: (network) => `${name(network)} tezzizzaayo ssente zino, n'olwekyo okuziddiza kulekeddwa omukulu w'edduuka okukukola n'engalo.`,
  refundWithoutId: (network) =>
    `Edduuka terimanyi nnamba ya ${name(network)} ey'okusasula kuno, n'olwekyo okuddiza kulekeddwa omukulu w'edduuka okukukola n'engalo.`,
};

export default mobileMoney;
