/**
 * The page editor (/admin/pages/{key}?language=): the fields of a page, the home promotions or the contact
 * details in one language, and Save draft, Preview and Publish. A save that another tab or person overtook is
 * refused and says so; the text stays here to copy.
 */
import type { ContactDetails, ContactWords, PageContent, Promotions } from '~/lib/site-content';
import { LANGUAGE_NAMES } from '~/lib/i18n/languages';
import { useHydrated } from '../use-hydrated';
import type { EditorDocument } from './editor-api';
import { usePageEditor } from './use-page-editor';
import { ContactFields, PageFields, PromotionsFields } from './ContentFields';

type Props = { initial: EditorDocument };

/** What the editor holds when nothing is unsaved. */
function stateOf(document: EditorDocument): string {
  const seen = document.published === null ? 'shoppers still see the English' : 'shoppers still see the published version';
  if (document.draft) return `A saved draft is open; ${seen}.`;
  if (document.published === null) return 'Not translated yet: the form starts from the English. Shoppers see the English until you publish.';
  return 'Showing the published version.';
}

export default function PageEditor({ initial }: Props) {
  const hydrated = useHydrated();
  const editor = usePageEditor(initial);
  const { document, content, busy, message, changed } = editor;
  const disabled = !hydrated || busy !== null;
  const translation = document.language !== 'en';
  const name = translation ? `${document.name} (${LANGUAGE_NAMES[document.language]})` : document.name;

  return (
    <form className="content-editor" aria-label={`Edit ${name}`} onSubmit={(event) => event.preventDefault()}>
      {document.kind === 'page' && (
        <PageFields at={{ key: document.key, language: document.language }} content={content as PageContent} onChange={editor.edit} disabled={disabled} />
      )}
      {document.kind === 'promotions' && <PromotionsFields content={content as Promotions} onChange={editor.edit} disabled={disabled} />}
      {document.kind === 'contact' &&
        (translation ? (
          <ContactFields content={content as ContactWords} onChange={editor.edit} disabled={disabled} wordsOnly />
        ) : (
          <ContactFields content={content as ContactDetails} onChange={editor.edit} disabled={disabled} />
        ))}
      <div className="editor-actions">
        <div role="status" aria-live="polite" className="editor-status">
          {message?.kind === 'done' && <p className="notice">{message.text}</p>}
          {!message && <p className="muted small">{changed ? 'Unsaved changes.' : stateOf(document)}</p>}
        </div>
        {message?.kind === 'problem' && (
          <p className="form-problem" role="alert">
            {message.text}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button secondary" disabled={disabled} onClick={() => void editor.saveDraft()}>
            {busy === 'save' ? 'Saving…' : 'Save draft'}
          </button>
          <button type="button" className="button secondary" disabled={disabled} onClick={() => void editor.preview(window.open('', '_blank'))}>
            {busy === 'preview' ? 'Saving…' : 'Preview'}
          </button>
          <button type="button" className="button" disabled={disabled} onClick={() => void editor.publish()}>
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </div>
    </form>
  );
}
