/**
 * The names of the catalogue's fields as a Luganda refusal says them ("Ebbeeyi: kyetaagibwa"); a field not
 * named here keeps the name the API gives it.
 */
const FIELD_NAMES: Record<string, string> = {
  name: 'Erinnya',
  price_1: 'Ebbeeyi',
  category: 'Ekika',
  total_items: "Omuwendo gw'ebintu",
  supplier: 'Omutunzi',
  home_section_1: "Ekitundu 1 eky'omuko omukulu",
  home_section_2: "Ekitundu 2 eky'omuko omukulu",
  home_section_3: "Ekitundu 3 eky'omuko omukulu",
  business_name: "Erinnya ly'edduuka",
  business_address: "Endagiriro y'edduuka",
  business_phone_number: "Essimu y'edduuka",
  status: 'Embeera',
  approved: 'Okukkirizibwa',
  feature_photo: 'Ekifaananyi ekikulu',
  images: 'Ebifaananyi',
  image: 'Ekifaananyi',
  banner_image: "Ekifaananyi ky'ebbanda",
  business_logo: "Akabonero k'edduuka",
  business_cover_photo: "Ekifaananyi ky'edduuka ekinene",
  photos: 'Ebifaananyi',
};

export const fieldName = (field: string): string => FIELD_NAMES[field] ?? field;
