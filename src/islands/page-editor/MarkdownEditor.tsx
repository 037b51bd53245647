/**
 * The page text's editor: CodeMirror 6 with Markdown highlighting, undo history and a small toolbar (bold,
 * heading, link, picture upload), beside a live preview that the store renders with its own Markdown (so the
 * preview is exactly what shoppers will get). Before the island wakes, the text shows in a read-only textarea.
 *
 * CodeMirror lives in a shadow root: there it puts its styles in a constructed style sheet, which the pages'
 * Content-Security-Policy allows, instead of a <style> element, which the policy refuses (no 'unsafe-inline').
 * Its look is therefore set with EditorView.theme below, not from the page's CSS.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { renderPreview, uploadPicture, type DocumentAt } from './editor-api';
import { PICTURE_TYPES_ACCEPTED } from '~/lib/picture-uploads';
import { LANGUAGE_TAGS } from '~/lib/i18n/languages';

type Props = {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  /** The page and language the live preview renders the text as (links lead to pages in that language). */
  previewAt: DocumentAt;
  previewContent: (body: string) => unknown;
};

const PREVIEW_DELAY_MS = 400;

const editorTheme = EditorView.theme({
  '&': { minHeight: '22rem', fontSize: '0.95rem', border: '1px solid #b8c0cc', borderRadius: '8px', background: '#fff', color: '#1f2933' },
  '&.cm-focused': { outline: '3px solid #7fb8a4', outlineOffset: '1px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
  '.cm-content': { padding: '0.5rem 0.25rem' },
});

/** CodeMirror in a shadow root of `host`, made once with `initialText`; it reports each change of its text. */
function useCodeMirror(
  host: RefObject<HTMLDivElement | null>,
  { id, label, lang, initialText, onChange }: { id: string; label: string; lang: string; initialText: string; onChange: (value: string) => void },
) {
  const view = useRef<EditorView | null>(null);
  const changeHandler = useRef(onChange);
  changeHandler.current = onChange;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    shadow.replaceChildren(parent);
    const editor = new EditorView({
      root: shadow,
      parent,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdown(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          editorTheme,
          // `lang` lets the browser check the spelling in the page's language.
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': `${id}-help`, lang }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changeHandler.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    setReady(true);
    return () => editor.destroy();
    // The editor owns its text once created; later values come from it.
  }, []);

  return { view, ready };
}

/**
 * The text as the store renders it, asked for a moment after the typing stops; or why the store refused to
 * render it (raw HTML, a link it does not allow), shown instead of a preview.
 */
function useLivePreview(text: string, previewAt: DocumentAt, previewContent: (body: string) => unknown) {
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      renderPreview(previewAt, previewContent(text), abort.signal).then(
        (rendered) => {
          setHtml(rendered.html);
          setProblem(null);
        },
        (error: unknown) => {
          if (error instanceof DOMException) return;
          setHtml(null);
          setProblem(error instanceof Error ? error.message : String(error));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
    // previewContent and previewAt are rebuilt on every render; the text is what the preview follows.
  }, [text]);

  return { html, problem };
}

function LivePreview({ html, problem, lang }: { html: string | null; problem: string | null; lang: string }) {
  return (
    <section className="live-preview" aria-label="Live preview">
      <h2 className="muted small">Live preview</h2>
      {problem !== null ? (
        <p className="form-problem" role="status">
          {problem}
        </p>
      ) : html === null ? (
        <p className="muted">The preview appears here.</p>
      ) : (
        <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
}

export default function MarkdownEditor({ id, label, value, maxLength, onChange, previewAt, previewContent }: Props) {
  const lang = LANGUAGE_TAGS[previewAt.language];
  const host = useRef<HTMLDivElement>(null);
  const { view, ready } = useCodeMirror(host, { id, label, lang, initialText: value, onChange });
  const preview = useLivePreview(value, previewAt, previewContent);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  /** Wraps the selection in `before`/`after`, or inserts them around `placeholder`. */
  function wrap(before: string, after: string, placeholder: string) {
    const editor = view.current;
    if (!editor) return;
    const { from, to } = editor.state.selection.main;
    const selected = editor.state.sliceDoc(from, to) || placeholder;
    editor.dispatch({
      changes: { from, to, insert: `${before}${selected}${after}` },
      selection: { anchor: from + before.length, head: from + before.length + selected.length },
    });
    editor.focus();
  }

  async function addPicture(file: File | undefined) {
    if (!file || !view.current) return;
    setUploading(true);
    setPictureProblem(null);
    try {
      const { url } = await uploadPicture(file);
      const editor = view.current;
      const at = editor.state.selection.main.head;
      const alt = 'Describe the picture';
      const insert = `\n\n![${alt}](${url})\n\n`;
      editor.dispatch({ changes: { from: at, insert }, selection: { anchor: at + 4, head: at + 4 + alt.length } });
      editor.focus();
    } catch (error) {
      setPictureProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="markdown-editor">
      <div className="field">
        <span className="field-label" id={`${id}-label`}>
          {label}
        </span>
        <div className="editor-toolbar" role="toolbar" aria-label={`${label}: formatting`}>
          <button type="button" className="button small secondary" disabled={!ready} onClick={() => wrap('**', '**', 'bold text')}>
            Bold
          </button>
          <button type="button" className="button small secondary" disabled={!ready} onClick={() => wrap('\n\n## ', '\n\n', 'Heading')}>
            Heading
          </button>
          <button type="button" className="button small secondary" disabled={!ready} onClick={() => wrap('[', '](/help)', 'link text')}>
            Link
          </button>
          <label className={`button small secondary${!ready || uploading ? ' is-disabled' : ''}`}>
            {uploading ? 'Uploading…' : 'Add a picture'}
            <input
              type="file"
              className="visually-hidden"
              accept={PICTURE_TYPES_ACCEPTED}
              disabled={!ready || uploading}
              onChange={(event) => {
                void addPicture(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        </div>
        {ready ? null : <textarea id={id} className="editor-fallback" aria-labelledby={`${id}-label`} lang={lang} value={value} readOnly rows={16} />}
        <div ref={host} className="editor-host" hidden={!ready} />
        <p id={`${id}-help`} className="muted small">
          Markdown: **bold**, ## heading, [link](/help), - list. {value.length.toLocaleString('en-GB')} of {maxLength.toLocaleString('en-GB')} characters.
        </p>
        {pictureProblem && (
          <p className="form-problem" role="alert">
            {pictureProblem}
          </p>
        )}
      </div>
      <LivePreview html={preview.html} problem={preview.problem} lang={lang} />
    </div>
  );
}
