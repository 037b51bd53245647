/**
 * The page editor's state: the content being edited in one language, the version it started from, and what
 * Save draft, Preview and Publish do with them. A refused save keeps the text in the editor and shows why (a
 * stale version names who changed the page since). A translation nobody has written yet starts from the
 * English (only its words, for the contact details), so its links, pictures and questions are already there.
 */
import { useState } from 'react';
import type { AnyContent, ContactDetails, ContactWords } from '~/lib/site-content';
import { pathInLanguage } from '~/lib/i18n/languages';
import { publish, saveDraft, type EditorDocument } from './editor-api';

export type Message = { kind: 'done' | 'problem'; text: string };

/** What the form shows first: the draft, else what is published, else (a new translation) the English. */
export function startingContent(document: EditorDocument): AnyContent {
  const own = document.draft ?? document.published;
  if (own) return own;
  if (document.kind !== 'contact') return document.english!;
  const { address, city } = document.english as ContactDetails;
  return { address, city } satisfies ContactWords;
}

export function usePageEditor<C extends AnyContent>(initial: EditorDocument) {
  const [document, setDocument] = useState(initial);
  const [content, setContent] = useState<C>(startingContent(initial) as C);
  const [busy, setBusy] = useState<null | 'save' | 'preview' | 'publish'>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [changed, setChanged] = useState(false);
  const at = { key: document.key, language: document.language };

  const edit = (next: C) => {
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
    saveDraft: () => act('save', () => saveDraft(at, document.version, content), 'Draft saved: only editors see it.'),
    /**
     * Saves the draft, then opens the preview at the address in the draft's language, so it shows in that
     * language's layout (a tab opened before the save keeps the browser from blocking it).
     */
    preview: async (previewTab: Window | null) => {
      const saved = await act('preview', () => saveDraft(at, document.version, content), 'Draft saved: the preview shows it.');
      if (saved && previewTab) previewTab.location.href = pathInLanguage(document.language, `/admin/pages/${encodeURIComponent(document.key)}/preview`);
      else previewTab?.close();
    },
    publish: () => act('publish', () => publish(at, document.version, content), 'Published: everyone sees it now.'),
  };
}
