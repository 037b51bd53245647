import type { Outcomes } from '../../en/outcomes';
import { fieldName } from './field-names';

/** Each follows the field's name ("feature_photo: ..."). */
const upload: Outcomes['upload'] = {
  notImage: 'kiteekwa okuba ekifaananyi kya JPEG, PNG, WebP oba AVIF',
  tooLarge: (bytes) => `tekiteekwa kusukka MB ${bytes / 1024 / 1024}`,
  notImageIn: (field) => `${fieldName(field)}: kiteekwa okuba ekifaananyi kya JPEG, PNG, WebP oba AVIF`,
  tooLargeIn: (field, bytes) => `${fieldName(field)}: tekiteekwa kusukka MB ${bytes / 1024 / 1024}`,
};

export default upload;
