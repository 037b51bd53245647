/** What the store writes to a shopper by SMS and email, in Luganda (see ../en/notify.ts). SMS stay in GSM-7: ŋ is written ng'. */
import type { Texts } from '../en';
import checkout from './checkout';

const notify: Texts['notify'] = {
  sms: {
    code: {
      login: '{code} ye koodi yo eya {store}. Ekola okumala eddakiika {minutes}. Togibuulirako muntu yenna.',
      reset: "{code} ye koodi yo ey'okukyusa paasiwadi ku {store}. Ekola okumala eddakiika {minutes}. Bw'oba tewagisabye, buuka obubaka buno.",
      change:
        "{code} ye koodi yo eya {store} okukakasa enkyukakyuka mu ssente z'osasulwa oba mu ssimu. Ekola okumala eddakiika {minutes}. Togibuulirako muntu yenna.",
    },
    hi: 'Gyebale {name}, ',
    questions: ' Ebibuuzo? Kuba {phone}',
    orderPlaced: {
      payOnDelivery: ", ogisasula ng'etuuse",
      awaitingPayment: ', erindiridde okusasulwa',
      total: 'Awamu {total}{how}.',
      withLink: '{hi}oda yo #{id} tugifunye. {total} Gilabe ku {url}',
      withoutLink: "{hi}oda yo #{id} tugifunye. {total} Tujja kukutegeeza ng'eri mu kkubo.",
      bare: 'oda yo #{id} tugifunye. {total}',
    },
    orderPaid: {
      full: "{hi}tufunye {amount} olw'oda #{id}. Webale! Tujja kukutegeeza ng'eri mu kkubo.",
      bare: "tufunye {amount} olw'oda #{id}. Webale!",
      cancelled: "{hi}tufunye {amount} olw'oda #{id}, naye yasazibwamu: ssente zijja kukuddizibwa.",
      cancelledBare: "tufunye {amount} olw'oda #{id}, naye yasazibwamu: ssente zijja kukuddizibwa.",
    },
    orderOnDelivery: {
      full: "{hi}oda #{id} kati ojja kugisasulira ng'etuuse: {amount} mu buliwo eri omuvuzi. Tujja kukutegeeza ng'eri mu kkubo.",
      bare: "oda #{id}: sasula {amount} ng'etuuse.",
    },
    orderShipped: {
      payOnDelivery: " Sasula ng'etuuse.",
      full: "{hi}oda yo #{id} eri mu kkubo ejja gy'oli.{pay}{questions}",
      bare: "oda yo #{id} eri mu kkubo ejja gy'oli.{pay}",
    },
    handover: {
      single: " Wa omuvuzi ennamba {code} ng'etuuse.",
      several: " Ennamba z'abavuzi: {codes}.",
    },
    receivedQuestion: {
      full: "{hi}oda yo #{id} bagamba nti ekutuuseeko. Wagifunye? Ddamu ku lupapula lw'oda yo.{questions}",
      bare: "wafunye oda #{id}? Ddamu ku lupapula lw'oda yo.",
    },
    orderDelivered: {
      full: '{hi}oda yo #{id} ekutuuseeko. Webale kugula ku {store}!{questions}',
      bare: 'oda yo #{id} ekutuuseeko. Webale!',
    },
    orderCancelled: {
      refund: ' Ssente ze wasasula zijja kukuddizibwa.',
      full: '{hi}oda yo #{id} esaziddwamu.{refund}{questions}',
      bare: 'oda yo #{id} esaziddwamu.{refund}',
      unpaid: '{hi}oda yo #{id} tesasulwa mu budde, kyetuvudde tugisazaamu.{refund}{questions}',
      unpaidBare: 'oda yo #{id} tesasulwa mu budde, kyetuvudde tugisazaamu.{refund}',
    },
    partStatus: {
      shipped: "biri mu kkubo bijja gy'oli.",
      delivered: 'bikutuuseeko.',
      cancelled: 'bisaziddwamu.',
      payOnDelivery: ' Sasula nga bituuse.',
      refund: ' Ssente ze wabisasulira zijja kukuddizibwa.',
      full: '{hi}ebintu byo okuva ewa {vendor} mu oda #{id} {what}{after}{questions}',
      withoutQuestions: '{hi}ebintu byo okuva ewa {vendor} mu oda #{id} {what}{after}',
      bare: "ebintu by'oda #{id} {what}{after}",
    },
    returnAccepted: {
      full: "{hi}okuzzaayo ebintu by'oda #{id} kukkiriziddwa. Bizzeeyo eri {vendor} Ssente zikomawo nga bituuse.{questions}",
      withoutQuestions: "{hi}okuzzaayo ebintu by'oda #{id} kukkiriziddwa. Bizzeeyo eri {vendor} Ssente zikomawo nga bituuse.",
      bare: "okuzzaayo ebintu by'oda #{id} kukkiriziddwa. Bizzeeyo; ssente zikomawo nga bituuse.",
    },
    returnRefused: {
      full: "{hi}okuzzaayo ebintu by'oda #{id} kugaaniddwa: {reason}{questions}",
      withoutQuestions: "{hi}okuzzaayo ebintu by'oda #{id} kugaaniddwa: {reason}",
      bare: "okuzzaayo ebintu by'oda #{id} kugaaniddwa. Ensonga eri ku lupapula lw'oda yo.",
    },
    returnReceived: {
      full: '{hi}ebintu bye wazzaayo okuva mu oda #{id} bituuse. Ssente zo {amount} ziri mu kkubo.',
      bare: 'ebintu bye wazzaayo okuva mu oda #{id} bituuse. Ssente {amount} ziri mu kkubo.',
    },
    returnRefunded: {
      cash: ' mu ngalo',
      mobile_money: ' ku Mobile Money',
      gateway: ' ku kaadi yo',
      full: "{hi}ssente {amount} ez'ebintu bye wazzaayo okuva mu oda #{id} zikuddiziddwa{how}.{questions}",
      withoutQuestions: "{hi}ssente {amount} ez'ebintu bye wazzaayo okuva mu oda #{id} zikuddiziddwa{how}.",
      bare: "ssente {amount} ez'ebintu bye wazzaayo okuva mu oda #{id} zikuddiziddwa{how}.",
    },
    payout: {
      sent: 'ssente zo #{id} eza {amount} ziweereddwa ku {where} yo.',
      reference: 'Nnamba',
      failed: 'ssente zo #{id} eza {amount} tezisobodde kuweerezebwa.',
      reason: 'Ensonga',
      back: 'Ssente zizziddwayo ku akawunti yo.',
    },
    payoutMethod: {
      changed: "ssente z'osasulwa kati zigenda ku {after}, so si ku {before} nate. Si ggwe? Kuba {phone} mangu.",
      changedUndo: "ssente z'osasulwa kati zigenda ku {after}, so si ku {before} nate. Si ggwe? Gisazeemu: {link} oba kuba {phone}.",
      first: "ssente z'osasulwa zijja kugenda ku {after}. Si ggwe? Kuba {phone} mangu.",
      mtn_momo: 'MTN MoMo {number}',
      airtel_money: 'Airtel Money {number}',
      bank: 'akawunti ya bbanka {number}',
    },
    contact: {
      changed: '{changes}. Si ggwe? Kuba {phone} mangu.',
      line: '{what} kati ye {after}',
      and: '; ',
      shop_phone: 'essimu ya dduuka lyo',
      phone: 'essimu ya akawunti yo',
      email: 'imeeyiro ya akawunti yo',
    },
  },
  mail: {
    changes: {
      hello: 'Gyebale ko {name},\n\n',
      signature: "\n\nBw'oba si ggwe akoze enkyukakyuka eno, tukubire mangu ku {phone}.\n\n{store}",
      contact: {
        subject: 'Ebikwata ku akawunti yo ku {store} bikyusiddwa',
        text: '{hello}Ebikwata ku akawunti yo bino bikyusiddwa:\n{lines}{signature}',
        line: '  {what}: {after} (yali {before})',
      },
      fields: { shop_phone: 'Essimu ya dduuka lyo', phone: 'Essimu ya akawunti yo', email: 'Imeeyiro ya akawunti yo' },
      payout: {
        subject: "Ssente z'osasulwa ku {store} zigenda awalala",
        changed: "Ssente z'osasulwa kati zigenda ku {after}, so si ku {before} nate.",
        first: "Ssente z'osasulwa zijja kugenda ku {after}.",
        undo: '\n\nTezijja kuweerezebwayo okumala essaawa {hours}. Okusazaamu enkyukakyuka eno ng’ebiseera ebyo tebinnaggwaako, ggulawo {link}',
        text: '{hello}{what}{undo}{signature}',
      },
    },
    passwordReset: {
      subject: "Koodi yo ey'okukyusa ekigambo ky'ekyama ku {store}: {code}",
      text: "Gyebale ko {name},\n\nKoodi yo ey'okukyusa ekigambo ky'ekyama ye {code}. Ekola omulundi gumu, okumala {minutes}.\n\nBw'oba tewasabye kukyusa kigambo kyo eky'ekyama, buusa amaaso imeeyiro eno: ekigambo kyo eky'ekyama kisigala nga bwe kiri.\n\n{store}",
      minutes: { one: 'eddakiika {count}', other: 'eddakiika {count}' },
    },
    returns: {
      hello: 'Gyebale ko {name},\n\n',
      line: '  {quantity} × {name} ({subtotal})',
      details: ' ({details})',
      note: '\n\n{vendor} agamba nti: {note}',
      page: '\n\nKirabe ku oda yo: {url}',
      signature: '\n\nEbibuuzo? Kuba ku {phone} oba tuwandiikire ku {email}.\n\n{store}',
      requested: {
        subject: "Okusaba kwo okuzzaayo ebintu by'oda #{id}",
        text: '{hello}Tufunye okusaba kwo okuzzaayo ebintu bino okuva mu oda #{id}:\n{lines}\nEnsonga: {reason}{details}\n\n{vendor} ajja kukuddamu mu bbanga ttono; tujja kukuwandiikira ku buli mutendera.{page}{signature}',
      },
      awaitingItem: {
        subject: "Okuzzaayo ebintu by'oda #{id} kukkiriziddwa",
        text: '{hello}{vendor} akkirizza ozzeeyo ebintu bino:\n{lines}\n\nBizzeeyo eri {vendor}. Bwe binaatuuka, ojja kuddizibwa {amount}.{note}{page}{signature}',
      },
      refused: {
        subject: "Okuzzaayo ebintu by'oda #{id} kugaaniddwa",
        text: '{hello}{vendor} agaanye ozzeeyo ebintu bino:\n{lines}{note}{page}{signature}',
      },
      received: {
        subject: 'Ebintu bye wazzaayo okuva mu oda #{id} bituuse',
        text: '{hello}{vendor} afunye ebintu bye wazzaayo:\n{lines}\n\nSsente zo {amount} ziri mu kkubo.{note}{page}{signature}',
      },
      refunded: {
        subject: "Ssente z'oda #{id} zikuddiziddwa: {amount}",
        text: "{hello}Ssente {amount} ez'ebintu bye wazzaayo okuva mu oda #{id} zikuddiziddwa ({how}).{note}{page}{signature}",
      },
      reasons: checkout.returnReasons,
      refundMethods: { cash: 'mu ngalo', mobile_money: 'ku Mobile Money', gateway: 'ku kaadi yo' },
    },
  },
};

export default notify;
