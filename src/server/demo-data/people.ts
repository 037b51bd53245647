/** The demo catalogue's people: a user row for each vendor of the data files and for each generated buyer. */
import type { users } from '../db/schema';
import { slugify } from '../../lib/slug';
import type { Buyers, VendorData } from './catalogue';
import { DAY_MS, daysAgo, isoDate, momentAfter } from './dates';
import { bannerImageName, categoryImageName } from './images';
import type { Random } from './random';

type UserInsert = typeof users.$inferInsert;

const birthDate = (rng: Random, year: number) => `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;

function ugandanPhone(rng: Random): string {
  const digits = () => String(rng.int(0, 999)).padStart(3, '0');
  return `+256 7${rng.pick(['0', '4', '5', '6', '7', '8'])}${rng.int(0, 9)} ${digits()} ${digits()}`;
}

function nationalId(rng: Random, sex: 'Male' | 'Female', birthYear: number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const tail = `${rng.pick([...letters])}${rng.pick([...letters])}`;
  const digits = Array.from({ length: 10 }, () => rng.int(0, 9)).join('');
  return `${sex === 'Male' ? 'CM' : 'CF'}${String(birthYear % 100).padStart(2, '0')}${digits}${tail}`;
}

/** Hands out user names and e-mail logins, numbering repeats: sarah.nakato, sarah.nakato2… */
export class UniqueNames {
  private readonly used = new Set<string>();

  claim(base: string): string {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}${n}`;
    this.used.add(name);
    return name;
  }
}

/** A vendor's user row: the shop of the data file with generated dates, phone numbers, licence and social links. */
export function vendorRow(rng: Random, vendor: VendorData, logins: UniqueNames, licenceAuthorities: readonly string[]): UserInsert {
  const slug = slugify(vendor.business);
  const login = logins.claim(`${vendor.firstName}.${vendor.lastName}`.toLowerCase());
  const birthYear = rng.int(1972, 1998);
  const registered = daysAgo(rng.int(430, 1_300));
  const licensed = new Date(registered.getTime() - rng.int(30, 900) * DAY_MS);
  const businessPhone = ugandanPhone(rng);
  const handle = slug.replaceAll('-', '');
  const active = vendor.status === 'Active';
  const mainCategory = vendor.sells[0] ?? '';
  return {
    username: logins.claim(handle),
    first_name: vendor.firstName,
    last_name: vendor.lastName,
    email: `${login}@example.com`,
    phone_number: ugandanPhone(rng),
    user_type: 'Vendor',
    sex: vendor.sex,
    dob: birthDate(rng, birthYear),
    intro: vendor.intro,
    address: vendor.address,
    facebook: rng.chance(0.8) ? `https://facebook.com/${handle}` : '',
    instagram: rng.chance(0.6) ? `https://instagram.com/${handle}` : '',
    tiktok: rng.chance(0.3) ? `https://tiktok.com/@${handle}` : '',
    website: rng.chance(0.4) ? `https://${slug}.example.com` : '',
    business_name: vendor.business,
    business_license_number: `URSB/${licensed.getUTCFullYear()}/${rng.int(10_000, 99_999)}`,
    business_license_issue_authority: rng.pick(licenceAuthorities),
    business_license_issue_date: isoDate(licensed),
    business_license_validity: `${licensed.getUTCFullYear() + rng.int(3, 5)}-12-31`,
    business_address: vendor.address,
    business_phone_number: businessPhone,
    business_whatsapp: businessPhone,
    business_email: `sales@${slug}.example.com`,
    business_logo: categoryImageName(mainCategory),
    business_cover_photo: bannerImageName(mainCategory),
    nin: nationalId(rng, vendor.sex, birthYear),
    status: vendor.status,
    approved: active ? 1 : 0,
    complete_profile: active ? 1 : 0,
    newsletter: rng.chance(0.5) ? 1 : 0,
    reg_date: registered,
    last_seen: daysAgo(active ? rng.int(0, 10) : rng.int(30, 200)),
    created_at: registered,
    updated_at: momentAfter(rng, registered),
  };
}

/** A generated buyer's user row, named from the data file's first names and surnames. */
export function buyerRow(rng: Random, logins: UniqueNames, buyers: Buyers): UserInsert {
  const sex = rng.chance(0.5) ? 'Female' : 'Male';
  const firstName = rng.pick(buyers.firstNames[sex]);
  const lastName = rng.pick(buyers.surnames);
  const login = logins.claim(`${firstName}.${lastName}`.toLowerCase());
  const registered = daysAgo(rng.int(20, 700));
  return {
    username: login,
    first_name: firstName,
    last_name: lastName,
    email: `${login}@example.com`,
    phone_number: ugandanPhone(rng),
    user_type: 'Customer',
    sex,
    dob: birthDate(rng, rng.int(1970, 2005)),
    address: rng.pick(buyers.residentialAreas),
    status: 'Active',
    complete_profile: rng.chance(0.7) ? 1 : 0,
    newsletter: rng.chance(0.4) ? 1 : 0,
    reg_date: registered,
    last_seen: daysAgo(rng.int(0, 60)),
    created_at: registered,
    updated_at: momentAfter(rng, registered),
  };
}
