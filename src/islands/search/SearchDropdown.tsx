/**
 * The live search's dropdown (a listbox): recent searches, "No results" with Search anyway, or products,
 * suggestions and View all. Options are links, so each also works as a plain link.
 */
import type { ReactNode } from 'react';
import { variantPath } from '~/lib/image-variants';
import type { DropdownItem, DropdownView } from '~/lib/live-search-view';
import { islandTranslator } from '~/lib/i18n/current';

type Props = {
  listId: string;
  view: DropdownView;
  /** The index in `view.items` of the highlighted option, -1 for none. */
  active: number;
  optionId: (index: number) => string;
  onHighlight: (index: number) => void;
  onChoose: (item: DropdownItem) => void;
  onClearRecent: () => void;
};

export default function SearchDropdown({ listId, view, active, optionId, onHighlight, onChoose, onClearRecent }: Props) {
  const { t, fill, money } = islandTranslator();
  const words = t.browse.search;
  const items = view.mode === 'closed' ? [] : view.items;
  const ofKind = (kind: DropdownItem['kind']) => items.filter((item) => item.kind === kind);
  // Options are numbered by their place in view.items, which is also the order they are drawn in.
  const option = (item: DropdownItem, content: ReactNode = item.label) => {
    const position = items.indexOf(item);
    return (
      <a
        key={`${item.kind}-${item.href}-${position}`}
        id={optionId(position)}
        role="option"
        aria-selected={position === active}
        className={`search-option ${item.kind}${position === active ? ' active' : ''}`}
        href={item.href}
        tabIndex={-1}
        onMouseEnter={() => onHighlight(position)}
        onClick={(event) => {
          event.preventDefault();
          onChoose(item);
        }}
      >
        {content}
      </a>
    );
  };

  return (
    <div className="search-dropdown" id={listId} role="listbox" aria-label={words.suggestionsLabel} hidden={view.mode === 'closed'}>
      {view.mode === 'recent' && (
        <div role="group" aria-label={words.recent}>
          <div className="search-group-head" role="presentation">
            <span>{words.recent}</span>
            <button type="button" className="link-button" onClick={onClearRecent}>
              {words.clear}
            </button>
          </div>
          {items.map((item) => option(item))}
        </div>
      )}
      {view.mode === 'empty' && (
        <>
          <p className="search-empty" role="status">
            {fill(words.noResults, { term: view.term })}
          </p>
          {items.map((item) => option(item))}
        </>
      )}
      {view.mode === 'results' && (
        <>
          {ofKind('product').length > 0 && (
            <div role="group" aria-label={words.products}>
              <div className="search-group-head" role="presentation">
                <span>{words.products}</span>
              </div>
              {ofKind('product').map((item) =>
                option(
                  item,
                  <>
                    <img src={variantPath(160, 'webp', item.product!.feature_photo)} alt="" width={40} height={40} loading="lazy" />
                    <span className="search-option-name">{item.label}</span>
                    <span className="search-option-price">{money(item.product!.price_1)}</span>
                  </>,
                ),
              )}
            </div>
          )}
          {ofKind('suggestion').length > 0 && (
            <div role="group" aria-label={words.suggestions}>
              <div className="search-group-head" role="presentation">
                <span>{words.suggestions}</span>
              </div>
              {ofKind('suggestion').map((item) => option(item))}
            </div>
          )}
          {ofKind('view-all').map((item) => option(item))}
        </>
      )}
    </div>
  );
}
