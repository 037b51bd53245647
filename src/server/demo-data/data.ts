/**
 * The demo catalogue's raw material: a Ugandan category tree with product lines (brands, models and
 * UGX price ranges), Kampala vendors, buyers, delivery locations and review comments.
 * Prices are per line so a Galaxy S24 Ultra and an itel A70 never share a range.
 */
import type { IconKind } from './images';
import type { Random } from './random';
import type { ProductAttribute } from '../db/schema';
import { slugify } from '../../lib/slug';

export type Metric = 'Piece' | 'Kg' | 'Litre' | 'Pack';
/** Option name → candidate values; one value is picked per product. */
export type Choices = Record<string, readonly string[]>;

export type ProductLine = {
  brand: string;
  /** Listed cheapest first: each model is priced within its own slice of the range. */
  models: readonly string[];
  /** Inclusive UGX range for one unit. */
  price: readonly [number, number];
  /** Merged over the category's specs; an empty list drops that spec. */
  specs?: Choices;
  metric?: Metric;
  /** These replace the category's own; an empty list means none. */
  colors?: readonly string[];
  sizes?: readonly string[];
  nameFormats?: readonly string[];
};

type LineOptions = Omit<ProductLine, 'brand' | 'models' | 'price'>;

type ChildInput = {
  name: string;
  icon: IconKind;
  attributes: string[];
  metric?: Metric;
  /** Specification name the brand is listed under; 'Brand' (the one the brand filter reads) unless set. */
  brandLabel?: string;
  /** Specification name the model is listed under ('Model', 'Style', 'Title'…); absent when the model is just a description. */
  modelLabel?: string;
  /** Name patterns: {brand}, {model} and any spec name in braces, e.g. '{brand} {model} {RAM} RAM'. */
  nameFormats?: readonly string[];
  lines: readonly ProductLine[];
  specs: Choices;
  colors?: readonly string[];
  /** Ordered smallest to largest; a product offers a contiguous run of them. */
  sizes?: readonly string[];
  variants?: Choices;
  keywords: readonly string[];
  tags: readonly string[];
  /** Opening paragraphs; {name} and {brand} are filled in. */
  blurbs: readonly string[];
};

type ParentInput = {
  name: string;
  icon: IconKind;
  attributes: string[];
  showInBanner: boolean;
  showInCategories: boolean;
  /** Relative share of the catalogue's products. */
  weight: number;
  children: ChildInput[];
};

export type ChildCategorySeed = ChildInput & { slug: string };
export type ParentCategorySeed = Omit<ParentInput, 'children'> & { slug: string; children: ChildCategorySeed[] };

/** The brand of unbranded goods; it is left out of product names and brand-specific wording. */
export const UNBRANDED = 'Generic';

const line = (brand: string, models: readonly string[], min: number, max: number, options: LineOptions = {}): ProductLine => ({
  brand,
  models,
  price: [min, max],
  ...options,
});

const WARRANTY_12 = ['6 months', '12 months'];
const WARRANTY_24 = ['12 months', '24 months'];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
const KIDS_SIZES = ['0-3M', '3-6M', '6-12M', '1-2Y', '2-3Y', '3-4Y', '5-6Y', '7-8Y', '9-10Y', '11-12Y'];
const BASIC_COLORS = ['Black', 'White', 'Navy Blue', 'Grey', 'Red', 'Maroon', 'Olive Green', 'Beige', 'Sky Blue', 'Pink', 'Yellow', 'Brown'];

