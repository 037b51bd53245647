import type { Outcomes } from '../../en/outcomes';
import { networkName as name, NUMBER_NAMES, prefixList } from '../../outcome-values';

const mobileMoney: Outcomes['mobileMoney'] = {
  networkName: name,
  phoneMissing: (network) => `Weka namba ya ${name(network)} utakayolipia`,
  phoneInvalid: 'Weka namba ya simu ya Uganda, mfano 0772 123 456',
  wrongNetwork: (network, prefixes = []) => `Hii si namba ya ${NUMBER_NAMES[network]}: namba za ${name(network)} huanza na ${prefixList(prefixes, 'au')}`,
  approve: 'Idhinisha malipo kwenye simu yako',
  approveHow: (network, amount, phone) => `Tumetuma ombi la ${amount} kwa ${phone}. Weka PIN yako ya ${name(network)} kwenye simu ili kuliidhinisha.`,
  expired: 'Ombi halikuidhinishwa ndani ya dakika 5. Hujatozwa pesa; unaweza kutuma ombi jipya.',
  stillOpen:
    'Ombi lako la awali la malipo bado linasubiri kwenye simu yako. Liidhinishe au ulikatae huko, au subiri hadi muda wake uishe (dakika 5), kisha ujaribu tena.',
  declined: 'Malipo yamekataliwa kwenye simu. Hujatozwa pesa.',
  notEnoughMoney: 'Hakuna pesa za kutosha kwenye akaunti. Ongeza salio kisha ujaribu tena.',
  notRegistered: (network) => `Namba hii haijasajiliwa kwa ${name(network)}.`,
  limitReached: 'Akaunti imefikia kikomo chake cha malipo. Jaribu kiasi kidogo au namba nyingine.',
  wrongPin: 'PIN uliyoweka si sahihi. Hujatozwa pesa; unaweza kujaribu tena.',
  notApproved: 'Malipo hayakuidhinishwa kwa wakati. Hujatozwa pesa; unaweza kujaribu tena.',
  networkProblem: (network) => `${name(network)} haikuweza kupokea malipo kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.`,
  notSetUp: (network) => `${name(network)} haijawekwa kwenye duka hili.`,
  tooManyPrompts: (most, windowMinutes, waitMinutes) =>
    `Namba moja inaweza kutumiwa maombi ${most} tu ya malipo ndani ya dakika ${windowMinutes}. Tafadhali subiri dakika ${waitMinutes} kisha ujaribu tena.`,
  wholeRefundsOnly: (network) => `${name(network)} hurejesha malipo kamili pekee, kwa hiyo urejeshaji huu wa sehemu umeachiwa msimamizi aurejeshe kwa mkono.`,
  refundRefused: (network) => `${name(network)} haikurejesha pesa hizi, kwa hiyo urejeshaji umeachiwa msimamizi aufanye kwa mkono.`,
  refundWithoutId: (network) => `Duka halijui namba ya muamala wa ${name(network)} wa malipo haya, kwa hiyo urejeshaji umeachiwa msimamizi aufanye kwa mkono.`,
};

export default mobileMoney;
