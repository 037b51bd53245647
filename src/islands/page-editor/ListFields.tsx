/**
 * A list of small records edited in place (FAQ entries, highlight tiles, promotion tiles, banners): each
 * item's fields, with buttons to add one, remove one and move it up.
 */
import type { ReactNode } from 'react';

export type ItemField<T> = { name: keyof T & string; label: string; maxLength: number; multiline?: boolean; hint?: string };

type Props<T extends Record<string, string>> = {
  id: string;
  legend: string;
  items: T[];
  fields: ItemField<T>[];
  max: number;
  blank: T;
  itemName: string;
  onChange: (items: T[]) => void;
  disabled: boolean;
  /** Something extra under an item's fields (a banner's picture upload). */
  extra?: (item: T, index: number) => ReactNode;
};

export default function ListFields<T extends Record<string, string>>({ id, legend, items, fields, max, blank, itemName, onChange, disabled, extra }: Props<T>) {
  const update = (index: number, name: keyof T, value: string) => onChange(items.map((item, i) => (i === index ? { ...item, [name]: value } : item)));
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));
  const moveUp = (index: number) => onChange(items.map((item, i) => (i === index - 1 ? items[index]! : i === index ? items[index - 1]! : item)));
  return (
    <fieldset className="list-fields" id={id}>
      <legend>
        {legend}{' '}
        <span className="muted small">
          ({items.length} of at most {max})
        </span>
      </legend>
      {items.map((item, index) => (
        <div className="list-item" key={index}>
          {fields.map((field) => {
            const fieldId = `${id}-${index}-${field.name}`;
            const value = item[field.name] ?? '';
            return (
              <div className="field" key={field.name}>
                <label htmlFor={fieldId}>
                  {itemName} {index + 1}: {field.label}
                </label>
                {field.multiline ? (
                  <textarea
                    id={fieldId}
                    value={value}
                    maxLength={field.maxLength}
                    rows={3}
                    disabled={disabled}
                    onChange={(e) => update(index, field.name, e.target.value)}
                  />
                ) : (
                  <input
                    id={fieldId}
                    value={value}
                    maxLength={field.maxLength}
                    disabled={disabled}
                    onChange={(e) => update(index, field.name, e.target.value)}
                  />
                )}
                {field.hint && <span className="muted small">{field.hint}</span>}
              </div>
            );
          })}
          {extra?.(item, index)}
          <div className="button-row">
            {index > 0 && (
              <button type="button" className="button small secondary" disabled={disabled} onClick={() => moveUp(index)}>
                Move {itemName.toLowerCase()} {index + 1} up
              </button>
            )}
            <button type="button" className="button small secondary danger" disabled={disabled} onClick={() => remove(index)}>
              Remove {itemName.toLowerCase()} {index + 1}
            </button>
          </div>
        </div>
      ))}
      {items.length < max && (
        <button type="button" className="button small secondary" disabled={disabled} onClick={() => onChange([...items, { ...blank }])}>
          Add {itemName.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}
