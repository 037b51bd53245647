/** The page editor's calls to the store's content API (src/pages/api/content), with the stored login. */
import { apiRequest } from '~/lib/api';
import type { ContentDocument } from '~/lib/site-content';

export type EditorDocument = ContentDocument;

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const address = (key: string, action = '') => `/api/content/${encodeURIComponent(key)}${action}`;

export const saveDraft = (key: string, version: number, content: unknown) => apiRequest<EditorDocument>(address(key), json('PUT', { version, content }));

export const publish = (key: string, version: number, content: unknown) =>
  apiRequest<EditorDocument>(address(key, '/publish'), json('POST', { version, content }));

export const renderPreview = (key: string, content: unknown, signal: AbortSignal) =>
  apiRequest<{ html: string }>(address(key, '/render'), { ...json('POST', { content }), signal });

/** Uploads a picture through the store's upload path; gives the address to put in Markdown or a banner. */
export function uploadPicture(file: File): Promise<{ file: string; url: string }> {
  const form = new FormData();
  form.append('image', file);
  return apiRequest<{ file: string; url: string }>('/api/content/images', { method: 'POST', body: form });
}