const TREE: ParentInput[] = [
  {
    name: 'Phones & Tablets',
    icon: 'phone',
    attributes: ['Brand', 'Color', 'Storage'],
    showInBanner: true,
    showInCategories: true,
    weight: 14,
    children: [
      {
        name: 'Smartphones',
        icon: 'phone',
        attributes: ['Brand', 'Color', 'Storage', 'RAM'],
        modelLabel: 'Model',
        nameFormats: ['{brand} {model}', '{brand} {model} {RAM} RAM', '{brand} {model} Dual SIM', '{brand} {model} ({Network})'],
        lines: [
          line('itel', ['A70', 'P55', 'S24'], 250_000, 480_000, { specs: { Network: ['4G LTE'], RAM: ['3GB', '4GB', '8GB'] } }),
          line('Tecno', ['Spark Go 2024', 'Spark 20C', 'Spark 20', 'Spark 30 Pro'], 350_000, 720_000, { specs: { Network: ['4G LTE'] } }),
          line('Tecno', ['Camon 30', 'Pova 6 Pro', 'Camon 30 Pro 5G'], 850_000, 1_450_000),
          line('Infinix', ['Smart 8', 'Hot 40i', 'Hot 40 Pro', 'Note 40'], 320_000, 850_000, { specs: { Network: ['4G LTE'] } }),
          line('Infinix', ['Zero 40 5G', 'GT 20 Pro'], 1_200_000, 1_700_000, { specs: { Network: ['5G'] } }),
          line('Samsung Galaxy', ['A05s', 'A15', 'A25 5G', 'A35 5G'], 480_000, 1_250_000),
          line('Samsung Galaxy', ['A55 5G', 'S23 FE', 'S24', 'Z Flip6', 'S24 Ultra'], 1_500_000, 4_500_000, { specs: { Network: ['5G'], RAM: ['8GB', '12GB'] } }),
          line('Xiaomi', ['Redmi 13C', 'Redmi Note 13', 'Poco X6', 'Redmi Note 13 Pro'], 420_000, 1_300_000),
          line('Apple', ['iPhone 13', 'iPhone 14', 'iPhone 15', 'iPhone 15 Pro Max'], 2_300_000, 4_500_000, {
            specs: { Network: ['5G'], RAM: [], 'Operating System': ['iOS 17'], Battery: [] },
            nameFormats: ['{brand} {model}', '{brand} {model} ({Network})'],
          }),
          line('Oppo', ['A38', 'A58', 'Reno 11F 5G'], 520_000, 1_400_000),
          line('Nokia', ['C32', 'G22', 'G42 5G'], 380_000, 900_000),
        ],
        specs: {
          RAM: ['4GB', '6GB', '8GB'],
          'Screen Size': ['6.5 inches', '6.6 inches', '6.7 inches', '6.78 inches'],
          Battery: ['5000mAh', '5200mAh', '6000mAh'],
          'Main Camera': ['13MP', '50MP', '64MP', '108MP'],
          Network: ['4G LTE', '5G'],
          'Operating System': ['Android 14', 'Android 13'],
          Warranty: WARRANTY_12,
        },
        colors: ['Black', 'Blue', 'Green', 'Gold', 'Silver', 'Purple', 'White', 'Titanium Grey'],
        variants: { Storage: ['64GB', '128GB', '256GB', '512GB'] },
        keywords: ['smartphone', 'android', 'mobile phone', 'dual sim', 'camera phone', 'big battery'],
        tags: ['phones', 'smartphone', 'mobile', 'dual-sim'],
        blurbs: [
          'The {name} is a dependable everyday smartphone with a bright display, a long-lasting battery for busy Kampala days and a camera that keeps up with family moments.',
          'Stay connected on MTN and Airtel with the {name}. Dual SIM support, fast charging and plenty of storage for WhatsApp, photos and mobile money apps.',
          'Brand new and sealed in the box, the {name} comes with a charger, a clear case and the full manufacturer warranty.',
        ],
      },
      {
        name: 'Feature Phones',
        icon: 'featurephone',
        attributes: ['Brand', 'Color'],
        modelLabel: 'Model',
        nameFormats: ['{brand} {model}', '{brand} {model} Dual SIM'],
        lines: [
          line('itel', ['it2163', 'it5626', 'Magic 2 4G'], 42_000, 95_000),
          line('Nokia', ['105', '106', '110 4G', '3310'], 65_000, 160_000),
          line('Tecno', ['T301', 'T528', 'T901'], 48_000, 110_000),
          line('Samsung', ['B310E', 'Guru Music 2'], 75_000, 130_000),
        ],
        specs: {
          Battery: ['800mAh', '1000mAh', '1450mAh', '2500mAh'],
          Extras: ['FM Radio', 'Torch and FM Radio', 'Wireless FM and MP3'],
          Warranty: WARRANTY_12,
        },
        colors: ['Black', 'Blue', 'Red', 'Grey'],
        keywords: ['button phone', 'kabiriti', 'basic phone', 'torch phone', 'long battery'],
        tags: ['phones', 'feature-phone', 'budget'],
        blurbs: [
          'The {name} is a tough, simple phone with a battery that lasts for days, a bright torch and an FM radio — ideal as a backup line or for mobile money.',
          'Reliable and affordable, the {name} does calls, SMS and USSD mobile money without fuss, and survives the occasional drop.',
        ],
      },
      {
        name: 'Tablets',
        icon: 'tablet',
        attributes: ['Brand', 'Color', 'Storage'],
        modelLabel: 'Model',
        lines: [
          line('Modio', ['Kids Tablet M18', 'Kids Tablet M24'], 160_000, 280_000, { specs: { Connectivity: ['Wi-Fi'] } }),
          line('Lenovo', ['Tab M10', 'Tab M11', 'Tab P12'], 550_000, 1_600_000),
          line('Tecno', ['MegaPad 11'], 650_000, 850_000),
          line('Samsung Galaxy', ['Tab A9', 'Tab A9+', 'Tab S9 FE'], 650_000, 2_300_000),
          line('Apple', ['iPad 10th Gen', 'iPad Mini 6', 'iPad Air M2'], 1_900_000, 3_600_000),
        ],
        specs: {
          'Screen Size': ['8.7 inches', '10.1 inches', '10.9 inches', '11 inches'],
          Connectivity: ['Wi-Fi', 'Wi-Fi + 4G LTE'],
          Battery: ['5100mAh', '7040mAh', '8000mAh'],
          Warranty: WARRANTY_12,
        },
        colors: ['Grey', 'Silver', 'Blue', 'Pink'],
        variants: { Storage: ['32GB', '64GB', '128GB', '256GB'] },
        keywords: ['tablet', 'ipad', 'tab', 'kids tablet', 'e-learning'],
        tags: ['tablets', 'e-learning', 'entertainment'],
        blurbs: [
          'A big, sharp screen for online classes, films and video calls — the {name} is light enough to carry everywhere.',
          'The {name} is great for the whole family: school work for the children, news and YouTube for everyone else.',
        ],
      },
      {
        name: 'Phone Accessories',
        icon: 'powerbank',
        attributes: ['Brand', 'Color'],
        lines: [
          line(UNBRANDED, ['Tempered Glass Screen Protector', 'Silicone Back Case', 'Car Phone Holder', 'Selfie Stick with Tripod'], 8_000, 35_000),
          line('Oraimo', ['USB-C Cable 1m', 'Fast Charger 18W', 'Toast 10 Power Bank 10000mAh', 'Traveller 4 Power Bank 20000mAh'], 12_000, 95_000),
          line('Samsung', ['USB-C to USB-C Cable', '25W Super Fast Charger', 'Wireless Charger Pad'], 35_000, 120_000),
          line('Anker', ['Nano Charger 20W', 'PowerCore 10000'], 65_000, 160_000),
        ],
        specs: { Compatibility: ['Android and iPhone', 'USB-C phones', 'All smartphones'], Warranty: ['3 months', '6 months'] },
        colors: ['Black', 'White', 'Blue', 'Clear'],
        keywords: ['charger', 'power bank', 'phone case', 'screen protector', 'cable', 'fast charging'],
        tags: ['accessories', 'charging', 'phone-protection'],
        blurbs: [
          'Keep your phone alive through load-shedding and long journeys upcountry with the {name}.',
          'The {name} is a genuine {brand} accessory — safe charging, solid build and a fair price.',
        ],
      },
      {
        name: 'Smartwatches & Wearables',
        icon: 'smartwatch',
        attributes: ['Brand', 'Color', 'Strap'],
        modelLabel: 'Model',
        lines: [
          line('Oraimo', ['Tempo W2', 'Watch 2 Pro', 'Watch 4 Plus'], 95_000, 220_000),
          line('Xiaomi', ['Smart Band 8', 'Redmi Watch 4'], 150_000, 380_000),
          line('Huawei', ['Band 9', 'Watch Fit 3'], 190_000, 650_000),
          line('Samsung Galaxy', ['Fit3', 'Watch6 40mm', 'Watch6 Classic'], 280_000, 1_400_000),
          line('Apple', ['Watch SE 2nd Gen', 'Watch Series 9'], 1_100_000, 2_100_000, { specs: { 'Battery Life': ['Up to 18 hours'] } }),
        ],
        specs: {
          'Battery Life': ['Up to 7 days', 'Up to 10 days', 'Up to 14 days'],
          'Water Resistance': ['IP68', '5ATM'],
          Warranty: WARRANTY_12,
        },
        colors: ['Black', 'Silver', 'Pink', 'Midnight Blue'],
        variants: { Strap: ['Silicone', 'Leather', 'Metal Mesh', 'Nylon'] },
        keywords: ['smartwatch', 'fitness tracker', 'smart band', 'step counter', 'heart rate'],
        tags: ['wearables', 'fitness', 'smartwatch'],
        blurbs: [
          'Track your steps, heart rate and sleep with the {name}, and see calls and WhatsApp messages right on your wrist.',
          'The {name} pairs with Android and iPhone in minutes and keeps you on top of your fitness goals.',
        ],
      },
    ],
  },
  {
    name: 'TVs & Audio',
    icon: 'tv',
    attributes: ['Brand', 'Screen Size'],
    showInBanner: false,
    showInCategories: true,
    weight: 8,
    children: [
      {
        name: 'Televisions',
        icon: 'tv',
        attributes: ['Brand', 'Screen Size', 'Resolution'],
        modelLabel: 'Model',
        nameFormats: ['{brand} {model}', '{brand} {model} with Free-to-Air'],
        lines: [
          line('Vitron', ['24" Digital LED TV', '32" Frameless Smart TV', '43" Frameless Smart TV'], 320_000, 1_100_000, { specs: { 'Smart Platform': ['Android TV'] } }),
          line('Hisense', ['32" A4 Smart TV', '43" A4 Smart TV', '50" A6 4K UHD Smart TV', '55" A6 4K UHD Smart TV', '65" U7 ULED Smart TV'], 550_000, 3_200_000, { specs: { 'Smart Platform': ['VIDAA'] } }),
          line('TCL', ['32" S5400 Android TV', '43" S5400 Android TV', '55" P635 4K Google TV'], 600_000, 2_100_000, { specs: { 'Smart Platform': ['Google TV', 'Android TV'] } }),
          line('Skyworth', ['40" STD6500 Android TV', '50" SUE7600 4K', '55" SUE7600 4K'], 750_000, 2_100_000, { specs: { 'Smart Platform': ['Android TV'] } }),
          line('Samsung', ['32" T5300 Smart TV', '43" CU7000 Crystal UHD'], 800_000, 1_600_000, { specs: { 'Smart Platform': ['Tizen'] } }),
          line('Samsung', ['55" CU7000 Crystal UHD', '65" QLED Q60C'], 2_200_000, 4_800_000, { specs: { 'Smart Platform': ['Tizen'] } }),
          line('LG', ['32" LQ63 Smart TV', '43" UR75 4K UHD', '55" UR75 4K UHD'], 750_000, 2_600_000, { specs: { 'Smart Platform': ['webOS'] } }),
          line('LG', ['55" OLED evo C3', '65" OLED evo C3'], 5_000_000, 7_500_000, { specs: { 'Smart Platform': ['webOS'] } }),
        ],
        specs: {
          'HDMI Ports': ['2', '3', '4'],
          Tuner: ['Free-to-air DVB-T2 built in'],
          Warranty: WARRANTY_24,
        },
        keywords: ['tv', 'smart tv', 'led tv', '4k', 'netflix', 'youtube', 'flat screen'],
        tags: ['tv', 'home-entertainment', 'smart-tv'],
        blurbs: [
          'Watch the Uganda Cranes, Netflix and YouTube on the {name}. The built-in free-to-air tuner means local channels work without a decoder.',
          'The {name} brings bright colours and clear sound to your sitting room, with Wi-Fi, HDMI and USB ports for everything you plug in.',
        ],
      },
      {
        name: 'Home Theatre & Soundbars',
        icon: 'soundbar',
        attributes: ['Brand', 'Output Power'],
        modelLabel: 'Model',
        lines: [
          line('Vitron', ['2.1 Multimedia Speaker', '4.1 Home Theatre'], 150_000, 480_000),
          line('Sayona', ['Bluetooth Subwoofer System', '5.1 Home Theatre System'], 280_000, 650_000),
          line('Sony', ['HT-S100F Soundbar', 'HT-S400 2.1ch Soundbar'], 650_000, 1_500_000),
          line('LG', ['SN4 Soundbar', 'S65Q 3.1ch Soundbar'], 850_000, 1_900_000),
          line('Samsung', ['HW-C450', 'HW-B550 Soundbar'], 900_000, 1_700_000),
        ],
        specs: {
          'Output Power': ['120W', '300W', '400W', '1000W'],
          Connectivity: ['Bluetooth, HDMI ARC, Optical', 'Bluetooth, USB, FM radio'],
          Warranty: WARRANTY_12,
        },
        keywords: ['home theatre', 'soundbar', 'subwoofer', 'woofer', 'bass', 'bluetooth'],
        tags: ['audio', 'home-entertainment', 'sound'],
        blurbs: [
          'The {name} turns match day and movie night into an event, with deep bass and clear dialogue.',
          'Connect your TV, phone or flash disk to the {name} and fill the whole house with sound.',
        ],
      },
      {
        name: 'Bluetooth Speakers',
        icon: 'speaker',
        attributes: ['Brand', 'Color'],
        modelLabel: 'Model',
        lines: [
          line('Oraimo', ['SoundGo 3', 'SoundPro'], 75_000, 180_000),
          line('Sony', ['SRS-XB13', 'SRS-XE200', 'ULT Field 1'], 200_000, 650_000),
          line('Anker Soundcore', ['Motion 300', 'Boom 2'], 190_000, 700_000),
          line('JBL', ['Go 3'], 160_000, 220_000),
          line('JBL', ['Flip 6', 'Charge 5'], 450_000, 850_000),
          line('JBL', ['PartyBox Encore'], 1_500_000, 1_900_000),
        ],
        specs: {
          'Battery Life': ['Up to 10 hours', 'Up to 12 hours', 'Up to 20 hours'],
          'Water Resistance': ['IPX7', 'IP67'],
          Warranty: WARRANTY_12,
        },
        colors: ['Black', 'Blue', 'Red', 'Camouflage', 'Teal'],
        keywords: ['speaker', 'bluetooth speaker', 'portable speaker', 'waterproof speaker', 'party speaker'],
        tags: ['audio', 'portable', 'bluetooth'],
        blurbs: [
          'Take the music to the beach at Entebbe or a garden party with the {name} — loud, waterproof and easy to carry.',
          'The {name} pairs with your phone in seconds and its battery lasts the whole party.',
        ],
      },
      {
        name: 'Headphones & Earphones',
        icon: 'headphones',
        attributes: ['Brand', 'Color'],
        modelLabel: 'Model',
        lines: [
          line('Oraimo', ['FreePods Lite', 'FreePods 4', 'BoomPop 2 Headphones'], 60_000, 180_000),
          line('JBL', ['Tune 510BT', 'Wave Beam', 'Tune 770NC'], 160_000, 520_000),
          line('Samsung Galaxy', ['Buds FE', 'Buds2 Pro'], 320_000, 850_000),
          line('Apple', ['AirPods 3rd Gen', 'AirPods Pro 2nd Gen'], 750_000, 1_250_000),
          line('Sony', ['WH-CH520'], 180_000, 260_000),
          line('Sony', ['WF-C700N'], 450_000, 600_000),
          line('Sony', ['WH-1000XM5'], 1_300_000, 1_700_000),
        ],
        specs: {
          Connectivity: ['Bluetooth 5.3', 'Bluetooth 5.0'],
          'Battery Life': ['Up to 30 hours with case', 'Up to 40 hours', 'Up to 50 hours'],
          Warranty: WARRANTY_12,
        },
        colors: ['Black', 'White', 'Blue', 'Beige'],
        keywords: ['earphones', 'earbuds', 'headphones', 'headset', 'wireless', 'noise cancelling'],
        tags: ['audio', 'wireless', 'headphones'],
        blurbs: [
          'Shut out the boda boda noise on your commute with the {name} — comfortable for hours, with clear calls and rich bass.',
          'The {name} gives you wireless freedom for music, podcasts and Zoom meetings.',
        ],
      },
      {
        name: 'Decoders & Streaming',
        icon: 'decoder',
        attributes: ['Brand'],
        modelLabel: 'Model',
        lines: [
          line('StarTimes', ['DTT Decoder with Antenna', 'Smart Dish Decoder'], 60_000, 140_000),
          line('Azam TV', ['HD Decoder Kit'], 80_000, 130_000),
          line('GOtv', ['Supa Decoder with Antenna', 'Supa+ Decoder'], 90_000, 160_000),
          line('DStv', ['HD Decoder with Dish Kit'], 110_000, 200_000),
          line('DStv', ['Explora Ultra'], 450_000, 650_000),
          line('Xiaomi', ['TV Stick 4K', 'Mi TV Box S 2nd Gen'], 180_000, 320_000),
          line('Google', ['Chromecast with Google TV'], 220_000, 320_000),
        ],
        specs: { 'In the Box': ['Decoder, remote and HDMI cable', 'Decoder, remote and power adapter'], Warranty: WARRANTY_12 },
        keywords: ['decoder', 'dstv', 'gotv', 'startimes', 'tv box', 'android box', 'streaming'],
        tags: ['tv', 'decoders', 'streaming'],
        blurbs: [
          'Get the football, soaps and news with the {name}. Activation is quick and subscriptions can be paid with mobile money.',
          'The {name} makes any TV smarter — stream YouTube, Netflix and Showmax in HD.',
        ],
      },
    ],
  },
  {
    name: 'Computing',
    icon: 'laptop',
    attributes: ['Brand', 'Processor', 'RAM', 'Storage'],
    showInBanner: false,
    showInCategories: true,
    weight: 8,
    children: [
      {
        name: 'Laptops',
        icon: 'laptop',
        attributes: ['Brand', 'Processor', 'RAM', 'Storage'],
        modelLabel: 'Model',
        nameFormats: ['{brand} {model} {Processor}', '{brand} {model} {Processor}, {RAM} RAM', '{brand} {model} Laptop'],
        lines: [
          line('HP', ['EliteBook 830 G6 (ex-UK)', 'EliteBook 840 G5 (ex-UK)'], 1_200_000, 1_900_000),
          line('HP', ['250 G9', 'Pavilion 15', 'ProBook 450 G10', 'Victus 15'], 1_900_000, 4_200_000),
          line('Lenovo', ['ThinkPad T480 (ex-UK)', 'IdeaPad 3', 'IdeaPad Slim 5', 'ThinkPad E14'], 1_100_000, 3_800_000),
          line('Dell', ['Latitude 5490 (ex-UK)'], 1_000_000, 1_500_000),
          line('Dell', ['Inspiron 15 3520', 'Vostro 3520'], 1_900_000, 2_800_000),
          line('Dell', ['XPS 13'], 5_000_000, 6_500_000),
          line('Acer', ['Aspire 3', 'Aspire 5', 'Nitro V 15'], 1_600_000, 4_000_000),
          line('Asus', ['VivoBook 15', 'ZenBook 14'], 1_700_000, 4_200_000),
          line('Apple', ['MacBook Air M1', 'MacBook Air M2'], 3_300_000, 5_200_000, {
            specs: { Processor: ['Apple M-series'], 'Operating System': ['macOS'], 'Screen Size': ['13.3 inches', '13.6 inches'] },
            nameFormats: ['{brand} {model}', '{brand} {model}, {RAM} RAM'],
          }),
          line('Apple', ['MacBook Pro 14 M3'], 7_500_000, 9_500_000, {
            specs: { Processor: ['Apple M-series'], 'Operating System': ['macOS'], 'Screen Size': ['14.2 inches'] },
            nameFormats: ['{brand} {model}', '{brand} {model}, {RAM} RAM'],
          }),
        ],
        specs: {
          Processor: ['Intel Core i3', 'Intel Core i5', 'Intel Core i7', 'AMD Ryzen 5', 'AMD Ryzen 7'],
          RAM: ['8GB', '16GB'],
          Storage: ['256GB SSD', '512GB SSD', '1TB SSD'],
          'Screen Size': ['13.3 inches', '14 inches', '15.6 inches'],
          'Operating System': ['Windows 11 Home', 'Windows 11 Pro', 'Windows 10 Pro'],
          Warranty: WARRANTY_12,
        },
        colors: ['Silver', 'Black', 'Grey', 'Blue'],
        keywords: ['laptop', 'notebook', 'computer', 'windows', 'core i5', 'ssd', 'student laptop'],
        tags: ['computers', 'laptops', 'work', 'students'],
        blurbs: [
          'The {name} handles office work, university assignments and video calls with ease, and its SSD makes it start up in seconds.',
          'Built for professionals on the move, the {name} combines a solid keyboard, all-day performance and a crisp display.',
        ],
      },
      {
        name: 'Desktops & Monitors',
        icon: 'monitor',
        attributes: ['Brand', 'Screen Size'],
        modelLabel: 'Model',
        lines: [
          line('LG', ['22MP400 Monitor', '27UL500 4K Monitor'], 380_000, 1_300_000),
          line('Samsung', ['24" Curved Monitor', '27" Odyssey G5'], 480_000, 1_500_000),
          line('Dell', ['E2222H Monitor', 'P2422H Monitor'], 380_000, 900_000),
          line('HP', ['V24i Monitor'], 420_000, 600_000),
          line('Dell', ['OptiPlex 7060 (ex-UK)', 'OptiPlex 3000'], 1_100_000, 2_900_000),
          line('HP', ['ProDesk 400 G7 Desktop', 'All-in-One 24'], 2_000_000, 3_400_000),
          line('Lenovo', ['ThinkCentre M70q', 'IdeaCentre AIO 3'], 1_900_000, 3_300_000),
        ],
        specs: {
          'Screen Size': ['21.5 inches', '23.8 inches', '27 inches'],
          Ports: ['HDMI, VGA', 'HDMI, DisplayPort, USB'],
          Warranty: WARRANTY_12,
        },
        keywords: ['desktop', 'monitor', 'pc', 'all in one', 'office computer', 'screen'],
        tags: ['computers', 'office', 'monitors'],
        blurbs: [
          'Set up a reliable workstation with the {name} — perfect for offices, schools and internet cafés.',
          'The {name} gives you more screen and more comfort for spreadsheets, design work and streaming.',
        ],
      },
      {
        name: 'Printers & Scanners',
        icon: 'printer',
        attributes: ['Brand', 'Print Type'],
        modelLabel: 'Model',
        lines: [
          line('Epson', ['Ink Bottle 003 (Black)', 'Ink Bottle Set (4 colours)'], 30_000, 150_000, {
            specs: { Functions: [], Compatibility: ['EcoTank L-series printers'], Warranty: [] },
          }),
          line('HP', ['305 Ink Cartridge', '85A Toner Cartridge'], 55_000, 260_000, {
            specs: { Functions: [], Compatibility: ['HP DeskJet 2700 series', 'HP LaserJet Pro P1102'], Warranty: [] },
          }),
          line('Canon', ['PIXMA TS3440'], 230_000, 320_000),
          line('HP', ['DeskJet 2720 All-in-One'], 250_000, 350_000),
          line('Canon', ['PIXMA G3411', 'i-SENSYS MF3010'], 750_000, 1_100_000),
          line('HP', ['Smart Tank 580', 'LaserJet MFP M236sdw', 'LaserJet Pro M404dn'], 750_000, 1_800_000),
          line('Epson', ['EcoTank L3210', 'EcoTank L3250', 'L805 Photo Printer'], 780_000, 1_500_000),
        ],
        specs: {
          Functions: ['Print only', 'Print, copy, scan', 'Print, copy, scan, Wi-Fi'],
          Warranty: WARRANTY_12,
        },
        keywords: ['printer', 'scanner', 'photocopier', 'ink', 'toner', 'cartridge'],
        tags: ['printers', 'office', 'printing'],
        blurbs: [
          'The {name} is a workhorse for homes, schools and small businesses — low cost per page and easy set-up.',
          'Print school reports, invoices and photos with the {name}, with genuine {brand} quality.',
        ],
      },
      {
        name: 'Storage & Flash Drives',
        icon: 'usb',
        attributes: ['Brand', 'Capacity'],
        nameFormats: ['{brand} {model} {Capacity}'],
        lines: [
          line('Kingston', ['DataTraveler Exodia Flash Disk', 'Canvas Select microSD'], 16_000, 120_000),
          line('SanDisk', ['Cruzer Blade Flash Disk', 'Ultra microSD Card', 'Ultra Dual Drive USB-C'], 18_000, 160_000),
          line('Seagate', ['Expansion Portable Hard Drive'], 230_000, 600_000, { specs: { Capacity: ['1TB', '2TB', '4TB'] } }),
          line('WD', ['Elements Portable Hard Drive', 'My Passport'], 240_000, 650_000, { specs: { Capacity: ['1TB', '2TB', '4TB'] } }),
          line('Samsung', ['870 EVO SSD', 'T7 Portable SSD'], 280_000, 900_000, { specs: { Capacity: ['500GB', '1TB', '2TB'] } }),
        ],
        specs: { Capacity: ['16GB', '32GB', '64GB', '128GB', '256GB'], Interface: ['USB 3.2', 'USB 3.0', 'USB-C'], Warranty: ['12 months', '36 months'] },
        keywords: ['flash disk', 'flash drive', 'memory card', 'external hard drive', 'ssd', 'storage'],
        tags: ['storage', 'computers', 'backup'],
        blurbs: [
          'Back up your photos, documents and films with the {name} — fast transfers and reliable {brand} quality.',
          'The {name} moves files between office, school and home in seconds.',
        ],
      },
      {
        name: 'Computer Accessories',
        icon: 'mouse',
        attributes: ['Brand', 'Color'],
        lines: [
          line(UNBRANDED, ['HDMI Cable 3m', 'Laptop Cooling Pad', 'Adjustable Laptop Stand'], 15_000, 80_000),
          line('Logitech', ['M185 Wireless Mouse', 'K120 USB Keyboard', 'H390 USB Headset', 'MK270 Wireless Combo'], 35_000, 180_000),
          line('HP', ['15.6" Laptop Backpack', 'USB-C Travel Hub'], 60_000, 180_000),
          line('TP-Link', ['TL-WR840N Wi-Fi Router', 'M7200 4G MiFi', 'Archer C6 Router'], 95_000, 280_000),
          line('APC', ['Back-UPS 650VA', 'Back-UPS 1200VA'], 280_000, 650_000, { colors: ['Black'] }),
        ],
        specs: { Compatibility: ['Windows and macOS', 'Laptops up to 15.6 inches', 'All computers'], Warranty: ['6 months', '12 months'] },
        colors: ['Black', 'Grey', 'Blue'],
        keywords: ['mouse', 'keyboard', 'router', 'ups', 'laptop bag', 'wifi'],
        tags: ['accessories', 'computers', 'office'],
        blurbs: [
          'The {name} is the small upgrade that makes a big difference to your daily computer work.',
          'Protect, connect and power your setup with the {name}.',
        ],
      },
    ],
  },
  {
    name: 'Fashion',
    icon: 'shirt',
    attributes: ['Brand', 'Size', 'Color'],
    showInBanner: true,
    showInCategories: true,
    weight: 18,
    children: [
      {
        name: "Men's Clothing",
        icon: 'shirt',
        attributes: ['Brand', 'Size', 'Color', 'Material'],
        modelLabel: 'Style',
        nameFormats: ["{brand} Men's {model}", '{brand} {model} for Men'],
        lines: [
          line('Mr Price', ['Crew Neck T-Shirt', 'Cargo Shorts', 'Pique Polo Shirt', 'Slim Fit Chinos'], 25_000, 85_000),
          line('LC Waikiki', ['Linen Shirt', 'Regular Fit Jeans', 'Hooded Sweatshirt'], 45_000, 140_000),
          line('Woolworths', ['Oxford Shirt', 'Slim Fit Cotton Shirt', 'Formal Trousers'], 65_000, 180_000),
          line('Tommy Hilfiger', ['Classic Polo Shirt', 'Denim Jacket'], 150_000, 420_000),
          line('Kampala Tailors', ['Safari Suit', 'Two-Piece Slim Fit Suit', 'Three-Piece Wedding Suit'], 280_000, 850_000, {
            specs: { Material: ['Wool blend', 'Polyester viscose'], Care: ['Dry clean only'] },
          }),
        ],
        specs: { Material: ['100% Cotton', 'Cotton blend', 'Polyester', 'Linen', 'Denim'], Fit: ['Slim fit', 'Regular fit'], Care: ['Machine wash cold', 'Hand wash'] },
        colors: BASIC_COLORS,
        sizes: CLOTHING_SIZES,
        keywords: ['mens fashion', 'shirt', 't-shirt', 'trousers', 'suit', 'jeans', 'polo'],
        tags: ['fashion', 'men', 'clothing'],
        blurbs: [
          'Look sharp at the office or a Sunday function in the {name}. Comfortable fabric that holds up well in the Kampala heat.',
          'The {name} is a wardrobe staple — easy to style, easy to wash and cut to fit well.',
        ],
      },
      {
        name: "Women's Clothing",
        icon: 'dress',
        attributes: ['Brand', 'Size', 'Color', 'Material'],
        modelLabel: 'Style',
        nameFormats: ["{brand} Women's {model}", '{brand} {model}'],
        lines: [
          line('Mr Price', ['Wrap Blouse', 'Pleated Skirt', 'High-Waist Skinny Jeans', 'Bodycon Midi Dress'], 30_000, 95_000),
          line('Shein', ['Ruffle Hem Top', 'Casual Jumpsuit'], 35_000, 90_000),
          line('LC Waikiki', ['Knit Cardigan', 'Floral Summer Dress', 'Wide Leg Trousers'], 45_000, 130_000),
          line('Woolworths', ['Tailored Pencil Skirt', 'Linen Maxi Dress', 'Office Blazer'], 85_000, 240_000),
          line('Zara', ['Satin Slip Dress', 'Two-Piece Co-ord Set'], 150_000, 380_000),
        ],
        specs: { Material: ['Cotton', 'Chiffon', 'Satin', 'Linen', 'Polyester', 'Viscose'], Occasion: ['Casual', 'Office', 'Party', 'Church'], Care: ['Machine wash cold', 'Hand wash'] },
        colors: ['Black', 'White', 'Red', 'Emerald Green', 'Royal Blue', 'Pink', 'Mustard', 'Lilac', 'Beige', 'Wine'],
        sizes: CLOTHING_SIZES,
        keywords: ['ladies fashion', 'dress', 'blouse', 'skirt', 'womens clothing', 'office wear'],
        tags: ['fashion', 'women', 'clothing'],
        blurbs: [
          'The {name} is elegant enough for a wedding meeting and comfortable enough for the office.',
          'Turn heads in the {name} — a flattering cut in a soft fabric that breathes.',
        ],
      },
      {
        name: 'Shoes',
        icon: 'shoe',
        attributes: ['Brand', 'Size', 'Color'],
        modelLabel: 'Style',
        nameFormats: ['{brand} {model}', '{brand} {model} ({Gender})'],
        lines: [
          line('Sandak', ['Open Toe Sandals', 'Leather Sandals'], 25_000, 70_000),
          line('Bata', ['Toughees School Shoes', 'Power Walking Shoes', 'Comfit Leather Loafers', 'Formal Oxford Shoes'], 45_000, 220_000),
          line('Crocs', ['Baya Slides', 'Classic Clog'], 80_000, 220_000, { specs: { Material: ['Croslite foam'] } }),
          line('Nike', ['Revolution 7', 'Court Vision Low', 'Air Force 1', 'Air Max 90'], 180_000, 650_000),
          line('Adidas', ['Duramo SL', 'Stan Smith', 'Superstar', 'Samba OG'], 170_000, 580_000),
          line('Clarks', ['Desert Boots', 'Leather Brogues'], 250_000, 520_000, { specs: { Material: ['Genuine leather', 'Suede'] } }),
          line('Timberland', ['6-Inch Premium Boots'], 380_000, 750_000, { specs: { Material: ['Nubuck leather'] } }),
        ],
        specs: { Material: ['Genuine leather', 'Canvas', 'Synthetic', 'Mesh'], Gender: ['Men', 'Women', 'Unisex'], Sole: ['Rubber', 'EVA foam'] },
        colors: ['Black', 'White', 'Brown', 'Tan', 'Navy', 'Grey', 'Red'],
        sizes: SHOE_SIZES,
        keywords: ['shoes', 'sneakers', 'sandals', 'boots', 'loafers', 'footwear'],
        tags: ['fashion', 'shoes', 'footwear'],
        blurbs: [
          'Step out in comfort with the {name}: cushioned insoles, a durable sole and a finish that stays smart on dusty roads.',
          'The {name} pairs well with jeans, chinos or a suit.',
        ],
      },
      {
        name: 'Bags & Luggage',
        icon: 'bag',
        attributes: ['Brand', 'Color'],
        modelLabel: 'Style',
        lines: [
          line('Kampala Crafts', ['Kitenge Tote Bag', 'Handwoven Raffia Basket Bag', 'Leather Messenger Bag'], 35_000, 180_000),
          line('Nike', ['Heritage Backpack', 'Brasilia Duffel Bag'], 90_000, 220_000),
          line('Guess', ['Clutch Purse', 'Shoulder Handbag'], 180_000, 480_000),
          line('American Tourister', ['Backpack 30L'], 150_000, 250_000),
          line('American Tourister', ['3-Piece Luggage Set'], 650_000, 1_100_000),
          line('Michael Kors', ['Crossbody Bag', 'Leather Tote Bag'], 350_000, 950_000),
          line('Samsonite', ['Carry-On Cabin Bag', 'Spinner Suitcase 68cm'], 450_000, 1_400_000, { specs: { Material: ['Polycarbonate', 'Polypropylene'] } }),
        ],
        specs: { Material: ['Genuine leather', 'PU leather', 'Polyester', 'Canvas'], Closure: ['Zip', 'Magnetic snap', 'Buckle'] },
        colors: ['Black', 'Brown', 'Tan', 'Navy Blue', 'Maroon', 'Beige'],
        keywords: ['handbag', 'bag', 'suitcase', 'backpack', 'travel bag', 'purse'],
        tags: ['fashion', 'bags', 'travel'],
        blurbs: [
          'Carry everything you need in style with the {name} — sturdy zips, neat stitching and plenty of room.',
          'Travelling to Dubai or just to the village? The {name} is built to handle it.',
        ],
      },
      {
        name: 'Watches & Jewellery',
        icon: 'watch',
        attributes: ['Brand', 'Color'],
        modelLabel: 'Style',
        lines: [
          line('Kampala Crafts', ['Beaded Bracelet Set', 'Cow Horn Earrings', 'Paper Bead Necklace'], 15_000, 80_000, {
            specs: { Material: ['Recycled paper beads', 'Cow horn', 'Glass beads'], 'Water Resistance': [] },
            colors: ['Multicolour', 'Black', 'Brown', 'Gold'],
          }),
          line('Curren', ['Stainless Steel Quartz Watch', 'Leather Strap Chronograph'], 55_000, 140_000),
          line('Naviforce', ['Dual Time Sports Watch'], 60_000, 130_000),
          line('Casio', ['Vintage A168 Digital', 'G-Shock GA-2100', 'Edifice Chronograph'], 85_000, 850_000, { specs: { Material: ['Resin', 'Stainless steel'] } }),
          line('Pandora', ['Sterling Silver Charm Bracelet'], 350_000, 750_000, { specs: { Material: ['Sterling silver'], 'Water Resistance': [] }, colors: ['Silver', 'Rose Gold'] }),
          line('Fossil', ['Jacqueline Ladies Watch', 'Grant Chronograph'], 450_000, 950_000),
        ],
        specs: { Material: ['Stainless steel', 'Leather'], 'Water Resistance': ['30m', '50m', '100m'] },
        colors: ['Black', 'Silver', 'Gold', 'Rose Gold', 'Brown'],
        keywords: ['watch', 'wrist watch', 'jewellery', 'necklace', 'bracelet', 'earrings', 'gift'],
        tags: ['fashion', 'accessories', 'gifts'],
        blurbs: [
          'The {name} is a thoughtful gift for an introduction ceremony, a graduation or yourself.',
          'Finish your look with the {name} — crafted to last and easy to match with any outfit.',
        ],
      },
      {
        name: 'African Wear',
        icon: 'kitenge',
        attributes: ['Size', 'Color', 'Fabric'],
        modelLabel: 'Style',
        nameFormats: ['{model} by {brand}', '{brand} {model}'],
        lines: [
          line('Afro Chic Kampala', ["Men's Kitenge Shirt", 'Dashiki Shirt', 'Ankara Bomber Jacket'], 55_000, 180_000),
          line('Nalongo Designs', ['Kitenge Pencil Skirt', 'Kitenge Peplum Top', 'Kitenge Maxi Dress', 'Ankara Two-Piece Set'], 60_000, 220_000),
          line('Buganda Heritage', ['White Kanzu', 'Kanzu with Suit Jacket'], 80_000, 450_000, { specs: { Fabric: ['Cotton', 'Polyester blend'], Occasion: ['Kwanjula', 'Wedding', 'Church'] } }),
          line('Bark Cloth Studio', ['Barkcloth Clutch', 'Barkcloth Jacket'], 80_000, 350_000, { specs: { Fabric: ['Barkcloth'] }, sizes: [] }),
          line('Buganda Heritage', ['Cotton Gomesi', 'Silk Gomesi with Sash', 'Busuuti for Kwanjula'], 150_000, 650_000, { specs: { Fabric: ['Silk', 'Polyester satin', 'Cotton'], Occasion: ['Kwanjula', 'Wedding', 'Cultural gala'] } }),
        ],
        specs: { Fabric: ['Wax print cotton'], Occasion: ['Kwanjula', 'Wedding', 'Church', 'Casual Friday', 'Cultural gala'], Tailoring: ['Ready to wear', 'Made to measure in 5 days'] },
        colors: ['Multicolour', 'Royal Blue', 'Gold', 'Emerald', 'Orange', 'Maroon', 'White', 'Purple'],
        sizes: CLOTHING_SIZES,
        keywords: ['kitenge', 'gomesi', 'kanzu', 'ankara', 'african print', 'busuuti', 'kwanjula'],
        tags: ['fashion', 'african-wear', 'made-in-uganda'],
        blurbs: [
          'Celebrate in style with the {name}, cut and sewn in Kampala from vibrant fabric that photographs beautifully.',
          'The {name} is proudly made in Uganda — perfect for a kwanjula, wedding or cultural day.',
        ],
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    icon: 'sofa',
    attributes: ['Brand', 'Color', 'Material'],
    showInBanner: true,
    showInCategories: true,
    weight: 11,
    children: [
      {
        name: 'Furniture',
        icon: 'sofa',
        attributes: ['Material', 'Color'],
        nameFormats: ['{model}', '{brand} {model}'],
        lines: [
          line('Nice House of Plastics', ['Plastic Chair', 'Plastic Table'], 25_000, 120_000, { specs: { Material: ['Plastic'], Assembly: ['Ready to use'] } }),
          line('Ergo Office', ['Mesh Office Chair', 'Office Desk 1.2m', 'Executive Office Chair'], 250_000, 1_200_000, { specs: { Material: ['Metal and mesh', 'Leatherette'] } }),
          line('Kampala Woodworks', ['TV Stand', 'Glass Top Coffee Table'], 300_000, 900_000, { specs: { Material: ['Mahogany', 'Pine', 'Glass and metal'] } }),
          line('Kampala Woodworks', ['6-Seater Dining Set'], 1_500_000, 2_800_000, { specs: { Material: ['Mahogany', 'Pine'] } }),
          line('Victoria Furnitures', ['3-Door Wardrobe', 'Mahogany Bed 5x6', 'Mahogany Bed 6x6 with Drawers'], 1_100_000, 3_800_000, { specs: { Material: ['Mahogany', 'Mvule hardwood'] } }),
          line('Victoria Furnitures', ['Recliner Armchair'], 800_000, 1_500_000, { specs: { Material: ['Fabric and hardwood', 'Leatherette'] } }),
          line('Victoria Furnitures', ['3-Seater Fabric Sofa', '5-Seater L-Shaped Sofa'], 1_800_000, 6_500_000, { specs: { Material: ['Fabric and hardwood', 'Leatherette'] } }),
        ],
        specs: { Assembly: ['Delivered assembled', 'Free assembly in Kampala'] },
        variants: { Color: ['Dark Brown', 'Grey', 'Cream', 'Black', 'Navy Blue', 'Mahogany'] },
        keywords: ['furniture', 'sofa', 'bed', 'dining table', 'office chair', 'wardrobe'],
        tags: ['home', 'furniture', 'living-room'],
        blurbs: [
          'Made to last, the {name} is crafted by skilled carpenters and finished to a high standard.',
          'Give your home a fresh look with the {name}. Free delivery and assembly within Kampala.',
        ],
      },
      {
        name: 'Cookware',
        icon: 'pot',
        attributes: ['Brand', 'Material'],
        lines: [
          line(UNBRANDED, ['Wooden Mingling Stick Set', 'Aluminium Sufuria 10L', 'Charcoal Stove (Sigiri)'], 8_000, 85_000, { specs: { Material: ['Aluminium', 'Clay and steel', 'Wood'] } }),
          line('Royalford', ['Thermos Flask 2L', 'Sufuria Set 5 Pieces', 'Stainless Steel Saucepan Set'], 35_000, 180_000, { specs: { Material: ['Stainless steel', 'Aluminium'] } }),
          line('Pyrex', ['Measuring Jug 1L', 'Glass Baking Dish Set'], 40_000, 160_000, { specs: { Material: ['Borosilicate glass'], 'Suitable for': ['Oven and microwave'] } }),
          line('Prestige', ['Non-Stick Frying Pan 28cm', 'Pressure Cooker 5L', 'Omega Deluxe Cookware Set'], 85_000, 420_000, { specs: { Material: ['Aluminium', 'Stainless steel', 'Non-stick coated aluminium'] } }),
          line('Tefal', ['Non-Stick Frying Pan 24cm', 'Cookware Set 8 Pieces'], 90_000, 550_000, { specs: { Material: ['Non-stick coated aluminium'] } }),
        ],
        specs: { 'Suitable for': ['Gas and electric', 'Gas, electric and charcoal'] },
        keywords: ['sufuria', 'saucepan', 'frying pan', 'pressure cooker', 'cookware', 'flask'],
        tags: ['kitchen', 'cookware', 'cooking'],
        blurbs: [
          'Cook matooke, beans and pilau for the whole family with the {name}: practical, durable and easy to clean.',
          'The {name} is a practical, durable addition to every Ugandan kitchen.',
        ],
      },
      {
        name: 'Small Appliances',
        icon: 'blender',
        attributes: ['Brand', 'Power'],
        modelLabel: 'Model',
        lines: [
          line('Nunix', ['Dry Iron', 'Electric Kettle 1.8L', 'Blender 1.5L'], 45_000, 150_000),
          line('Sayona', ['Hot Plate Single Burner', 'Sandwich Maker', 'Rice Cooker 2.8L'], 55_000, 220_000),
          line('Ramtons', ['Hand Mixer', 'Toaster 2 Slice', 'Juice Extractor'], 90_000, 320_000),
          line('Philips', ['Steam Iron', 'Daily Blender HR2056', 'Air Fryer 4.1L'], 120_000, 650_000),
          line('Samsung', ['Microwave 20L', 'Microwave Grill 28L'], 380_000, 750_000),
        ],
        specs: { Power: ['350W', '600W', '1200W', '1500W', '2000W'], Voltage: ['220–240V'], Warranty: WARRANTY_12 },
        colors: ['White', 'Black', 'Silver', 'Red'],
        keywords: ['blender', 'kettle', 'iron', 'microwave', 'air fryer', 'rice cooker'],
        tags: ['kitchen', 'appliances', 'electricals'],
        blurbs: [
          'Save time in the kitchen with the {name} — powerful, simple to use and built for daily use.',
          'The {name} is a smart buy for a new home or a wedding gift.',
        ],
      },
      {
        name: 'Large Appliances',
        icon: 'fridge',
        attributes: ['Brand', 'Capacity'],
        modelLabel: 'Model',
        lines: [
          line('Von Hotpoint', ['Water Dispenser Hot and Cold', '3 Gas + 1 Electric Cooker', '4 Burner Gas Cooker with Oven'], 480_000, 1_900_000),
          line('Bruhm', ['Single Door Fridge 150L', 'Chest Freezer 200L'], 700_000, 1_400_000),
          line('Hisense', ['Double Door Fridge 205L', 'Bottom Freezer Fridge 264L', 'Chest Freezer 300L'], 950_000, 2_400_000),
          line('Samsung', ['Top Mount Fridge 253L', 'Top Load Washer 9kg'], 1_500_000, 2_900_000),
          line('LG', ['Smart Inverter Fridge 315L', 'Front Load Washing Machine 8kg', 'Side by Side Fridge'], 1_800_000, 6_500_000),
        ],
        specs: { 'Energy Rating': ['A+', 'A++'], 'Voltage Stabiliser': ['Built in', 'Recommended'], Warranty: WARRANTY_24 },
        colors: ['Silver', 'White', 'Black', 'Inox'],
        keywords: ['fridge', 'refrigerator', 'freezer', 'cooker', 'washing machine', 'water dispenser'],
        tags: ['appliances', 'home', 'kitchen'],
        blurbs: [
          'The {name} is energy efficient and quiet, and built to cope with power fluctuations.',
          'Make household chores easier with the {name}. Free delivery within Kampala.',
        ],
      },
      {
        name: 'Bedding & Decor',
        icon: 'bed',
        attributes: ['Size', 'Color'],
        nameFormats: ['{brand} {model}', '{model}'],
        lines: [
          line('SafeNight', ['Treated Mosquito Net Double', 'Rectangular Mosquito Net King'], 18_000, 60_000, { specs: { Material: ['Polyester, insecticide treated'] } }),
          line('Kampala Crafts', ['Banana Fibre Table Mats', 'Woven Sisal Basket Set', 'Wall Art Canvas'], 20_000, 180_000, { specs: { Material: ['Banana fibre', 'Sisal', 'Canvas'], 'Bed Size': [] } }),
          line('Comfort Home', ['Cotton Bedsheet Set 4 Pieces', 'Blackout Curtains 2 Panels', 'Warm Duvet Set'], 45_000, 260_000, { specs: { Material: ['Cotton', 'Polycotton', 'Polyester'] } }),
          line('Vitafoam', ['Pillow Pair'], 25_000, 60_000, { specs: { Material: ['High-density foam'], 'Bed Size': [] }, colors: [] }),
          line('Vitafoam', ['High Density Mattress 5x6', 'Orthopaedic Mattress 6x6'], 350_000, 950_000, { specs: { Material: ['High-density foam'] }, colors: [] }),
        ],
        specs: { 'Bed Size': ['4x6', '5x6', '6x6'] },
        colors: ['White', 'Cream', 'Grey', 'Navy Blue', 'Maroon', 'Floral'],
        keywords: ['bedsheets', 'duvet', 'mattress', 'mosquito net', 'curtains', 'home decor'],
        tags: ['home', 'bedding', 'decor'],
        blurbs: [
          'Sleep well and live comfortably with the {name} — quality you can feel.',
          'The {name} adds warmth and comfort to any room.',
        ],
      },
      {
        name: 'Solar & Power',
        icon: 'solar',
        attributes: ['Brand', 'Capacity'],
        modelLabel: 'Model',
        lines: [
          line('d.light', ['S500 Solar Lantern', 'X850 Home Solar System'], 60_000, 780_000, { specs: { 'Lights Included': ['1 lamp', '3 bulbs'] } }),
          line('Sun King', ['Pro 200 Lantern', 'Home 60 Solar Kit', 'Home 120 Solar Kit with Radio'], 95_000, 950_000, { specs: { 'Lights Included': ['1 lamp', '3 bulbs', '4 bulbs'] } }),
          line('Jinko', ['Monocrystalline Solar Panel 100W', 'Monocrystalline Solar Panel 300W'], 280_000, 850_000),
          line('Luminous', ['Inverter 1.5kVA', 'Solar Battery 200Ah'], 650_000, 2_300_000),
          line('Honda', ['EU22i Generator 2.2kVA'], 2_400_000, 3_600_000, { specs: { 'Payment Plan': ['Cash'] } }),
        ],
        specs: { 'Payment Plan': ['Cash', 'Pay-as-you-go available'], Warranty: ['12 months', '24 months', '5 years'] },
        keywords: ['solar', 'solar panel', 'inverter', 'generator', 'solar lamp', 'battery', 'power backup'],
        tags: ['solar', 'power', 'off-grid'],
        blurbs: [
          'Beat load-shedding with the {name}. Dependable power for lights, phone charging and a TV.',
          'The {name} is ideal for homes and shops upcountry or anywhere the grid is unreliable.',
        ],
      },
    ],
  },
  {
    name: 'Beauty & Health',
    icon: 'lipstick',
    attributes: ['Brand', 'Volume'],
    showInBanner: false,
    showInCategories: true,
    weight: 10,
    children: [
      {
        name: 'Skin Care',
        icon: 'bottle',
        attributes: ['Brand', 'Volume', 'Skin Type'],
        lines: [
          line('Movit', ['Baby Jelly 250g', 'Herbal Skin Cream', 'Cocoa Butter Lotion 400ml'], 3_500, 15_000, { specs: { 'Made In': ['Uganda'] } }),
          line('Vaseline', ['Petroleum Jelly 250ml', 'Intensive Care Cocoa Radiant 400ml'], 9_000, 28_000, { specs: { 'Made In': ['South Africa'] } }),
          line('Nivea', ['Men Creme 150ml', 'Perfect & Radiant Cream 200ml', 'Nourishing Body Lotion 400ml'], 14_000, 35_000, { specs: { 'Made In': ['Kenya', 'Germany'] } }),
          line('Shea Butter Uganda', ['Raw Nilotica Shea Butter 250g', 'Shea and Coconut Body Butter'], 15_000, 45_000, { specs: { 'Made In': ['Uganda'] } }),
          line('Garnier', ['Micellar Cleansing Water 400ml', 'Even & Matte Vitamin C Serum'], 28_000, 65_000, { specs: { 'Made In': ['France'] } }),
          line('CeraVe', ['Hydrating Facial Cleanser 236ml', 'Moisturising Cream 340g'], 75_000, 130_000, { specs: { 'Made In': ['USA'] } }),
        ],
        specs: { 'Skin Type': ['All skin types', 'Dry skin', 'Oily skin', 'Sensitive skin'] },
        keywords: ['lotion', 'body cream', 'moisturiser', 'skincare', 'jelly', 'shea butter'],
        tags: ['beauty', 'skincare', 'personal-care'],
        blurbs: [
          'The {name} keeps your skin soft and glowing even in the dry season.',
          'Gentle and long-lasting, {name} is a household favourite — 100% genuine {brand} product.',
        ],
      },
      {
        name: 'Hair Care',
        icon: 'jar',
        attributes: ['Brand', 'Hair Type'],
        lines: [
          line('Movit', ['Hair Food 250g', 'Coconut Hair Oil', 'Hair Relaxer Kit'], 4_000, 18_000),
          line('ORS', ['Olive Oil Edge Control', 'Olive Oil Hair Lotion'], 18_000, 38_000),
          line('Dark and Lovely', ['Au Naturale Curl Cream', 'Relaxer Kit Regular'], 18_000, 40_000),
          line('Cantu', ['Coconut Curling Cream', 'Shea Butter Leave-In Conditioner'], 38_000, 75_000),
          line('Darling', ['Super Star Braids', 'Hair Sensation Weave'], 8_000, 45_000, { specs: { 'Hair Type': ['Synthetic fibre'] }, colors: ['Natural Black', 'Brown', 'Burgundy', 'Blonde'] }),
          line('Darling', ['Lace Front Wig'], 120_000, 380_000, { specs: { 'Hair Type': ['Synthetic fibre', 'Human hair blend'] }, colors: ['Natural Black', 'Brown', 'Burgundy', 'Blonde'] }),
        ],
        specs: { 'Hair Type': ['Natural hair', 'Relaxed hair', 'All hair types'] },
        keywords: ['hair food', 'relaxer', 'braids', 'wig', 'conditioner', 'hair oil'],
        tags: ['beauty', 'hair', 'salon'],
        blurbs: [
          'The {name} gives you healthy, beautiful hair — a salon favourite in Kampala.',
          'Get the look you want with the {name}.',
        ],
      },
      {
        name: 'Makeup',
        icon: 'lipstick',
        attributes: ['Brand', 'Shade'],
        lines: [
          line('Zaron', ['Matte Lipstick', 'Liquid Foundation', 'Eyeshadow Palette'], 25_000, 90_000),
          line('Sleek', ['Lip VIP Lipstick', 'Face Form Contour Kit'], 30_000, 85_000),
          line('Maybelline', ['Lash Sensational Mascara', 'SuperStay Matte Ink Lipstick', 'Fit Me Foundation'], 35_000, 85_000),
          line('Black Opal', ['Oil Absorbing Powder', 'True Color Stick Foundation'], 45_000, 95_000),
          line("L'Oréal", ['Color Riche Lipstick', 'Infallible 24H Foundation'], 55_000, 110_000),
        ],
        specs: { Finish: ['Matte', 'Satin', 'Natural', 'Dewy'] },
        colors: ['Mocha', 'Espresso', 'Caramel', 'Ruby Red', 'Nude', 'Berry', 'Coral'],
        keywords: ['makeup', 'lipstick', 'foundation', 'mascara', 'powder', 'cosmetics'],
        tags: ['beauty', 'makeup', 'cosmetics'],
        blurbs: [
          'Long-wearing colour for dark and brown skin tones: the {name} stays put from morning meeting to evening function.',
          'The {name} blends easily and gives a flawless finish. Genuine {brand} stock.',
        ],
      },
      {
        name: 'Fragrances',
        icon: 'perfume',
        attributes: ['Brand', 'Volume'],
        nameFormats: ['{brand} {model} {Volume}', '{brand} {model}'],
        lines: [
          line('Nivea', ['Men Deep Roll-On', 'Pearl & Beauty Deodorant Spray'], 9_000, 18_000, { specs: { Volume: ['50ml', '150ml'] } }),
          line('Fogg', ['Body Spray Marco', 'Body Spray Scent Xpressio'], 14_000, 26_000, { specs: { Volume: ['120ml', '150ml'] } }),
          line('Lattafa', ['Oud Mood', 'Asad Eau de Parfum', 'Khamrah Eau de Parfum'], 85_000, 180_000),
          line('Dior', ['Sauvage Eau de Toilette', "J'adore Eau de Parfum"], 380_000, 680_000),
          line('Chanel', ['Bleu de Chanel', 'Coco Mademoiselle Eau de Parfum'], 450_000, 750_000),
        ],
        specs: { Volume: ['50ml', '100ml'], 'Scent Family': ['Woody', 'Floral', 'Oriental', 'Fresh'] },
        keywords: ['perfume', 'fragrance', 'cologne', 'body spray', 'deodorant', 'oud'],
        tags: ['beauty', 'fragrance', 'gifts'],
        blurbs: [
          'The {name} leaves a lasting impression — rich, long-lasting and 100% original.',
          'A beautiful gift for birthdays and Valentine’s, {name} is sealed and authentic.',
        ],
      },
      {
        name: 'Health & Personal Care',
        icon: 'pills',
        attributes: ['Brand', 'Pack Size'],
        lines: [
          line('Always', ['Ultra Thin Pads (8 pack)', 'Maxi Thick Pads (7 pack)'], 3_500, 8_000),
          line('Colgate', ['Herbal Toothpaste 100g', 'Maximum Cavity Protection 140g'], 4_500, 9_000),
          line('Dettol', ['Original Soap 175g', 'Antiseptic Liquid 500ml', 'Hand Sanitiser 500ml'], 3_500, 24_000),
          line('Gillette', ['Blue II Razors (5 pack)', 'Mach3 Razor'], 7_000, 45_000),
          line('Healthy U', ['Vitamin C 1000mg (30 tablets)', 'Multivitamin Gummies'], 25_000, 75_000),
          line('Omron', ['Digital Thermometer', 'Digital Blood Pressure Monitor M2'], 25_000, 280_000, { specs: { 'Shelf Life': [], Warranty: ['12 months', '24 months'] } }),
        ],
        specs: { 'Shelf Life': ['12 months', '24 months', '36 months'] },
        keywords: ['toothpaste', 'soap', 'sanitiser', 'pads', 'razors', 'blood pressure', 'vitamins'],
        tags: ['health', 'personal-care', 'hygiene'],
        blurbs: [
          'Daily essentials you can trust: the {name} is sourced from authorised distributors.',
          'Take care of yourself and your family with the {name}.',
        ],
      },
    ],
  },
  {
    name: 'Supermarket',
    icon: 'grocery',
    attributes: ['Brand', 'Weight'],
    showInBanner: true,
    showInCategories: true,
    weight: 11,
    children: [
      {
        name: 'Food Cupboard',
        icon: 'sack',
        attributes: ['Brand', 'Weight'],
        lines: [
          line('Kensalt', ['Iodised Salt 500g', 'Iodised Salt 1kg'], 1_500, 3_500),
          line('Maganjo', ['Maize Flour (Posho) 2kg', 'Millet Flour 1kg'], 4_500, 8_000),
          line('Kakira', ['Brown Sugar 1kg', 'White Sugar 1kg'], 5_000, 7_000, { metric: 'Kg' }),
          line('Kinyara', ['Sugar 1kg'], 5_000, 6_500, { metric: 'Kg' }),
          line('Kakira', ['Brown Sugar 2kg'], 10_000, 13_000),
          line('Kakira', ['Brown Sugar 5kg'], 25_000, 31_000),
          line('Azam', ['Wheat Flour 2kg'], 7_000, 9_500),
          line('Azam', ['Wheat Flour 5kg'], 16_000, 20_000),
          line('Mukwano', ['Vegetable Cooking Oil 1L'], 8_500, 10_500, { metric: 'Litre' }),
          line('Mukwano', ['Vegetable Cooking Oil 3L'], 24_000, 29_000),
          line('Mukwano', ['Vegetable Cooking Oil 5L'], 38_000, 46_000),
          line('Bidco', ['Kimbo Cooking Fat 1kg', 'Golden Fry Cooking Oil 2L'], 12_000, 24_000),
          line('Daawat', ['Super Rice 5kg', 'Basmati Rice 5kg'], 25_000, 60_000),
        ],
        specs: { 'Shelf Life': ['6 months', '12 months', '18 months'], 'Made In': ['Uganda'] },
        keywords: ['sugar', 'cooking oil', 'rice', 'posho', 'maize flour', 'salt', 'groceries'],
        tags: ['supermarket', 'food', 'groceries'],
        blurbs: [
          'Stock the kitchen with {name} — a trusted name in Ugandan homes and restaurants.',
          'Buy {name} online and skip the Kikuubo queues. Delivered to your door.',
        ],
      },
      {
        name: 'Beverages',
        icon: 'drink',
        attributes: ['Brand', 'Volume'],
        lines: [
          line('Riham', ['Mango Juice 1L', 'Cola 2L'], 4_000, 6_500),
          line('Coca-Cola', ['Classic 2L', 'Zero Sugar 2L'], 5_500, 7_000),
          line('Fanta', ['Orange 2L', 'Passion 2L'], 5_500, 7_000),
          line('Minute Maid', ['Apple Juice 1L', 'Tropical Juice 1L'], 6_000, 9_000, { metric: 'Litre' }),
          line('Rwenzori', ['Mineral Water 5L'], 7_000, 9_500),
          line('Kericho Gold', ['Pure Tea Bags (100)', 'Loose Tea 500g'], 8_000, 18_000),
          line('Good African', ['Instant Coffee 50g', 'Roast and Ground Coffee 250g'], 12_000, 28_000),
          line('Riham', ['Apple Juice 300ml x 12'], 12_000, 16_000, { metric: 'Pack' }),
          line('Rwenzori', ['Mineral Water 500ml x 24', 'Mineral Water 1.5L x 12'], 18_000, 28_000, { metric: 'Pack' }),
          line('Coca-Cola', ['Classic 500ml x 12'], 20_000, 26_000, { metric: 'Pack' }),
          line('Sprite', ['Lemon-Lime 500ml x 12'], 20_000, 26_000, { metric: 'Pack' }),
          line('Nile Breweries', ['Nile Special 500ml (Crate of 25)', 'Club Pilsener 500ml (Crate of 25)'], 65_000, 90_000, { metric: 'Pack' }),
        ],
        specs: { 'Shelf Life': ['6 months', '9 months', '12 months'], 'Made In': ['Uganda', 'Kenya'] },
        keywords: ['water', 'soda', 'juice', 'coffee', 'tea', 'drinks', 'beer'],
        tags: ['supermarket', 'drinks', 'beverages'],
        blurbs: [
          'Keep the fridge stocked for visitors and parties with {name}.',
          'Refreshing and always in stock — {name}, delivered to your door.',
        ],
      },
      {
        name: 'Dairy & Breakfast',
        icon: 'carton',
        attributes: ['Brand', 'Volume'],
        lines: [
          line('Fresh Dairy', ['Fresh Milk 500ml', 'UHT Milk 500ml'], 1_800, 2_800),
          line('Lato', ['UHT Milk 500ml'], 2_000, 2_800),
          line('Jesa', ['Fresh Milk 1L', 'Vanilla Yoghurt 500ml', 'Plain Yoghurt 1L'], 3_000, 9_000, { metric: 'Litre' }),
          line('Fresh Dairy', ['UHT Milk 1L', 'Strawberry Yoghurt 500ml'], 3_500, 5_500),
          line('Blue Band', ['Original Margarine 250g', 'Original Margarine 500g'], 4_000, 9_500),
          line('Hot Loaf', ['Brown Bread 600g', 'White Bread 1kg'], 4_500, 8_000),
          line('Weetabix', ['Breakfast Cereal 430g'], 14_000, 20_000),
          line('Nestlé', ['Cerelac Maize 400g', 'NIDO Full Cream Milk Powder 400g'], 16_000, 32_000),
          line('Fresh Dairy', ['Ghee 500g'], 16_000, 22_000),
          line('Lato', ['Cheddar Cheese 250g'], 18_000, 25_000),
        ],
        specs: { Storage: ['Keep refrigerated', 'Store in a cool dry place'] },
        keywords: ['milk', 'yoghurt', 'bread', 'margarine', 'cheese', 'breakfast', 'cereal'],
        tags: ['supermarket', 'dairy', 'breakfast'],
        blurbs: [
          'Start the day right with {name} — made to high standards and delivered fresh.',
          '{name} is a breakfast-table favourite. Same-day delivery within Kampala.',
        ],
      },
      {
        name: 'Household Cleaning',
        icon: 'spray',
        attributes: ['Brand', 'Size'],
        lines: [
          line('Vim', ['Scouring Powder 500g', 'Dishwashing Liquid 750ml'], 3_500, 9_000),
          line('Mukwano', ['Star Detergent 500g', 'White Star Bar Soap 1kg'], 4_000, 7_500),
          line('Nomi', ['Multipurpose Bar Soap 800g', 'Detergent Powder 1kg'], 4_500, 9_000),
          line('Jik', ['Regular Bleach 750ml', 'Lemon Bleach 1.5L'], 5_000, 10_000),
          line('Doom', ['Mosquito Coils (10)', 'Multi Insect Killer 300ml'], 5_000, 15_000),
          line('Harpic', ['Power Plus Toilet Cleaner 500ml'], 8_000, 12_000),
          line('Omo', ['Washing Powder 1kg', 'Multi-Active Liquid 1L'], 8_000, 14_000),
          line('Omo', ['Washing Powder 3kg'], 24_000, 32_000),
        ],
        specs: { Scent: ['Lemon', 'Original', 'Lavender', 'Pine'] },
        keywords: ['detergent', 'soap', 'bleach', 'washing powder', 'cleaning', 'insecticide'],
        tags: ['supermarket', 'cleaning', 'household'],
        blurbs: [
          'Tough on dirt and kind on your budget, {name} keeps the home spotless.',
          '{name}: the cleaning essential every home needs. Buy in bulk and save.',
        ],
      },
      {
        name: 'Snacks & Confectionery',
        icon: 'packet',
        attributes: ['Brand', 'Weight'],
        lines: [
          line('Britania', ['Glucose Biscuits 12 pack', 'Cookies Assorted 300g'], 3_500, 12_000),
          line('Tropical Heat', ['Masala Crisps 100g', 'Salted Crisps 150g'], 4_000, 8_500),
          line('Riham', ['Chocolate Wafers', 'Cream Biscuits 24 pack'], 5_000, 18_000),
          line('Cadbury', ['Dairy Milk 80g', 'Éclairs 200g', 'Dairy Milk Fruit & Nut 150g'], 5_500, 22_000),
          line('Daily Roast', ['Roasted Groundnuts 500g'], 6_000, 9_000),
          line('Daily Roast', ['Cashew Nuts 250g'], 15_000, 24_000),
          line('Pringles', ['Original 165g', 'Sour Cream & Onion 165g'], 14_000, 19_000),
        ],
        specs: { 'Shelf Life': ['6 months', '9 months', '12 months'] },
        keywords: ['biscuits', 'chocolate', 'crisps', 'snacks', 'groundnuts', 'sweets'],
        tags: ['supermarket', 'snacks', 'treats'],
        blurbs: [
          'A treat for the office, the road trip or the children’s lunchbox: {name}.',
          'Crunchy, tasty and always fresh — {name}.',
        ],
      },
    ],
  },
  {
    name: 'Baby & Kids',
    icon: 'babybottle',
    attributes: ['Brand', 'Age'],
    showInBanner: false,
    showInCategories: true,
    weight: 6,
    children: [
      {
        name: 'Diapers & Wipes',
        icon: 'diaper',
        attributes: ['Brand', 'Diaper Size'],
        metric: 'Pack',
        nameFormats: ['{brand} {model} {Diaper Size}'],
        lines: [
          line('Pampers', ['Sensitive Baby Wipes (56)', 'Fresh Clean Wipes (64)'], 6_000, 15_000, { specs: { 'Diaper Size': [], Count: [] }, nameFormats: ['{brand} {model}'] }),
          line('Softcare', ['Baby Pants', 'Baby Diapers Jumbo Pack'], 18_000, 42_000),
          line('Molfix', ['Diapers Mega Pack'], 28_000, 55_000),
          line('Huggies', ['Dry Comfort Diapers', 'Pull-Ups Pants'], 30_000, 78_000),
          line('Pampers', ['Baby-Dry Diapers', 'Premium Care Pants'], 32_000, 85_000),
        ],
        specs: { 'Diaper Size': ['Size 1 (2–5kg)', 'Size 2 (3–6kg)', 'Size 3 (6–10kg)', 'Size 4 (9–14kg)', 'Size 5 (11–16kg)'], Count: ['28', '44', '62', '80'] },
        keywords: ['diapers', 'pampers', 'huggies', 'baby wipes', 'nappies', 'pants'],
        tags: ['baby', 'diapers', 'essentials'],
        blurbs: [
          'Soft, gentle and dependable, {name} keeps baby clean and comfortable all day.',
          '{name} is a favourite with Kampala mums — buy in bulk and never run out.',
        ],
      },
      {
        name: 'Baby Feeding',
        icon: 'babybottle',
        attributes: ['Brand', 'Age'],
        lines: [
          line('Tommee Tippee', ['Weaning Spoon Set', 'Closer to Nature Bottle'], 18_000, 55_000),
          line('Nestlé', ['Cerelac Wheat 400g', 'Lactogen 2 400g', 'NAN 1 Infant Formula 400g'], 17_000, 58_000),
          line('Chicco', ['Sippy Cup 200ml'], 22_000, 45_000),
          line('Philips Avent', ['Natural Feeding Bottle 260ml', 'Anti-Colic Bottle Twin Pack'], 28_000, 75_000),
          line('Philips Avent', ['Bottle Steriliser'], 180_000, 320_000),
          line('Chicco', ['Baby Feeding Chair'], 250_000, 380_000),
        ],
        specs: { Age: ['0–6 months', '6–12 months', '1–3 years'] },
        keywords: ['feeding bottle', 'baby formula', 'cerelac', 'sippy cup', 'high chair', 'steriliser'],
        tags: ['baby', 'feeding', 'mum'],
        blurbs: [
          'Make feeding time easier with the {name}, trusted by parents everywhere.',
          'The {name} is safe, convenient and loved by parents.',
        ],
      },
      {
        name: 'Toys & Games',
        icon: 'blocks',
        attributes: ['Brand', 'Age'],
        lines: [
          line('Kampala Crafts', ['Banana Fibre Doll', 'Handmade Wooden Toy Car'], 15_000, 45_000, { specs: { Material: ['Wood', 'Banana fibre'] } }),
          line('Mattel', ['UNO Card Game', 'Hot Wheels 10 Car Pack', 'Barbie Dreamtopia Doll'], 18_000, 180_000),
          line(UNBRANDED, ['Wooden Alphabet Puzzle', 'Building Blocks 100 Pieces'], 25_000, 70_000),
          line(UNBRANDED, ['Remote Control Racing Car'], 80_000, 180_000),
          line('LEGO', ['DUPLO Number Train', 'Classic Creative Brick Box', 'City Police Station'], 95_000, 650_000),
          line(UNBRANDED, ['Kids Ride-On Car 12V'], 550_000, 1_200_000),
        ],
        specs: { Age: ['1–3 years', '3–5 years', '5–8 years', '8+ years'], Material: ['Plastic', 'Wood', 'Fabric'] },
        keywords: ['toys', 'lego', 'doll', 'toy car', 'puzzle', 'educational toys', 'christmas gift'],
        tags: ['kids', 'toys', 'gifts'],
        blurbs: [
          'Hours of fun and learning with the {name} — a perfect birthday or Christmas present.',
          'The {name} helps children build creativity, coordination and problem-solving skills.',
        ],
      },
      {
        name: "Kids' Clothing",
        icon: 'shirt',
        attributes: ['Size', 'Color'],
        modelLabel: 'Style',
        lines: [
          line('Uniform Hub', ['School Shorts', 'School Shirt', 'School Dress', 'School Sweater'], 15_000, 55_000),
          line('Mr Price Kids', ['Cotton T-Shirt 3 Pack', 'Denim Dungarees', 'Party Dress'], 25_000, 90_000),
          line('Nalongo Designs', ['Boys Kitenge Shirt', 'Kids Kitenge Dress'], 30_000, 75_000, { specs: { Material: ['Wax print cotton'] } }),
          line("Carter's", ['Sleep Suit', 'Baby Bodysuits 5 Pack'], 35_000, 110_000),
        ],
        specs: { Material: ['100% Cotton', 'Cotton blend', 'Polyester'] },
        colors: ['White', 'Navy Blue', 'Pink', 'Yellow', 'Green', 'Red', 'Maroon', 'Sky Blue'],
        sizes: KIDS_SIZES,
        keywords: ['kids clothes', 'baby clothes', 'school uniform', 'children', 'rompers'],
        tags: ['kids', 'clothing', 'back-to-school'],
        blurbs: [
          'Soft, durable and easy to wash: the {name} keeps up with active children.',
          'The {name} is made for comfort, with room to grow.',
        ],
      },
      {
        name: 'Baby Gear',
        icon: 'stroller',
        attributes: ['Brand', 'Color'],
        modelLabel: 'Model',
        lines: [
          line(UNBRANDED, ['Baby Bather', 'Bouncer Chair'], 45_000, 220_000),
          line('Baby Trend', ['Baby Carrier', 'Foldable Baby Cot'], 90_000, 650_000),
          line('Chicco', ['Baby Walker'], 180_000, 280_000),
          line('Chicco', ['Liteway Stroller', 'KeyFit Car Seat'], 550_000, 1_300_000),
          line('Graco', ['Pack n Play Playard', 'Travel System Pram'], 650_000, 1_600_000),
        ],
        specs: { 'Suitable From': ['Birth', '6 months', '9 months'], 'Max Weight': ['13kg', '15kg', '22kg'] },
        colors: ['Grey', 'Black', 'Navy Blue', 'Pink', 'Beige'],
        keywords: ['stroller', 'pram', 'car seat', 'baby cot', 'baby walker', 'carrier'],
        tags: ['baby', 'gear', 'travel'],
        blurbs: [
          'Safe, sturdy and simple to use, the {name} makes life with baby easier.',
          'The {name} is built to international safety standards for peace of mind.',
        ],
      },
    ],
  },
  {
    name: 'Sports & Outdoors',
    icon: 'ball',
    attributes: ['Brand', 'Size'],
    showInBanner: false,
    showInCategories: true,
    weight: 5,
    children: [
      {
        name: 'Fitness Equipment',
        icon: 'dumbbell',
        attributes: ['Brand'],
        lines: [
          line('Reebok', ['Skipping Rope', 'Ab Wheel', 'Aerobic Step'], 18_000, 180_000),
          line('Domyos', ['Resistance Bands Set', 'Yoga Mat 8mm', 'Kettlebell 12kg', 'Adjustable Dumbbell Set 20kg'], 25_000, 420_000),
          line('Marshal Fitness', ['Exercise Bike', 'Motorised Treadmill', 'Multi-Station Home Gym'], 950_000, 5_500_000, { specs: { 'Max User Weight': ['100kg', '120kg', '150kg'], Warranty: ['12 months'] } }),
        ],
        specs: { 'Suitable For': ['Home workouts', 'Gym use', 'Beginners and pros'] },
        keywords: ['gym', 'fitness', 'dumbbells', 'treadmill', 'yoga mat', 'exercise'],
        tags: ['sports', 'fitness', 'home-gym'],
        blurbs: [
          'Train at home on your own schedule with the {name}.',
          'The {name} is sturdy, safe and built for regular workouts.',
        ],
      },
      {
        name: 'Football',
        icon: 'ball',
        attributes: ['Brand', 'Size'],
        nameFormats: ['{brand} {model}'],
        lines: [
          line('Uganda Cranes', ['Supporters Scarf', 'Away Jersey 2026', 'Home Jersey 2026'], 25_000, 180_000, { sizes: ['S', 'M', 'L', 'XL', 'XXL'] }),
          line('Mitre', ['Impel Training Ball', 'Delta Match Ball'], 45_000, 180_000, { specs: { 'Ball Size': ['Size 4', 'Size 5'] } }),
          line('Adidas', ['Arsenal Home Jersey 2026', 'Manchester United Home Jersey 2026', 'Liverpool Home Jersey 2026'], 60_000, 250_000, { sizes: ['S', 'M', 'L', 'XL', 'XXL'] }),
          line('Nike', ['Chelsea Away Jersey 2026'], 60_000, 250_000, { sizes: ['S', 'M', 'L', 'XL', 'XXL'] }),
          line('Nike', ['Shin Guards', 'Academy Football'], 25_000, 110_000),
          line('Adidas', ['Tiro Goalkeeper Gloves', 'Al Rihla Training Ball'], 55_000, 180_000),
          line('Puma', ['Orbita Match Ball'], 75_000, 160_000),
          line('Puma', ['Future Football Boots'], 220_000, 450_000, { sizes: ['39', '40', '41', '42', '43', '44', '45'] }),
          line('Nike', ['Mercurial Vapor Boots'], 250_000, 600_000, { sizes: ['39', '40', '41', '42', '43', '44', '45'] }),
          line('Adidas', ['Predator Football Boots'], 250_000, 650_000, { sizes: ['39', '40', '41', '42', '43', '44', '45'] }),
        ],
        specs: { Material: ['Synthetic leather', 'Polyester', 'Latex'] },
        keywords: ['football', 'soccer', 'boots', 'jersey', 'cranes', 'ball'],
        tags: ['sports', 'football', 'team'],
        blurbs: [
          'From Sunday kickabouts to league matches, the {name} is ready for action.',
          'Support your team or up your game with the {name}.',
        ],
      },
      {
        name: 'Sportswear',
        icon: 'shoe',
        attributes: ['Brand', 'Size', 'Color'],
        modelLabel: 'Style',
        lines: [
          line('Adidas', ['Essentials Shorts', '3-Stripes Tracksuit'], 70_000, 280_000),
          line('Nike', ['Dri-FIT Running T-Shirt', 'Club Fleece Joggers'], 80_000, 220_000),
          line('Under Armour', ['Sports Bra', 'HeatGear Compression Shirt'], 85_000, 220_000),
          line('Puma', ['Training Hoodie'], 90_000, 180_000),
          line('Puma', ['Velocity Nitro Running Shoes'], 250_000, 420_000, { sizes: SHOE_SIZES }),
          line('Nike', ['Pegasus 41 Running Shoes'], 350_000, 550_000, { sizes: SHOE_SIZES }),
          line('Adidas', ['Ultraboost Running Shoes'], 450_000, 650_000, { sizes: SHOE_SIZES }),
        ],
        specs: { Material: ['Polyester', 'Cotton blend', 'Mesh', 'Elastane blend'], Gender: ['Men', 'Women', 'Unisex'] },
        colors: ['Black', 'White', 'Grey', 'Navy Blue', 'Red', 'Lime'],
        sizes: CLOTHING_SIZES,
        keywords: ['sportswear', 'tracksuit', 'running shoes', 'gym clothes', 'jogging'],
        tags: ['sports', 'sportswear', 'running'],
        blurbs: [
          'Lightweight and breathable, the {name} keeps you cool on the Kololo morning run.',
          'The {name} is designed for movement — train harder, recover faster.',
        ],
      },
      {
        name: 'Bicycles',
        icon: 'bicycle',
        attributes: ['Brand', 'Wheel Size'],
        modelLabel: 'Model',
        lines: [
          line(UNBRANDED, ['Bicycle Lock and Chain', 'Bicycle Helmet', 'Kids Balance Bike'], 25_000, 220_000, { specs: { 'Wheel Size': [], Gears: [] } }),
          line('Raleigh', ['Kids Bicycle'], 250_000, 400_000, { specs: { 'Wheel Size': ['16 inches', '20 inches'], Gears: ['Single speed'] } }),
          line('Raleigh', ['Mountain Bike 21 Speed'], 750_000, 1_200_000, { specs: { 'Wheel Size': ['26 inches'], Gears: ['21 speed'] } }),
          line('Phoenix', ['Roadster Bicycle', 'Heavy Duty Carrier Bicycle'], 420_000, 680_000, { specs: { 'Wheel Size': ['28 inches'], Gears: ['Single speed'] } }),
          line('Giant', ['Escape City Bike', 'Talon Mountain Bike'], 1_800_000, 3_800_000),
        ],
        specs: { 'Wheel Size': ['16 inches', '20 inches', '26 inches', '28 inches'], Gears: ['Single speed', '7 speed', '21 speed'] },
        colors: ['Black', 'Red', 'Blue', 'Green'],
        keywords: ['bicycle', 'bike', 'mountain bike', 'cycling', 'kids bike'],
        tags: ['sports', 'cycling', 'outdoors'],
        blurbs: [
          'Built for Ugandan roads, the {name} is strong, low-maintenance and dependable.',
          'Ride to work, school or the weekend trails with the {name}.',
        ],
      },
      {
        name: 'Outdoor & Camping',
        icon: 'tent',
        attributes: ['Brand', 'Capacity'],
        lines: [
          line(UNBRANDED, ['Water Bottle 1L', 'Rechargeable Camping Lantern', 'Hammock'], 15_000, 120_000),
          line('Coleman', ['Camping Chair', 'Cooler Box 48L', 'Dome Tent 4-Person'], 65_000, 850_000),
          line('Quechua', ['Sleeping Bag', 'Hiking Backpack 40L', '2 Second Easy Tent 3-Person'], 85_000, 650_000),
        ],
        specs: { Material: ['Polyester', 'Nylon', 'Steel frame', 'Stainless steel'] },
        colors: ['Green', 'Blue', 'Grey', 'Orange'],
        keywords: ['camping', 'tent', 'hiking', 'cooler box', 'sleeping bag', 'outdoor'],
        tags: ['outdoors', 'camping', 'travel'],
        blurbs: [
          'Planning a trip to Murchison Falls or Sipi? Pack the {name}.',
          'The {name} is tough, light and ready for adventure.',
        ],
      },
    ],
  },
  {
    name: 'Automotive',
    icon: 'car',
    attributes: ['Brand', 'Vehicle Type'],
    showInBanner: false,
    showInCategories: false,
    weight: 4,
    children: [
      {
        name: 'Car Electronics',
        icon: 'speaker',
        attributes: ['Brand'],
        modelLabel: 'Model',
        lines: [
          line(UNBRANDED, ['Dual USB Car Charger', 'Bluetooth FM Transmitter', 'Reverse Parking Camera'], 15_000, 220_000),
          line('70mai', ['Dash Cam M300', 'Dash Cam A500S'], 160_000, 480_000),
          line('Pioneer', ['MVH-S215BT Car Stereo', 'TS-A6960F Car Speakers', 'DMH-A245BT Touchscreen Receiver'], 180_000, 950_000),
          line('Sony', ['DSX-A410BT Media Receiver', 'XAV-AX3200 CarPlay Receiver'], 250_000, 1_300_000),
        ],
        specs: { Compatibility: ['Universal single DIN', 'Universal double DIN', 'All vehicles'], Warranty: WARRANTY_12 },
        keywords: ['car radio', 'car stereo', 'dash cam', 'reverse camera', 'car charger'],
        tags: ['automotive', 'car-electronics'],
        blurbs: [
          'Upgrade your ride with the {name} — easy to fit at any Kampala car accessories shop.',
          'Safer, smarter driving with the {name}.',
        ],
      },
      {
        name: 'Tyres & Wheels',
        icon: 'tyre',
        attributes: ['Brand', 'Tyre Size'],
        nameFormats: ['{brand} {model} {Tyre Size}'],
        lines: [
          line('Hankook', ['Kinergy Eco 2', 'Dynapro HT'], 250_000, 700_000),
          line('Dunlop', ['SP Touring R1', 'Grandtrek AT3'], 280_000, 780_000),
          line('Yokohama', ['BluEarth ES32', 'Geolandar A/T'], 300_000, 820_000),
          line('Bridgestone', ['Ecopia EP150', 'Dueler H/T'], 320_000, 850_000),
          line('Michelin', ['Energy XM2+', 'LTX Force'], 380_000, 950_000),
        ],
        specs: { 'Tyre Size': ['175/70 R14', '185/65 R15', '195/65 R15', '205/55 R16', '265/65 R17'], 'Vehicle Type': ['Saloon', 'SUV', 'Pickup'] },
        keywords: ['tyres', 'tires', 'wheels', 'car tyres', 'suv tyres', 'rims'],
        tags: ['automotive', 'tyres'],
        blurbs: [
          'Grip the road, rain or shine, with the {name}. Free fitting and balancing at our Kampala partner garages.',
          'The {name} offers a quiet ride, long tread life and strong sidewalls for murram roads.',
        ],
      },
      {
        name: 'Car Care',
        icon: 'spray',
        attributes: ['Brand'],
        lines: [
          line(UNBRANDED, ['Car Air Freshener', 'Rubber Floor Mats', 'Car Seat Covers Set', 'Portable Car Vacuum Cleaner'], 8_000, 250_000),
          line('Turtle Wax', ['Dash & Glass Cleaner', 'Car Wash Shampoo 1L', 'Super Hard Shell Wax'], 25_000, 85_000),
          line('Armor All', ['Tyre Shine', 'Protectant Spray'], 28_000, 65_000),
          line("Meguiar's", ['Gold Class Car Wash', 'Ultimate Quik Detailer'], 45_000, 120_000),
        ],
        specs: { 'Suitable For': ['All vehicles', 'Saloon cars', 'SUVs'] },
        keywords: ['car wash', 'car wax', 'seat covers', 'floor mats', 'air freshener', 'car care'],
        tags: ['automotive', 'car-care'],
        blurbs: [
          'Keep your car looking showroom-new with the {name}.',
          'The {name} protects against Kampala dust, sun and rain.',
        ],
      },
      {
        name: 'Motorcycle Accessories',
        icon: 'helmet',
        attributes: ['Brand', 'Size'],
        lines: [
          line('Bajaj', ['Side Mirrors Pair', 'Boxer Brake Pads', 'Boxer Chain Sprocket Kit'], 15_000, 120_000, { specs: { Fits: ['Bajaj Boxer 100/150'] } }),
          line('Safe Boda', ['Reflective Jacket', 'Full Face Helmet'], 25_000, 220_000, { specs: { Certification: ['DOT certified'] }, sizes: ['S', 'M', 'L', 'XL'] }),
          line('TVS', ['HLX Clutch Plates', 'Motorcycle Battery 12V'], 35_000, 140_000, { specs: { Fits: ['TVS HLX 125', 'Most 100–150cc motorcycles'] } }),
          line('LS2', ['Open Face Helmet', 'Rapid Full Face Helmet'], 180_000, 450_000, { specs: { Certification: ['ECE 22.05'] }, sizes: ['S', 'M', 'L', 'XL'] }),
        ],
        specs: { Warranty: ['None', '3 months', '6 months'] },
        keywords: ['helmet', 'boda boda', 'motorcycle', 'spare parts', 'reflector'],
        tags: ['automotive', 'motorcycle', 'boda'],
        blurbs: [
          'Ride safe and keep earning with the {name} — made for boda boda riders.',
          'Quality that lasts on Ugandan roads: the {name}.',
        ],
      },
      {
        name: 'Oils & Fluids',
        icon: 'jerrycan',
        attributes: ['Brand', 'Volume'],
        metric: 'Litre',
        nameFormats: ['{brand} {model} {Volume}'],
        lines: [
          line('Castrol', ['Brake Fluid DOT 4'], 15_000, 25_000, { specs: { Volume: ['500ml'], 'Suitable For': ['All vehicles'] } }),
          line('TotalEnergies', ['Hi-Perf 4T Motorcycle Oil'], 20_000, 30_000, { specs: { Volume: ['1L'], 'Suitable For': ['Motorcycles'] } }),
          line('Shell', ['Advance AX5 4T'], 20_000, 28_000, { specs: { Volume: ['1L'], 'Suitable For': ['Motorcycles'] } }),
          line('Castrol', ['GTX 20W-50', 'Magnatec 5W-30'], 110_000, 175_000),
          line('Mobil', ['Super 2000 10W-40', 'Delvac MX 15W-40'], 115_000, 180_000),
          line('TotalEnergies', ['Quartz 7000 10W-40', 'Quartz 9000 5W-40'], 120_000, 185_000),
          line('Shell', ['Helix HX7 10W-40', 'Rimula R4 15W-40'], 125_000, 190_000),
        ],
        specs: { Volume: ['4L', '5L'], 'Suitable For': ['Petrol engines', 'Diesel engines'] },
        keywords: ['engine oil', 'motor oil', 'lubricant', 'brake fluid', 'coolant', 'service'],
        tags: ['automotive', 'oils', 'service'],
        blurbs: [
          'Protect your engine with {name}, trusted by mechanics across Uganda.',
          '{name} keeps your vehicle running smoothly between services.',
        ],
      },
    ],
  },
  {
    name: 'Books & Stationery',
    icon: 'book',
    attributes: ['Author', 'Publisher'],
    showInBanner: false,
    showInCategories: true,
    weight: 4,
    children: [
      {
        name: 'Textbooks',
        icon: 'books',
        attributes: ['Publisher', 'Class'],
        brandLabel: 'Publisher',
        nameFormats: ['{brand} {model}'],
        lines: [
          line('MK', ['Social Studies P.6', 'Primary English Book 4', 'Primary Mathematics Pupil’s Book 5', 'Primary Mathematics Pupil’s Book 7'], 15_000, 28_000),
          line('Fountain', ['Primary Science Pupil’s Book 6', 'Primary Integrated Science P.7', 'Comprehensive Biology S.3'], 18_000, 45_000),
          line('Longhorn', ['New Curriculum Physics S.1', 'Secondary Chemistry S.2', 'Mathematics for Uganda S.4'], 25_000, 55_000),
          line('Oxford', ['School Atlas for Uganda', 'Advanced Learner’s Dictionary'], 45_000, 120_000),
        ],
        specs: { Curriculum: ['NCDC approved', 'New lower secondary curriculum'], Cover: ['Paperback'] },
        keywords: ['textbooks', 'school books', 'mk', 'fountain', 'primary', 'secondary', 'curriculum'],
        tags: ['books', 'education', 'back-to-school'],
        blurbs: [
          'The {name} follows the NCDC syllabus, with clear examples and plenty of exercises.',
          'Help your child excel with the {name} — used in schools across Uganda.',
        ],
      },
      {
        name: 'Novels & Literature',
        icon: 'book',
        attributes: ['Author', 'Genre'],
        brandLabel: 'Author',
        modelLabel: 'Title',
        nameFormats: ['{model} by {brand}', '{model} ({brand})'],
        lines: [
          line("Okot p'Bitek", ['Song of Ocol', 'Song of Lawino'], 22_000, 40_000, { specs: { Genre: ['Poetry'] } }),
          line('Chinua Achebe', ['Arrow of God', 'Things Fall Apart'], 25_000, 55_000),
          line("Ngũgĩ wa Thiong'o", ['Weep Not, Child', 'The River Between', 'Petals of Blood'], 28_000, 60_000),
          line('Paulo Coelho', ['The Alchemist'], 35_000, 65_000, { specs: { Genre: ['Fiction'] } }),
          line('Moses Isegawa', ['Abyssinian Chronicles'], 45_000, 75_000),
          line('Jennifer Nansubuga Makumbi', ['Kintu', 'The First Woman'], 45_000, 85_000),
          line('Chimamanda Ngozi Adichie', ['Purple Hibiscus', 'Half of a Yellow Sun', 'Americanah'], 45_000, 90_000),
          line('James Clear', ['Atomic Habits'], 55_000, 95_000, { specs: { Genre: ['Self-help'] } }),
        ],
        specs: { Genre: ['African literature'], Cover: ['Paperback', 'Hardcover'], Language: ['English'] },
        keywords: ['novel', 'books', 'literature', 'african writers', 'fiction', 'reading'],
        tags: ['books', 'reading', 'literature'],
        blurbs: [
          '{name} — a much-loved read, beautifully told and hard to put down.',
          'Add {name} to your shelf: a favourite of students, book clubs and anyone who loves a good read.',
        ],
      },
      {
        name: 'Notebooks & Paper',
        icon: 'notebook',
        attributes: ['Brand', 'Pages'],
        metric: 'Pack',
        lines: [
          line('Picfare', ['Exercise Books 48 Pages (Dozen)', 'Exercise Books 96 Pages (Dozen)', 'Counter Book 4 Quire'], 6_000, 32_000),
          line('Double A', ['A4 Copy Paper 70gsm (Ream)', 'A4 Copy Paper 80gsm (Ream)'], 22_000, 32_000),
          line('Moleskine', ['Classic Ruled Notebook', 'Weekly Planner 2027'], 65_000, 120_000),
          line('Paper One', ['A4 Copy Paper (Box of 5 Reams)'], 110_000, 145_000, { specs: { Ruling: ['Plain'] } }),
        ],
        specs: { Ruling: ['Ruled', 'Squared', 'Plain'] },
        keywords: ['exercise books', 'notebooks', 'a4 paper', 'ream', 'counter book', 'diary'],
        tags: ['stationery', 'school', 'office'],
        blurbs: [
          'Smooth, bright paper that takes ink without bleeding — {name}.',
          'Buy {name} in bulk for school and office and save.',
        ],
      },
      {
        name: 'Writing Instruments',
        icon: 'pencils',
        attributes: ['Brand', 'Color'],
        lines: [
          line('Bic', ['Round Stic Pens (10 pack)', 'Cristal Pens (Box of 50)'], 6_000, 35_000, { colors: ['Blue', 'Black', 'Red'] }),
          line('Staedtler', ['HB Pencils (12 pack)', 'Permanent Markers Set', 'Coloured Pencils 24'], 6_000, 45_000),
          line('Oxford', ['Mathematical Set', 'Geometry Set Deluxe'], 8_000, 25_000),
          line('Crayola', ['Crayons 24 pack', 'Washable Markers 10'], 12_000, 38_000),
          line('Parker', ['Jotter Ballpoint Pen', 'IM Fountain Pen'], 65_000, 320_000, { colors: ['Black', 'Blue', 'Silver', 'Gold'] }),
        ],
        specs: { 'Suitable For': ['School', 'Office', 'Art and craft'] },
        keywords: ['pens', 'pencils', 'markers', 'crayons', 'mathematical set', 'stationery'],
        tags: ['stationery', 'school', 'writing'],
        blurbs: [
          'Smooth, reliable writing every time with {name}.',
          'Back-to-school essential: {name}.',
        ],
      },
      {
        name: 'Office Supplies',
        icon: 'pencils',
        attributes: ['Brand'],
        lines: [
          line('Kangaro', ['Paper Punch', 'Stapler HD-10', 'Heavy Duty Stapler'], 8_000, 75_000),
          line(UNBRANDED, ['Envelopes A4 (Pack of 50)', 'Box Files (Pack of 10)', 'Desk Organiser', 'Whiteboard 90x120cm'], 10_000, 180_000),
          line('Casio', ['Desktop Calculator 12 Digit', 'fx-991ES Plus Scientific Calculator'], 35_000, 85_000, { specs: { Warranty: ['12 months'] } }),
        ],
        specs: { Material: ['Plastic', 'Metal', 'Cardboard', 'Melamine'] },
        keywords: ['calculator', 'stapler', 'files', 'whiteboard', 'office', 'envelopes'],
        tags: ['stationery', 'office', 'business'],
        blurbs: [
          'Keep the office organised and efficient with the {name}.',
          'The {name} is sturdy, practical and priced right for businesses and schools.',
        ],
      },
    ],
  },
  {
    name: 'Agriculture',
    icon: 'plant',
    attributes: ['Brand', 'Weight'],
    showInBanner: false,
    showInCategories: false,
    weight: 4,
    children: [
      {
        name: 'Seeds & Seedlings',
        icon: 'plant',
        attributes: ['Brand', 'Crop'],
        lines: [
          line('Farm Nursery', ['Hass Avocado Seedling', 'Grafted Mango Seedling', 'Clonal Robusta Coffee Seedlings (10)'], 3_000, 35_000),
          line('Victoria Seeds', ['Sukuma Wiki Seed 50g', 'Onion Red Creole 50g', 'Watermelon Sugar Baby 50g'], 5_000, 25_000),
          line('NASECO', ['NABE 15 Bean Seed 1kg', 'Longe 5 Maize Seed 2kg', 'Longe 10H Hybrid Maize Seed 2kg'], 9_000, 28_000, { metric: 'Pack' }),
          line('East African Seed', ['Tomato Anna F1 5g', 'Cabbage Gloria F1 10g'], 18_000, 65_000, { metric: 'Pack' }),
        ],
        specs: { Germination: ['Over 85%', 'Over 90%'], 'Certified By': ['MAAIF', 'UNADA member supplier'] },
        keywords: ['seeds', 'maize seed', 'seedlings', 'coffee', 'avocado', 'farming', 'hybrid'],
        tags: ['agriculture', 'seeds', 'farming'],
        blurbs: [
          'High-yield, certified {name}, suited to Uganda’s two rainy seasons.',
          'Plant with confidence: {name} is tested for germination and disease resistance.',
        ],
      },
      {
        name: 'Fertilisers & Agrochemicals',
        icon: 'sack',
        attributes: ['Brand', 'Weight'],
        lines: [
          line('Balton', ['Dudu Acelamectin 100ml', 'Rocket Insecticide 1L'], 12_000, 48_000, { specs: { Application: ['Pest control'] } }),
          line('Bayer', ['Roundup Herbicide 1L', 'Ridomil Gold Fungicide 1kg'], 25_000, 85_000, { specs: { Application: ['Weed control', 'Disease control'] } }),
          line('Yara', ['YaraLiva Nitrabor 25kg', 'YaraMila Cereal 50kg', 'YaraMila Java Coffee 50kg'], 120_000, 260_000, { metric: 'Kg' }),
          line('Grow More', ['Urea 50kg', 'NPK 17:17:17 50kg', 'DAP 50kg'], 140_000, 240_000, { metric: 'Kg' }),
        ],
        specs: { Application: ['Planting', 'Top dressing'] },
        keywords: ['fertiliser', 'npk', 'dap', 'urea', 'pesticide', 'herbicide', 'roundup'],
        tags: ['agriculture', 'fertiliser', 'crop-protection'],
        blurbs: [
          'Boost your harvest with {name} — genuine product from authorised distributors.',
          '{name}: follow the label and your extension officer’s advice for the best results.',
        ],
      },
      {
        name: 'Farm Tools',
        icon: 'spade',
        attributes: ['Brand', 'Material'],
        lines: [
          line('Crocodile', ['Hand Hoe (Jembe)', 'Panga 18"', 'Slasher'], 9_000, 28_000),
          line('Supa', ['Spade', 'Garden Fork', 'Wheelbarrow Heavy Duty'], 18_000, 260_000),
          line('Jacto', ['Manual Sprayer 16L', 'Knapsack Sprayer 20L'], 110_000, 280_000, { specs: { Material: ['Plastic and steel'], Handle: [] } }),
          line('Solo', ['Knapsack Sprayer 16L'], 120_000, 240_000, { specs: { Material: ['Plastic and steel'], Handle: [] } }),
        ],
        specs: { Material: ['Forged steel', 'Carbon steel'], Handle: ['Wooden', 'Steel'] },
        keywords: ['hoe', 'jembe', 'panga', 'sprayer', 'wheelbarrow', 'farm tools'],
        tags: ['agriculture', 'tools', 'farming'],
        blurbs: [
          'Tough tools for tough work: the {name} is built to last season after season.',
          'The {name} is a favourite with farmers from Masaka to Mbale.',
        ],
      },
      {
        name: 'Irrigation & Water Tanks',
        icon: 'tank',
        attributes: ['Brand', 'Capacity'],
        lines: [
          line(UNBRANDED, ['Garden Sprinkler', 'Hose Pipe 50m'], 15_000, 180_000, { specs: { Material: ['PVC', 'Polyethylene'] } }),
          line(UNBRANDED, ['Drip Irrigation Kit 1/4 Acre'], 450_000, 650_000, { specs: { Material: ['PVC', 'Polyethylene'] } }),
          line('Crestanks', ['Water Tank 1,000L'], 380_000, 520_000),
          line('Crestanks', ['Water Tank 2,000L'], 700_000, 950_000),
          line('Honda', ['WB20 Water Pump 2"', 'WB30 Water Pump 3"'], 1_100_000, 1_900_000, { specs: { Material: ['Steel'], Warranty: ['12 months'] } }),
          line('Crestanks', ['Water Tank 5,000L'], 1_600_000, 2_200_000),
          line('SunCulture', ['RainMaker Solar Water Pump Kit'], 2_500_000, 4_800_000, { specs: { Material: ['Steel and solar panel'], Warranty: ['24 months'] } }),
          line('Crestanks', ['Water Tank 10,000L'], 3_000_000, 3_800_000),
        ],
        specs: { Material: ['UV-stabilised polyethylene'], Warranty: ['None', '5 years'] },
        keywords: ['water tank', 'crestanks', 'irrigation', 'water pump', 'drip irrigation', 'hose pipe'],
        tags: ['agriculture', 'water', 'irrigation'],
        blurbs: [
          'Harvest rainwater and irrigate through the dry season with the {name}.',
          'The {name} is built for the Ugandan sun and years of hard use.',
        ],
      },
      {
        name: 'Poultry & Livestock',
        icon: 'eggs',
        attributes: ['Brand', 'Weight'],
        lines: [
          line(UNBRANDED, ['Trays of Eggs (30)', 'Poultry Drinker 10L', 'Poultry Feeder 10kg', 'Mineral Lick Block 5kg'], 8_000, 45_000),
          line('Norbrook', ['Ivermectin Injection 50ml', 'Oxytetracycline 100ml'], 18_000, 55_000),
          line('Ugachick', ['Chick Mash 50kg', 'Broiler Starter 50kg', 'Layers Mash 70kg'], 110_000, 210_000),
          line('Biyinzika', ['Layers Concentrate 50kg', 'Kuroiler Day-Old Chicks (50)'], 120_000, 260_000),
        ],
        specs: { Storage: ['Keep dry and off the floor', 'Store in a cool dry place'] },
        keywords: ['chicken feed', 'poultry', 'layers mash', 'kuroiler', 'livestock', 'eggs', 'feeds'],
        tags: ['agriculture', 'poultry', 'livestock'],
        blurbs: [
          'Raise healthy, productive birds and animals with {name}.',
          '{name} is trusted by poultry and dairy farmers across central Uganda.',
        ],
      },
    ],
  },
];

export const CATEGORY_TREE: ParentCategorySeed[] = TREE.map((parent) => ({
  ...parent,
  slug: slugify(parent.name),
  children: parent.children.map((child) => ({ ...child, slug: slugify(child.name) })),
}));

export type VendorSeed = {
  business: string;
  firstName: string;
  lastName: string;
  sex: 'Male' | 'Female';
  address: string;
  /** Parent category slugs this shop sells in. */
  sells: string[];
  status: 'Active' | 'Pending' | 'Suspended';
  intro: string;
};

const vendor = (
  business: string,
  firstName: string,
  lastName: string,
  sex: VendorSeed['sex'],
  address: string,
  sells: string[],
  intro: string,
  status: VendorSeed['status'] = 'Active',
): VendorSeed => ({ business, firstName, lastName, sex, address, sells, intro, status });

export const VENDORS: VendorSeed[] = [
  vendor('Kikuubo Electronics Hub', 'Ronald', 'Ssemwanga', 'Male', 'Plot 14, Kikuubo Lane, Kampala', ['phones-tablets', 'tvs-audio'], 'Genuine phones, TVs and accessories at Kikuubo prices.'),
  vendor('Nakasero Phone World', 'Brenda', 'Nakato', 'Female', 'Plot 3, Kampala Road, Nakasero', ['phones-tablets'], 'Authorised dealer for Tecno, Infinix and Samsung.'),
  vendor('Wandegeya Computer Centre', 'Isaac', 'Mugisha', 'Male', 'Plot 27, Bombo Road, Wandegeya', ['computing', 'phones-tablets'], 'Laptops, desktops and repairs near Makerere University.'),
  vendor('Ntinda Home Appliances', 'Grace', 'Namubiru', 'Female', 'Plot 8, Ntinda Road, Ntinda', ['home-kitchen', 'tvs-audio'], 'Fridges, cookers and small appliances with free Kampala delivery.'),
  vendor('Kisementi Fashion House', 'Sharon', 'Atim', 'Female', 'Plot 5, Cooper Road, Kisementi', ['fashion'], 'Trendy clothes, shoes and bags for men and women.'),
  vendor('Owino Style Market', 'Moses', 'Okello', 'Male', 'Stall 112, St. Balikuddembe Market (Owino)', ['fashion', 'baby-kids'], 'Quality fashion at market prices, straight from Owino.'),
  vendor('Bugolobi Fresh Mart', 'Esther', 'Nabukenya', 'Female', 'Plot 21, Luthuli Avenue, Bugolobi', ['supermarket', 'baby-kids'], 'Your neighbourhood supermarket, now online.'),
  vendor('Muyenga Beauty Lounge', 'Patricia', 'Akello', 'Female', 'Plot 40, Tank Hill Road, Muyenga', ['beauty-health'], 'Original skin care, hair care and fragrances.'),
  vendor('Luzira Hardware & Farm Supplies', 'Joseph', 'Tumusiime', 'Male', 'Plot 9, Port Bell Road, Luzira', ['agriculture', 'home-kitchen'], 'Farm inputs, tools and water tanks delivered countrywide.'),
  vendor('Entebbe Road Auto Spares', 'Brian', 'Kato', 'Male', 'Plot 112, Entebbe Road, Kibuye', ['automotive'], 'Tyres, oils and car electronics with fitting services.'),
  vendor('Kampala Book Corner', 'Agnes', 'Nansubuga', 'Female', 'Plot 16, Buganda Road, Kampala', ['books-stationery'], 'Textbooks, novels and stationery for schools and offices.'),
  vendor('Kololo Sports Arena Shop', 'Daniel', 'Opio', 'Male', 'Plot 2, Upper Kololo Terrace, Kololo', ['sports-outdoors', 'fashion'], 'Football kits, fitness equipment and sportswear.'),
  vendor('Mama Baby Care', 'Joan', 'Nakimuli', 'Female', 'Plot 33, Kira Road, Kamwokya', ['baby-kids', 'beauty-health'], 'Everything for mum and baby.'),
  vendor('Victoria Furniture Gallery', 'Samuel', 'Lubega', 'Male', 'Plot 77, Jinja Road, Industrial Area', ['home-kitchen'], 'Handcrafted sofas, beds and dining sets.'),
  vendor('Kabalagala Gadget Store', 'Allan', 'Mwesigwa', 'Male', 'Plot 6, Ggaba Road, Kabalagala', ['phones-tablets', 'computing', 'tvs-audio'], 'Gadgets, chargers and accessories at fair prices.'),
  vendor('Nateete Wholesale Supermarket', 'Fatuma', 'Nalubega', 'Female', 'Plot 11, Masaka Road, Nateete', ['supermarket'], 'Wholesale groceries for homes, shops and restaurants.'),
  vendor('Garden City Solar Solutions', 'Peter', 'Byaruhanga', 'Male', 'Shop 24, Garden City Mall, Yusuf Lule Road', ['home-kitchen', 'agriculture'], 'Solar systems, inverters and installation across Uganda.'),
  vendor('Acacia Mall Couture', 'Diana', 'Kirabo', 'Female', 'Shop 17, Acacia Mall, Kisementi', ['fashion', 'beauty-health'], 'Designer fashion, perfumes and accessories.'),
  vendor('Nalongo Kitenge Designs', 'Harriet', 'Namatovu', 'Female', 'Plot 19, Nakivubo Road, Kampala', ['fashion'], 'Kitenge, gomesi and kanzu made in Kampala.'),
  vendor('Mukono Agro Dealers', 'Robert', 'Ssekandi', 'Male', 'Plot 4, Kampala–Jinja Highway, Mukono', ['agriculture'], 'Certified seeds, fertiliser and poultry feeds.'),
  vendor('Bweyogerere Office Mart', 'Kenneth', 'Ochieng', 'Male', 'Plot 88, Jinja Road, Bweyogerere', ['books-stationery', 'computing'], 'Office supplies, printers and paper in bulk.'),
  vendor('Naalya Kids World', 'Prossy', 'Nambi', 'Female', 'Plot 15, Naalya Road, Kira', ['baby-kids', 'sports-outdoors'], 'Toys, bicycles and kids fashion.'),
  vendor('Makindye Motor Care', 'Hassan', 'Wasswa', 'Male', 'Plot 30, Kibuli Road, Makindye', ['automotive'], 'Car care products and boda boda spares.'),
  vendor('Kawempe Digital Deals', 'Ivan', 'Kiggundu', 'Male', 'Plot 52, Gayaza Road, Kawempe', ['phones-tablets', 'tvs-audio'], 'New shop, listings under review.', 'Pending'),
  vendor('Kireka Mega Store', 'Lydia', 'Auma', 'Female', 'Plot 7, Kireka Hill Road, Kireka', ['supermarket', 'home-kitchen'], 'Household goods and groceries.', 'Pending'),
  vendor('Bwaise Quick Fashion', 'Tonny', 'Kasozi', 'Male', 'Plot 66, Bwaise Market Road, Bwaise', ['fashion'], 'Affordable clothing and shoes.', 'Suspended'),
  vendor('Zana Phone Repairs & Sales', 'Grace', 'Ayebare', 'Female', 'Plot 3, Entebbe Road, Zana', ['phones-tablets', 'computing'], 'Phones, spares and repairs.', 'Suspended'),
];

export type DeliveryLocationSeed = { name: string; region: string; fee: number };

export const DELIVERY_LOCATIONS: DeliveryLocationSeed[] = [
  { name: 'Kampala Central', region: 'Kampala', fee: 0 },
  { name: 'Nakawa', region: 'Kampala', fee: 3_000 },
  { name: 'Kawempe', region: 'Kampala', fee: 3_000 },
  { name: 'Makindye', region: 'Kampala', fee: 3_000 },
  { name: 'Rubaga', region: 'Kampala', fee: 3_000 },
  { name: 'Ntinda', region: 'Kampala', fee: 4_000 },
  { name: 'Kira', region: 'Wakiso', fee: 5_000 },
  { name: 'Wakiso', region: 'Wakiso', fee: 6_000 },
  { name: 'Mukono', region: 'Central', fee: 7_000 },
  { name: 'Entebbe', region: 'Wakiso', fee: 8_000 },
  { name: 'Jinja', region: 'Eastern', fee: 10_000 },
  { name: 'Masaka', region: 'Central', fee: 10_000 },
  { name: 'Mbale', region: 'Eastern', fee: 12_000 },
  { name: 'Mbarara', region: 'Western', fee: 12_000 },
  { name: 'Hoima', region: 'Western', fee: 12_000 },
  { name: 'Fort Portal', region: 'Western', fee: 13_000 },
  { name: 'Lira', region: 'Northern', fee: 13_000 },
  { name: 'Gulu', region: 'Northern', fee: 14_000 },
  { name: 'Kabale', region: 'Western', fee: 15_000 },
  { name: 'Arua', region: 'West Nile', fee: 15_000 },
];

export const BUYER_FIRST_NAMES = {
  Female: ['Sarah', 'Grace', 'Esther', 'Florence', 'Juliet', 'Ruth', 'Brenda', 'Agnes', 'Doreen', 'Sylvia', 'Irene', 'Mercy', 'Phiona', 'Winnie', 'Rebecca', 'Christine', 'Annet', 'Hadija', 'Joyce', 'Patience'],
  Male: ['John', 'Joseph', 'Ronald', 'Isaac', 'Emmanuel', 'Moses', 'Brian', 'Denis', 'Samuel', 'Andrew', 'Patrick', 'Geoffrey', 'Arthur', 'Derrick', 'Ibrahim', 'Julius', 'Edgar', 'Solomon', 'Martin', 'Collins'],
} as const;

export const BUYER_SURNAMES = [
  'Nakato', 'Okello', 'Namubiru', 'Mugisha', 'Atim', 'Ssemwanga', 'Nabirye', 'Tumusiime', 'Achieng', 'Kato',
  'Nansubuga', 'Byaruhanga', 'Akello', 'Lubega', 'Namutebi', 'Ochieng', 'Kyomuhendo', 'Wasswa', 'Nalwanga', 'Opio',
  'Babirye', 'Ssekitoleko', 'Auma', 'Kiggundu', 'Nakimera', 'Mwesigye', 'Adong', 'Mukasa', 'Nakalema', 'Odongo',
  'Kirabo', 'Tumwine', 'Aciro', 'Kasule', 'Nanyonga', 'Asiimwe', 'Ojok', 'Nalubega', 'Turyahikayo', 'Amongin',
];

/** Where buyers live, as "area, district". */
export const RESIDENTIAL_AREAS = [
  'Ntinda, Kampala', 'Kyanja, Kampala', 'Bukoto, Kampala', 'Kansanga, Kampala', 'Muyenga, Kampala', 'Kisaasi, Kampala',
  'Mengo, Kampala', 'Kabalagala, Kampala', 'Kira, Wakiso', 'Najjera, Wakiso', 'Naalya, Wakiso', 'Namugongo, Wakiso',
  'Bweyogerere, Wakiso', 'Kireka, Wakiso', 'Nansana, Wakiso', 'Lubowa, Wakiso', 'Kasangati, Wakiso', 'Kitoro, Entebbe',
  'Seeta, Mukono', 'Mukono Town, Mukono',
];

/** Review comments by star rating. */
export const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Excellent product, exactly as described. Delivered to Ntinda the next morning.',
    'Original and good quality. The vendor even called to confirm my location. Highly recommend!',
    'Very happy with this purchase. Worth every shilling.',
    'Works perfectly. I paid with MoMo and it was delivered the same day.',
    'Great value for money. My family loves it.',
    'Top quality, well packaged and the delivery guy was polite.',
    'This is my second time buying from this shop. Never disappointed.',
    'Genuine item, not a fake like the ones in town. Five stars.',
    'Fast delivery to Entebbe and the product is amazing.',
    'Better than I expected. Will definitely buy again.',
    'Perfect! Bought it as a gift and she was so happy.',
    'Super quality and the price was lower than in the shops on Kampala Road.',
  ],
  4: [
    'Good product, delivery took two days but it was worth the wait.',
    'Quality is good. Packaging could be better.',
    'Nice item, works well. Slightly pricey but genuine.',
    'Very good overall. The colour is a bit different from the picture.',
    'Happy with it. The rider struggled to find my home but called and sorted it out.',
    'Solid purchase, does what it says.',
    'Good value. I would give five stars if it came with a warranty card.',
    'Reliable and well made. Recommended.',
    'I like it. Delivery to Mukono was quick.',
    'Good quality for the price.',
  ],
  3: [
    'It is okay. Does the job but nothing special.',
    'Average quality. Expected a bit more for the price.',
    'Fine, but delivery was late by a day.',
    'Decent product. The size runs a little small.',
    'Not bad, not great. Customer care was helpful though.',
    'It works, but the finishing could be better.',
    'Okay for the money. Would not buy twice.',
  ],
  2: [
    'Quality is below what I expected.',
    'Took almost a week to reach Mbarara and the box was damaged.',
    'The item looks different from the photos.',
    'Stopped working properly after two weeks. Waiting for the vendor to respond.',
    'Too expensive for what you get.',
    'Wrong colour delivered, they promised to exchange it.',
  ],
  1: [
    'Very disappointed. The product was not original.',
    'Delivered the wrong item and no one picks my calls.',
    'Poor quality, it broke on the first day.',
    'Do not buy. Waste of money.',
    'Still waiting for my refund after returning it.',
    'Nothing like the description.',
  ],
};

