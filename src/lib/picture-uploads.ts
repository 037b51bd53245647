/** What a file field offering picture uploads lets the phone pick: the formats the store keeps (media/uploads.ts). */
export const PICTURE_TYPES_ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';
