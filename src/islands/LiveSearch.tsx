/**
 * The header search box with its dropdown: products, suggestions and 'View all N results' as you type,
 * recent searches on an empty box. It hydrates on first interaction (client:interaction); until then
 * the same markup is a plain search form. The input stays uncontrolled so that whatever was typed before
 * hydration is kept.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { apiGet, apiPost } from '~/lib/api';
import { guestSessionId } from '~/lib/guest-session';
import { variantPath } from '~/lib/images';
import { formatUGX } from '~/lib/money';
import { LIVE_SEARCH, dropdownView, isSearchable, type DropdownItem, type LiveResults } from '~/lib/live-search';

type Props = { id: string; placeholder: string; initialValue?: string; className?: string; buttonLabel?: string };

type RecentSearch = { query: string };

function rememberSearch(query: string) {
  // Fire and forget: the page is about to change, and history is a convenience, never a blocker.
  apiPost('/api/search-history', { session_id: guestSessionId(), query }, { keepalive: true }).catch(() => {});
}

export default function LiveSearch({ id, placeholder, initialValue = '', className, buttonLabel }: Props) {
  const [term, setTerm] = useState(initialValue);
  const [results, setResults] = useState<LiveResults | null>(null);
  const [recent, setRecent] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The server's HTML must leave the button enabled: without JavaScript a disabled default button would
  // block Enter. There, `required` refuses a blank box and CSS greys the button; once awake, we disable it.
  const [awake, setAwake] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const latestRequest = useRef(0);
  const debounce = useRef<number | undefined>(undefined);
  const listId = `${id}-listbox`;

  // What the dropdown would show; `open` decides whether it does (Escape hides it, arrows bring it back).
  const available = dropdownView(term, results, recent);
  const view = open ? available : ({ mode: 'closed' } as const);
  const items = available.mode === 'closed' ? [] : available.items;
  const optionId = (index: number) => `${listId}-${index}`;

  function search(next: string) {
    window.clearTimeout(debounce.current);
    // Every keystroke starts a new request number; only the newest reply may be shown.
    const request = ++latestRequest.current;
    if (!isSearchable(next)) {
      setResults(null);
      return;
    }
    debounce.current = window.setTimeout(async () => {
      const reply = await apiGet<LiveResults>('/api/live-search', { q: next.trim(), limit: LIVE_SEARCH.limit }).catch(
        (): LiveResults => ({ products: [], suggestions: [], total: 0, search_term: next.trim() }),
      );
      if (request !== latestRequest.current) return;
      setResults(reply);
      setActive(-1);
      setOpen(true);
    }, LIVE_SEARCH.debounceMs);
  }

  async function loadRecent() {
    const reply = await apiGet<{ recent_searches: RecentSearch[] }>('/api/search-history', {
      limit: LIVE_SEARCH.recentLimit,
      session_id: guestSessionId(),
    }).catch(() => ({ recent_searches: [] }));
    setRecent(reply.recent_searches.map((entry) => entry.query));
    setOpen(true);
  }

  async function clearRecent() {
    await apiPost('/api/search-history/clear', { session_id: guestSessionId() }).catch(() => {});
    setRecent([]);
    input.current?.focus();
  }

  function onInput(next: string) {
    setTerm(next);
    setActive(-1);
    setOpen(true);
    search(next);
    if (next.trim() === '' && recent === null) void loadRecent();
  }

  function choose(item: DropdownItem) {
    if (item.search) rememberSearch(item.search);
    window.location.assign(item.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current === -1 ? (step === 1 ? 0 : items.length - 1) : (current + step + items.length) % items.length));
    } else if (event.key === 'Enter' && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && view.mode !== 'closed') {
      // The first Escape closes the dropdown; only a second one clears the box (the search input's own way).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const query = term.trim();
    if (!query) {
      event.preventDefault();
      return;
    }
    rememberSearch(query);
  }

  useEffect(() => {
    setAwake(true);
    // Text typed before the island woke up is in the DOM, not in state yet.
    const typed = input.current?.value ?? '';
    if (typed !== initialValue) onInput(typed);
    else if (document.activeElement === input.current && typed.trim() === '') void loadRecent();

    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      window.clearTimeout(debounce.current);
    };
  }, []);

  const expanded = view.mode !== 'closed';
  let index = -1;
  const option = (item: DropdownItem, content: React.ReactNode) => {
    index += 1;
    const position = index;
    return (
      <a
        key={`${item.kind}-${item.href}-${position}`}
        id={optionId(position)}
        role="option"
        aria-selected={position === active}
        className={`search-option ${item.kind}${position === active ? ' active' : ''}`}
        href={item.href}
        tabIndex={-1}
        onMouseEnter={() => setActive(position)}
        onClick={(event) => {
          event.preventDefault();
          choose(item);
        }}
      >
        {content}
      </a>
    );
  };

  return (
    <div className={`live-search${className ? ` ${className}` : ''}`} ref={root}>
      <form className="search" action="/products" method="get" role="search" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={id}>
          Search products
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          name="search"
          defaultValue={initialValue}
          placeholder={placeholder}
          required
          pattern=".*\S.*"
          maxLength={200}
          autoComplete="off"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => onInput(event.target.value)}
          onFocus={() => {
            setOpen(true);
            if (term.trim() === '') void loadRecent();
          }}
          onKeyDown={onKeyDown}
        />
        <button className="button" type="submit" aria-label="Search" disabled={awake && !term.trim()}>
          {buttonLabel ?? (
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          )}
        </button>
      </form>
      <div className="search-dropdown" id={listId} role="listbox" aria-label="Search suggestions" hidden={!expanded}>
        {view.mode === 'recent' && (
          <div role="group" aria-label="Recent Searches">
            <div className="search-group-head" role="presentation">
              <span>Recent Searches</span>
              <button type="button" className="link-button" onClick={() => void clearRecent()}>
                Clear
              </button>
            </div>
            {view.items.map((item) => option(item, item.label))}
          </div>
        )}
        {view.mode === 'empty' && (
          <>
            <p className="search-empty" role="status">
              No results found for "{view.term}"
            </p>
            {view.items.map((item) => option(item, item.label))}
          </>
        )}
        {view.mode === 'results' && (
          <>
            {view.items.some((item) => item.kind === 'product') && (
              <div role="group" aria-label="Products">
                <div className="search-group-head" role="presentation">
                  <span>Products</span>
                </div>
                {view.items
                  .filter((item) => item.kind === 'product')
                  .map((item) =>
                    option(
                      item,
                      <>
                        <img src={variantPath(160, 'webp', item.product!.feature_photo)} alt="" width={40} height={40} loading="lazy" />
                        <span className="search-option-name">{item.label}</span>
                        <span className="search-option-price">{formatUGX(item.product!.price_1)}</span>
                      </>,
                    ),
                  )}
              </div>
            )}
            {view.items.some((item) => item.kind === 'suggestion') && (
              <div role="group" aria-label="Suggestions">
                <div className="search-group-head" role="presentation">
                  <span>Suggestions</span>
                </div>
                {view.items.filter((item) => item.kind === 'suggestion').map((item) => option(item, item.label))}
              </div>
            )}
            {view.items.filter((item) => item.kind === 'view-all').map((item) => option(item, item.label))}
          </>
        )}
      </div>
    </div>
  );
}
