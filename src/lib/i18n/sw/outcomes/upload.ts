import type { Outcomes } from '../../en/outcomes';

/** Each follows the field's name ("feature_photo: ..."). */
const upload: Outcomes['upload'] = {
  notImage: 'lazima iwe picha ya JPEG, PNG, WebP au AVIF',
  tooLarge: (bytes) => `isizidi MB ${bytes / 1024 / 1024}`,
};

export default upload;
