import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { uploadContentImage } from '~/server/content/editing';
import { message } from '~/lib/messages/message';

/** POST content/images (multipart `image`): a picture for a page or banner, checked and resized like product pictures. */
export const POST = endpoint(async ({ request }) => {
  await requireEditor(request);
  const { image } = await readBody(request);
  return ok(await uploadContentImage(image), message('content', 'pictureUploaded'), { status: 201, headers: privateNoStore });
});
