/**
 * The header search box with its dropdown: products, suggestions and 'View all N results' as you type,
 * recent searches on an empty box. It hydrates on first interaction (client:interaction); until then
 * the same markup is a plain search form. The input stays uncontrolled so that whatever was typed before
 * hydration is kept. Its state lives in use-live-search.ts.
 */
import SearchDropdown from './SearchDropdown';
import { useLiveSearch } from './use-live-search';
import { islandTranslator } from '~/lib/i18n/current';

type Props = { id: string; placeholder: string; initialValue?: string; className?: string; buttonLabel?: string };

export default function LiveSearch({ id, placeholder, initialValue = '', className, buttonLabel }: Props) {
  const listId = `${id}-listbox`;
  const search = useLiveSearch(listId, initialValue);
  const expanded = search.view.mode !== 'closed';
  const { t, path } = islandTranslator();

  return (
    <div className={`live-search${className ? ` ${className}` : ''}`} ref={search.root}>
      <form className="search" action={path('/products')} method="get" role="search" onSubmit={search.onSubmit}>
        <label className="visually-hidden" htmlFor={id}>
          {t.browse.search.label}
        </label>
        <input
          ref={search.input}
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
          aria-activedescendant={expanded && search.active >= 0 ? search.optionId(search.active) : undefined}
          onChange={(event) => search.onInput(event.target.value)}
          onFocus={search.onFocus}
          onKeyDown={search.onKeyDown}
        />
        <button className="button" type="submit" aria-label={t.browse.search.button} disabled={search.awake && !search.term.trim()}>
          {buttonLabel ?? (
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          )}
        </button>
      </form>
      <SearchDropdown
        listId={listId}
        view={search.view}
        active={search.active}
        optionId={search.optionId}
        onHighlight={search.highlight}
        onChoose={search.choose}
        onClearRecent={() => void search.clearRecent()}
      />
    </div>
  );
}
