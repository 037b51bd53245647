/**
 * The names of the catalogue's fields as a Swahili refusal says them ("Bei: kinahitajika"); a field not named
 * here keeps the name the API gives it.
 */
const FIELD_NAMES: Record<string, string> = {
  name: 'Jina',
  price_1: 'Bei',
  category: 'Aina',
  total_items: 'Idadi ya bidhaa',
  supplier: 'Muuzaji',
  home_section_1: 'Sehemu ya 1 ya ukurasa wa mwanzo',
  home_section_2: 'Sehemu ya 2 ya ukurasa wa mwanzo',
  home_section_3: 'Sehemu ya 3 ya ukurasa wa mwanzo',
  business_name: 'Jina la duka',
  business_address: 'Anwani ya duka',
  business_phone_number: 'Simu ya duka',
  status: 'Hali',
  approved: 'Idhini',
  feature_photo: 'Picha kuu',
  images: 'Picha',
  image: 'Picha',
  banner_image: 'Picha ya bango',
  business_logo: 'Nembo ya duka',
  business_cover_photo: 'Picha kubwa ya duka',
  photos: 'Picha',
};

export const fieldName = (field: string): string => FIELD_NAMES[field] ?? field;
