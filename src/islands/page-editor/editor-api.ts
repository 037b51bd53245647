/** The page editor's calls to the store's content API (src/pages/api/content), with the stored login. */
import { apiRequest } from '~/browser/api';
import type { ContentDocument } from '~/lib/site-content';
import type { Language } from '~/lib/i18n/languages';

export type EditorDocument = ContentDocument;

/** A document in one language, as the API names it. */
export type DocumentAt = { key: string; language: Language };

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const address = ({ key, language }: DocumentAt, action = '') => `/api/content/${encodeURIComponent(key)}${action}?language=${language}`;

export const saveDraft = (at: DocumentAt, version: number, content: unknown) => apiRequest<EditorDocument>(address(at), json('PUT', { version, content }));

export const publish = (at: DocumentAt, version: number, content: unknown) =>
  apiRequest<EditorDocument>(address(at, '/publish'), json('POST', { version, content }));

export const renderPreview = (at: DocumentAt, content: unknown, signal: AbortSignal) =>
  apiRequest<{ html: string }>(address(at, '/render'), { ...json('POST', { content }), signal });

/** Uploads a picture through the store's upload path; gives the address to put in Markdown or a banner. */
export function uploadPicture(file: File): Promise<{ file: string; url: string }> {
  const form = new FormData();
  form.append('image', file);
  return apiRequest<{ file: string; url: string }>('/api/content/images', { method: 'POST', body: form });
}
