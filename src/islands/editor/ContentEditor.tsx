/**
 * The page editor (/admin/pages/{key}): the fields of a page, the home promotions or the contact details, and
 * Save draft, Preview and Publish. A save that another tab or person overtook is refused and says so; the
 * text stays here to copy.
 */
import type { ContactDetails, PageContent, Promotions } from '~/lib/site-content';
import { useHydrated } from '../use-hydrated';
import type { EditorDocument } from './editor-api';
import { useContentEditor } from './use-content-editor';
import { ContactFields, PageFields, PromotionsFields } from './ContentFields';

type Props = { initial: EditorDocument };

export default function ContentEditor({ initial }: Props) {
  const hydrated = useHydrated();
  const editor = useContentEditor(initial);
  const { document, content, busy, message, changed } = editor;
  const disabled = !hydrated || busy !== null;

  return (
    <form className="content-editor" aria-label={`Edit ${document.name}`} onSubmit={(event) => event.preventDefault()}>
      {document.kind === 'page' && <PageFields pageKey={document.key} content={content as PageContent} onChange={editor.edit} disabled={disabled} />}
      {document.kind === 'promotions' && <PromotionsFields content={content as Promotions} onChange={editor.edit} disabled={disabled} />}
      {document.kind === 'contact' && <ContactFields content={content as ContactDetails} onChange={editor.edit} disabled={disabled} />}
      <div className="editor-actions">
        <div role="status" aria-live="polite" className="editor-status">
          {message?.kind === 'done' && <p className="notice">{message.text}</p>}
          {!message && (
            <p className="muted small">
              {changed
                ? 'Unsaved changes.'
                : document.draft
                  ? 'A saved draft is open; shoppers still see the published version.'
                  : 'Showing the published version.'}
            </p>
          )}
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
