/** Pictures sent with a form; each text follows the field's name ("feature_photo: ..."). */
export const UPLOAD_MESSAGES = {
  notImage: 'must be a JPEG, PNG, WebP or AVIF picture',
  tooLarge: (bytes: number) => `must be at most ${bytes / 1024 / 1024} MB`,
} as const;
