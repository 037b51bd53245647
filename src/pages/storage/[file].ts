/** /storage/{file}: where the spec's clients ask for pictures named in data (banners, thumbnails, avatars); the same files as /storage/images/{file}. */
export { GET } from './images/[file]';
