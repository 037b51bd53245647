import type { Outcomes } from '../../en/outcomes';

/** Each follows the field's name ("feature_photo: ..."). */
const upload: Outcomes['upload'] = {
  notImage: 'kiteekwa okuba ekifaananyi kya JPEG, PNG, WebP oba AVIF',
  tooLarge: (bytes) => `tekiteekwa kusukka MB ${bytes / 1024 / 1024}`,
};

export default upload;
