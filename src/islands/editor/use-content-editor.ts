/**
 * The page editor's state: the content being edited, the version it started from, and what Save draft,
 * Preview and Publish do with them. A refused save keeps the text in the editor and shows why (a stale
 * version names who changed the page since).
 */
import { useState } from 'react';
import type { ContentByKind, ContentKind } from '~/lib/site-content';
import { publish, saveDraft, type EditorDocument } from './editor-api';

export type Message = { kind: 'done' | 'problem'; text: string };

export function useContentEditor<K extends ContentKind>(initial: EditorDocument) {
  const [document, setDocument] = useState(initial);
  const [content, setContent] = useState<ContentByKind[K]>((initial.draft ?? initial.published) as ContentByKind[K]);
  const [busy, setBusy] = useState<null | 'save' | 'preview' | 'publish'>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [changed, setChanged] = useState(false);

  const edit = (next: ContentByKind[K]) => {
    setContent(next);
    setChanged(true);
  };

  async function act(what: 'save' | 'preview' | 'publish', call: () => Promise<EditorDocument>, done: string): Promise<boolean> {
    setBusy(what);
    setMessage(null);
    try {
      const saved = await call();
      setDocument(saved);
      setChanged(false);
      setMessage({ kind: 'done', text: done });
      return true;
    } catch (error) {
      setMessage({ kind: 'problem', text: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    document,
    content,
    edit,
    busy,
    message,
    changed,
    saveDraft: () => act('save', () => saveDraft(document.key, document.version, content), 'Draft saved: only editors see it.'),
    /** Saves the draft, then opens the preview (a tab opened before the save keeps the browser from blocking it). */
    preview: async (previewTab: Window | null) => {
      const saved = await act('preview', () => saveDraft(document.key, document.version, content), 'Draft saved: the preview shows it.');
      if (saved && previewTab) previewTab.location.href = `/admin/pages/${encodeURIComponent(document.key)}/preview`;
      else previewTab?.close();
    },
    publish: () => act('publish', () => publish(document.key, document.version, content), 'Published: everyone sees it now.'),
  };
}