const SUMMARY_CLOSERS = [
  'Genuine product from a verified Kampala vendor.',
  'Fast delivery across Kampala and upcountry.',
  'Pay with Mobile Money or cash on delivery.',
  '7-day returns on unused items.',
  'Best price in Uganda, in stock now.',
];

const SERVICE_NOTES = [
  'Delivery within Kampala takes 24 hours; upcountry orders are sent by courier and arrive in 2–4 days.',
  'Pay with MTN Mobile Money, Airtel Money, card or cash on delivery.',
  'Returns are accepted within 7 days if the item is unused and in its original packaging.',
  'Every order is checked by the vendor before dispatch and comes with a receipt.',
];

export type DescriptionInput = {
  name: string;
  brand: string;
  blurbs: readonly string[];
  specs: ProductAttribute[];
  colors: string[];
  sizes: string[];
};

/** A one-line summary and a plain-text description (paragraphs separated by blank lines). */
export function describeProduct(rng: Random, input: DescriptionInput): { summary: string; description: string } {
  const fill = (text: string) => text.replaceAll('{name}', input.name).replaceAll('{brand}', input.brand);
  const highlights = input.specs.filter((spec) => !input.name.includes(spec.value)).slice(0, 3);
  const highlightText = highlights.map((spec) => `${spec.name.toLowerCase()} ${spec.value}`).join(', ');
  const summary = `${input.name}${highlightText ? ` — ${highlightText}` : ''}. ${rng.pick(SUMMARY_CLOSERS)}`;

  const brandFree = input.blurbs.filter((blurb) => !blurb.includes('{brand}'));
  const paragraphs = [fill(rng.pick(input.brand === UNBRANDED && brandFree.length > 0 ? brandFree : input.blurbs))];
  paragraphs.push(['Key features:', ...input.specs.map((spec) => `• ${spec.name}: ${spec.value}`)].join('\n'));
  const options: string[] = [];
  if (input.colors.length > 0) options.push(`Available colours: ${input.colors.join(', ')}.`);
  if (input.sizes.length > 0) options.push(`Sizes: ${input.sizes.join(', ')}.`);
  if (options.length > 0) paragraphs.push(options.join(' '));
  paragraphs.push(rng.sample(SERVICE_NOTES, 2).join(' '));
  return { summary, description: paragraphs.join('\n\n') };
}
