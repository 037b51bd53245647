/** What a file field offering picture uploads lets the phone pick: the formats the store keeps (media/uploads.ts). */
export const PICTURE_TYPES_ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';

/** The most one picture may weigh as sent: bigger ones are refused (413) before they are read. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
