/**
 * Search over the help and policy pages. As server HTML it is a GET form whose results the server
 * found; once touched it answers as you type from the Pagefind index built with the store.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import type { PageHit } from '~/lib/page-hit';
import { islandTranslator } from '~/lib/i18n/current';

type Props = { initialQuery: string; initialHits: PageHit[] };

type PagefindResult = { data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }> };
type Pagefind = { search(term: string): Promise<{ results: PagefindResult[] }> };

const PAGEFIND_URL = '/pagefind/pagefind.js';
const DEBOUNCE_MS = 300;
const MAX_HITS = 8;

let pagefind: Promise<Pagefind> | undefined;
function loadPagefind(): Promise<Pagefind> {
  // A runtime URL, not a module of the bundle: the index is written after the build.
  pagefind ??= import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>;
  return pagefind;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/** Pagefind marks the matched words with <mark>; everything else is shown as text, never as HTML. */
function Excerpt({ text }: { text: string }) {
  return (
    <>
      {text.split(/(<mark>.*?<\/mark>)/g).map((part, i) => {
        const marked = /^<mark>(.*)<\/mark>$/.exec(part);
        return marked ? <mark key={i}>{decode(marked[1]!)}</mark> : <Fragment key={i}>{decode(part)}</Fragment>;
      })}
    </>
  );
}

export default function HelpSearch({ initialQuery, initialHits }: Props) {
  const [query, setQuery] = useState(initialQuery);
  const [hits, setHits] = useState(initialHits);
  const latest = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const box = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // What was typed while the island was waking is in the box but not yet searched.
    const typed = box.current?.value ?? '';
    if (typed !== initialQuery) onInput(typed);
    return () => window.clearTimeout(timer.current);
  }, []);

  function onInput(next: string) {
    setQuery(next);
    window.clearTimeout(timer.current);
    const request = ++latest.current;
    if (next.trim().length < 2) {
      setHits([]);
      return;
    }
    timer.current = window.setTimeout(async () => {
      try {
        const search = await (await loadPagefind()).search(next.trim());
        const found = await Promise.all(search.results.slice(0, MAX_HITS).map((result) => result.data()));
        if (request !== latest.current) return;
        setHits(found.map((page) => ({ url: page.url, title: page.meta.title ?? page.url, excerpt: page.excerpt })));
      } catch {
        // Without the index the form still works: submitting asks the server.
      }
    }, DEBOUNCE_MS);
  }

  const searched = query.trim().length >= 2;
  const { t, fill, path } = islandTranslator();
  const words = t.browse.help;
  return (
    <section className="help-search" aria-label={words.label}>
      <form className="search search-wide" action={path('/help')} method="get" role="search">
        <label className="visually-hidden" htmlFor="help-search">
          {words.inputLabel}
        </label>
        <input
          ref={box}
          id="help-search"
          type="search"
          name="q"
          defaultValue={initialQuery}
          placeholder={words.placeholder}
          required
          pattern=".*\S.*"
          maxLength={200}
          autoComplete="off"
          onChange={(event) => onInput(event.target.value)}
        />
        <button className="button" type="submit">
          {words.button}
        </button>
      </form>
      {searched && (
        <div role="status" className="help-results">
          {hits.length === 0 ? (
            <p>{fill(words.noHits, { term: query.trim() })}</p>
          ) : (
            <ol>
              {hits.map((hit) => (
                <li key={hit.url}>
                  <a href={path(hit.url)}>{hit.title}</a>
                  <p>
                    <Excerpt text={hit.excerpt} />
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
