/**
 * What the page editor does beyond storing: publishing also rebuilds this instance's search index of the
 * static pages before it replies (other instances rebuild when they hear the purge), the live preview
 * renders a draft with the store's own Markdown, and pictures go through the store's upload path.
 */
import type { SessionUser } from '../accounts/sessions';
import { Invalid } from '../errors';
import { isUploadedFile, storeUploadedImage } from '../media/uploads';
import { UPLOADED_IMAGE_PATH, type PageContent } from '../../lib/site-content';
import { diffLines, type DiffLine } from '../../lib/line-diff';
import { stringify } from 'yaml';
import { documentHistory, getDocument, publish, restoreVersion, type ContentDocument, type DocumentRef } from './content-store';
import { pageFile } from './starting-content';
import { checkContent } from './content-schemas';
import { assertNoScript } from './content-links';
import { renderMarkdown } from './markdown';
import { rebuildPageSearchIndex } from './page-search-index';
import { message } from '../../lib/messages/message';

async function indexedAfter(document: ContentDocument): Promise<ContentDocument> {
  if (document.kind === 'page') await rebuildPageSearchIndex();
  return document;
}

/** Publishes `content` (or the saved draft) in its language and answers once every page and the search show it. */
export async function publishDocument(editor: SessionUser, ref: DocumentRef, version: unknown, content?: unknown): Promise<ContentDocument> {
  return indexedAfter(await publish(editor, ref, version, content));
}

/** Publishes version `number` of that language again, and answers once every page and the search show it. */
export async function restoreDocument(editor: SessionUser, ref: DocumentRef, version: unknown, number: unknown): Promise<ContentDocument> {
  return indexedAfter(await restoreVersion(editor, ref, version, number));
}

/** A page's text (saved or not) as the store renders it in the page's language, for the editor's live preview; refused as a draft save would be. */
export async function previewHtml(ref: DocumentRef, content: unknown): Promise<{ html: string }> {
  const { kind } = await getDocument(ref);
  if (kind !== 'page') throw new Invalid(message('content', 'onlyPagesPreview'));
  const page = checkContent('page', content, 'draft');
  await assertNoScript('page', page);
  return { html: await renderMarkdown(page.body, { language: ref.language }) };
}

/** Stores a picture sent from the editor (checked, upright, resized, re-encoded) and gives its address for Markdown. */
export async function uploadContentImage(file: unknown): Promise<{ file: string; url: string }> {
  if (!isUploadedFile(file)) throw new Invalid(message('content', 'choosePicture'));
  const name = await storeUploadedImage(file, 'image', 'content');
  return { file: name, url: `${UPLOADED_IMAGE_PATH}${name}` };
}

/** Content as lines a person can compare: a page as its Markdown file, the others as YAML. */
function comparableText(kind: ContentDocument['kind'], content: unknown): string {
  if (content === null) return '';
  if (kind === 'page') return pageFile(content as PageContent, new Date(0)).replace(/^updated: .*\n/m, '');
  return stringify(content, { lineWidth: 0 });
}

/** Version `number` of a document in a language compared line by line with what is published now in that language. */
export async function compareWithPublished(ref: DocumentRef, number: number): Promise<{ lines: DiffLine[]; number: number } | null> {
  const [document, history] = await Promise.all([getDocument(ref), documentHistory(ref)]);
  const version = history.find((entry) => entry.number === number);
  if (!version) return null;
  return { number, lines: diffLines(comparableText(document.kind, version.content), comparableText(document.kind, document.published)) };
}
