/**
 * What the header search box holds between keystrokes: the term, the latest live results (debounced, and
 * only the newest reply counts), the recent searches, whether the dropdown is open and which option the
 * arrow keys are on. What the dropdown shows for these is decided by `dropdownView` in lib/live-search.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { apiGet, apiPost } from '~/browser/api';
import { islandTranslator } from '~/lib/i18n/current';
import { LIVE_SEARCH, dropdownView, isSearchable, nextActiveOption, type DropdownItem, type DropdownView, type LiveResults } from '~/lib/live-search-view';

type RecentSearch = { query: string };

function rememberSearch(query: string) {
  // Fire and forget: the page is about to change, and history is a convenience, never a blocker. A guest is
  // known by the signed id the store keeps in an HttpOnly cookie, sent with every call to the store.
  apiPost('/api/search-history', { query }, { keepalive: true }).catch(() => {});
}

/** The live results for what is typed: debounced, and only the newest reply counts. */
function useLiveResults(onArrived: () => void) {
  const [results, setResults] = useState<LiveResults | null>(null);
  const latestRequest = useRef(0);
  const debounce = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(debounce.current), []);

  function search(next: string) {
    window.clearTimeout(debounce.current);
    // Every keystroke starts a new request number; only the newest reply may be shown.
    const request = ++latestRequest.current;
    if (!isSearchable(next)) {
      setResults(null);
      return;
    }
    debounce.current = window.setTimeout(async () => {
      const reply = await apiGet<LiveResults>('/api/live-search', { q: next.trim(), limit: LIVE_SEARCH.limit }).catch((): LiveResults => ({
        products: [],
        suggestions: [],
        total: 0,
        search_term: next.trim(),
      }));
      if (request !== latestRequest.current) return;
      setResults(reply);
      onArrived();
    }, LIVE_SEARCH.debounceMs);
  }

  return { results, search };
}

/** The shopper's recent searches: null until asked for (when the box is empty and in use). */
function useRecentSearches(onLoaded: () => void) {
  const [recent, setRecent] = useState<string[] | null>(null);

  async function loadRecent() {
    const reply = await apiGet<{ recent_searches: RecentSearch[] }>('/api/search-history', { limit: LIVE_SEARCH.recentLimit }).catch(() => ({
      recent_searches: [],
    }));
    setRecent(reply.recent_searches.map((entry) => entry.query));
    onLoaded();
  }

  async function clearRecent() {
    await apiPost('/api/search-history/clear', {}).catch(() => {});
    setRecent([]);
  }

  return { recent, loadRecent, clearRecent };
}

/** The search box's state and what its controls do; `listId` names the dropdown's element and its options. */
export function useLiveSearch(listId: string, initialValue: string) {
  const [term, setTerm] = useState(initialValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The server's HTML must leave the button enabled: without JavaScript a disabled default button would
  // block Enter. There, `required` refuses a blank box and CSS greys the button; once awake, we disable it.
  const [awake, setAwake] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const { results, search } = useLiveResults(() => {
    setActive(-1);
    setOpen(true);
  });
  const { recent, loadRecent, clearRecent: forgetRecent } = useRecentSearches(() => setOpen(true));

  // What the dropdown would show; `open` decides whether it does (Escape hides it, arrows bring it back).
  const available = dropdownView(term, results, recent, islandTranslator());
  const view: DropdownView = open ? available : { mode: 'closed' };
  const items = available.mode === 'closed' ? [] : available.items;

  async function clearRecent() {
    await forgetRecent();
    input.current?.focus();
  }

  function onInput(next: string) {
    setTerm(next);
    setActive(-1);
    setOpen(true);
    search(next);
    if (next.trim() === '' && recent === null) void loadRecent();
  }

  function onFocus() {
    setOpen(true);
    if (term.trim() === '') void loadRecent();
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
      setActive((current) => nextActiveOption(current, step, items.length));
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
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);

  return {
    /** The text box and the element around box and dropdown (a press outside it closes the dropdown). */
    input,
    root,
    term,
    /** What the dropdown shows now: `closed` when it is hidden. */
    view,
    /** The index in `view.items` of the option the arrow keys are on, -1 for none. */
    active,
    awake,
    optionId: (index: number) => `${listId}-${index}`,
    onInput,
    onFocus,
    onKeyDown,
    onSubmit,
    highlight: setActive,
    choose,
    clearRecent,
  };
}

/** What `useLiveSearch` gives the view. */
export type LiveSearchState = ReturnType<typeof useLiveSearch>;
