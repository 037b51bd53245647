/** What the store writes to a shopper by SMS and email, in Swahili as written in Uganda and East Africa (see ../en/notify.ts). */
import type { Texts } from '../en';
import checkout from './checkout';

const notify: Texts['notify'] = {
  sms: {
    code: {
      login: '{code} ni msimbo wako wa {store}. Unafanya kazi kwa dakika {minutes}. Usimpe mtu yeyote.',
      reset: '{code} ni msimbo wako wa kubadilisha nenosiri la {store}. Unafanya kazi kwa dakika {minutes}. Hukuuomba? Puuza ujumbe huu.',
      change: '{code} ni msimbo wako wa {store} wa kuthibitisha badiliko la malipo au simu yako. Unafanya kazi kwa dakika {minutes}. Usimpe mtu yeyote.',
    },
    hi: 'Habari {name}, ',
    questions: ' Maswali? Piga {phone}',
    orderPlaced: {
      payOnDelivery: ', utalipa ukiipokea',
      awaitingPayment: ', inasubiri malipo',
      total: 'Jumla {total}{how}.',
      withLink: '{hi}oda yako #{id} imepokelewa. {total} Tazama {url}',
      withoutLink: '{hi}oda yako #{id} imepokelewa. {total} Tutakutumia SMS ikiwa njiani.',
      bare: 'oda yako #{id} imepokelewa. {total}',
    },
    orderPaid: {
      full: '{hi}tumepokea {amount} kwa oda #{id}. Asante! Tutakutumia SMS ikiwa njiani.',
      bare: 'tumepokea {amount} kwa oda #{id}. Asante!',
      cancelled: '{hi}tumepokea {amount} kwa oda #{id}, ambayo ilighairiwa: utarudishiwa pesa.',
      cancelledBare: 'tumepokea {amount} kwa oda #{id}, ambayo ilighairiwa: utarudishiwa pesa.',
    },
    orderOnDelivery: {
      full: '{hi}oda #{id} sasa italipwa ikifika: {amount} taslimu kwa msafirishaji. Tutakutumia SMS ikiwa njiani.',
      bare: 'oda #{id}: lipa {amount} ikifika.',
    },
    orderShipped: {
      payOnDelivery: ' Tafadhali lipa ukiipokea.',
      full: '{hi}oda yako #{id} iko njiani kukufikia.{pay}{questions}',
      bare: 'oda yako #{id} iko njiani kukufikia.{pay}',
    },
    handover: {
      single: ' Mpe msafirishaji namba {code} ikifika.',
      several: ' Namba za wasafirishaji: {codes}.',
    },
    receivedQuestion: {
      full: '{hi}oda yako #{id} imewekwa kuwa imefikishwa. Umeipokea? Jibu kwenye ukurasa wa oda yako.{questions}',
      bare: 'umepokea oda #{id}? Jibu kwenye ukurasa wa oda yako.',
    },
    orderDelivered: {
      full: '{hi}oda yako #{id} imekufikia. Asante kwa kununua na {store}!{questions}',
      bare: 'oda yako #{id} imekufikia. Asante!',
    },
    orderCancelled: {
      refund: ' Utarudishiwa pesa uliyolipa.',
      full: '{hi}oda yako #{id} imeghairiwa.{refund}{questions}',
      bare: 'oda yako #{id} imeghairiwa.{refund}',
      unpaid: '{hi}oda yako #{id} haikulipwa kwa wakati, hivyo tumeighairi.{refund}{questions}',
      unpaidBare: 'oda yako #{id} haikulipwa kwa wakati, hivyo tumeighairi.{refund}',
    },
    partStatus: {
      shipped: 'ziko njiani kukufikia.',
      delivered: 'zimekufikia.',
      cancelled: 'zimeghairiwa.',
      payOnDelivery: ' Tafadhali lipa ukizipokea.',
      refund: ' Utarudishiwa pesa yako.',
      full: '{hi}bidhaa zako kutoka {vendor} katika oda #{id} {what}{after}{questions}',
      withoutQuestions: '{hi}bidhaa zako kutoka {vendor} katika oda #{id} {what}{after}',
      bare: 'bidhaa za oda #{id} {what}{after}',
    },
    returnAccepted: {
      full: '{hi}ombi lako la kurudisha bidhaa za oda #{id} limekubaliwa. Zirudishe kwa {vendor} Utarudishiwa pesa zikifika.{questions}',
      withoutQuestions: '{hi}ombi lako la kurudisha bidhaa za oda #{id} limekubaliwa. Zirudishe kwa {vendor} Utarudishiwa pesa zikifika.',
      bare: 'ombi lako la kurudisha bidhaa za oda #{id} limekubaliwa. Zirudishe; utarudishiwa pesa zikifika.',
    },
    returnRefused: {
      full: '{hi}ombi lako la kurudisha bidhaa za oda #{id} limekataliwa: {reason}{questions}',
      withoutQuestions: '{hi}ombi lako la kurudisha bidhaa za oda #{id} limekataliwa: {reason}',
      bare: 'ombi lako la kurudisha bidhaa za oda #{id} limekataliwa. Sababu iko kwenye ukurasa wa oda yako.',
    },
    returnReceived: {
      full: '{hi}bidhaa ulizorudisha kutoka oda #{id} zimefika. Pesa yako {amount} iko njiani.',
      bare: 'bidhaa ulizorudisha kutoka oda #{id} zimefika. Pesa {amount} iko njiani.',
    },
    returnRefunded: {
      cash: ' kwa pesa taslimu',
      mobile_money: ' kwa Mobile Money',
      gateway: ' kwenye kadi yako',
      full: '{hi}pesa {amount} ya bidhaa ulizorudisha kutoka oda #{id} imerudishwa{how}.{questions}',
      withoutQuestions: '{hi}pesa {amount} ya bidhaa ulizorudisha kutoka oda #{id} imerudishwa{how}.',
      bare: 'pesa {amount} ya bidhaa ulizorudisha kutoka oda #{id} imerudishwa{how}.',
    },
    payout: {
      sent: 'malipo #{id} ya {amount} yametumwa kwa {where} yako.',
      reference: 'Kumb',
      failed: 'malipo #{id} ya {amount} hayakuweza kutumwa.',
      reason: 'Sababu',
      back: 'Pesa zimerudishwa kwenye salio lako.',
    },
    payoutMethod: {
      changed: 'malipo yako sasa yanaenda {after}, si tena {before}. Si wewe? Piga {phone} mara moja.',
      changedUndo: 'malipo yako sasa yanaenda {after}, si tena {before}. Si wewe? Tengua: {link} au piga {phone}.',
      first: 'malipo yako yataenda {after}. Si wewe? Piga {phone} mara moja.',
      mtn_momo: 'MTN MoMo {number}',
      airtel_money: 'Airtel Money {number}',
      bank: 'akaunti ya benki {number}',
    },
    contact: {
      changed: '{changes}. Si wewe? Piga {phone} mara moja.',
      line: '{what} sasa ni {after}',
      and: '; ',
      shop_phone: 'simu ya duka lako',
      phone: 'simu ya akaunti yako',
      email: 'barua pepe ya akaunti yako',
    },
  },
  mail: {
    changes: {
      hello: 'Habari {name},\n\n',
      signature: '\n\nIkiwa hukufanya badiliko hili, tupigie mara moja kwa {phone}.\n\n{store}',
      contact: {
        subject: 'Taarifa za akaunti yako ya {store} zimebadilika',
        text: '{hello}Taarifa hizi za akaunti yako zimebadilika:\n{lines}{signature}',
        line: '  {what}: {after} (ilikuwa {before})',
      },
      fields: { shop_phone: 'Simu ya duka lako', phone: 'Simu ya akaunti yako', email: 'Barua pepe ya akaunti yako' },
      payout: {
        subject: 'Malipo yako ya {store} yanaenda mahali pengine',
        changed: 'Malipo yako sasa yanaenda {after}, si tena {before}.',
        first: 'Malipo yako yataenda {after}.',
        undo: '\n\nMalipo huko yanasubiri saa {hours}. Kutengua badiliko hili kabla ya hapo, fungua {link}',
        text: '{hello}{what}{undo}{signature}',
      },
    },
    passwordReset: {
      subject: 'Msimbo wako wa kubadilisha nenosiri la {store}: {code}',
      text: 'Habari {name},\n\nMsimbo wako wa kubadilisha nenosiri ni {code}. Unatumika mara moja tu, kwa {minutes}.\n\nIkiwa hukuomba kubadilisha nenosiri lako, puuza barua pepe hii: nenosiri lako litabaki vilevile.\n\n{store}',
      minutes: { one: 'dakika {count}', other: 'dakika {count}' },
    },
    returns: {
      hello: 'Habari {name},\n\n',
      line: '  {quantity} × {name} ({subtotal})',
      details: ' ({details})',
      note: '\n\n{vendor} anasema: {note}',
      page: '\n\nIone kwenye oda yako: {url}',
      signature: '\n\nMaswali? Piga {phone} au tuandikie {email}.\n\n{store}',
      requested: {
        subject: 'Ombi lako la kurudisha bidhaa za oda #{id}',
        text: '{hello}Tumepokea ombi lako la kurudisha bidhaa hizi kutoka oda #{id}:\n{lines}\nSababu: {reason}{details}\n\n{vendor} atalijibu hivi karibuni; tutakuandikia katika kila hatua.{page}{signature}',
      },
      awaitingItem: {
        subject: 'Ombi lako la kurudisha bidhaa za oda #{id} limekubaliwa',
        text: '{hello}{vendor} amekubali urudishe bidhaa hizi:\n{lines}\n\nZirudishe kwa {vendor}. Zikifika, utarudishiwa {amount}.{note}{page}{signature}',
      },
      refused: {
        subject: 'Ombi lako la kurudisha bidhaa za oda #{id} limekataliwa',
        text: '{hello}{vendor} amekataa urudishe bidhaa hizi:\n{lines}{note}{page}{signature}',
      },
      received: {
        subject: 'Bidhaa ulizorudisha kutoka oda #{id} zimefika',
        text: '{hello}{vendor} amepokea bidhaa ulizorudisha:\n{lines}\n\nPesa yako {amount} iko njiani.{note}{page}{signature}',
      },
      refunded: {
        subject: 'Pesa yako ya oda #{id} imerudishwa: {amount}',
        text: '{hello}Pesa {amount} ya bidhaa ulizorudisha kutoka oda #{id} imerudishwa ({how}).{note}{page}{signature}',
      },
      reasons: checkout.returnReasons,
      refundMethods: { cash: 'pesa taslimu', mobile_money: 'Mobile Money', gateway: 'kwenye kadi yako' },
    },
  },
};

export default notify;
