/** The fields of each kind of content: a page, the home promotions, the contact details. */
import { useState } from 'react';
import { CONTENT_LIMITS as LIMITS, type ContactDetails, type ContactWords, type HomeBanner, type PageContent, type Promotions } from '~/lib/site-content';
import MarkdownEditor from './MarkdownEditor';
import ListFields from './ListFields';
import { uploadPicture, type DocumentAt } from './editor-api';
import { PICTURE_TYPES_ACCEPTED } from '~/lib/picture-uploads';

type FieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  min?: number;
  disabled: boolean;
  multiline?: boolean;
  hint?: string;
};

/** A labelled text field with its length beside it. */
function TextField({ id, label, value, onChange, max, min, disabled, multiline, hint }: FieldProps) {
  const count = `${value.trim().length} of ${min ? `${min}–` : 'at most '}${max} characters`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          maxLength={max}
          rows={3}
          disabled={disabled}
          aria-describedby={`${id}-count`}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input id={id} value={value} maxLength={max} disabled={disabled} aria-describedby={`${id}-count`} onChange={(e) => onChange(e.target.value)} />
      )}
      <span id={`${id}-count`} className="muted small">
        {hint ? `${hint} ` : ''}
        {count}
      </span>
    </div>
  );
}

export function PageFields({
  at,
  content,
  onChange,
  disabled,
}: {
  /** The page and the language being edited, for the live preview. */
  at: DocumentAt;
  content: PageContent;
  onChange: (next: PageContent) => void;
  disabled: boolean;
}) {
  const set = <F extends keyof PageContent>(field: F, value: PageContent[F]) => onChange({ ...content, [field]: value });
  return (
    <>
      <div className="field-row">
        <TextField
          id="page-title"
          label="Title (browser tab and search results)"
          value={content.title}
          max={LIMITS.title.max}
          min={LIMITS.title.min}
          disabled={disabled}
          onChange={(v) => set('title', v)}
        />
        <TextField
          id="page-heading"
          label="Heading on the page (optional)"
          value={content.heading ?? ''}
          max={LIMITS.heading}
          disabled={disabled}
          onChange={(v) => set('heading', v)}
        />
      </div>
      <TextField
        id="page-description"
        label="Description (shown under the link in search results)"
        value={content.description}
        max={LIMITS.description.max}
        min={LIMITS.description.min}
        disabled={disabled}
        multiline
        onChange={(v) => set('description', v)}
      />
      <MarkdownEditor
        id="page-body"
        label="Page text"
        value={content.body}
        maxLength={LIMITS.body}
        onChange={(body) => set('body', body)}
        previewAt={at}
        previewContent={(body) => ({ ...content, body })}
      />
      <ListFields
        id="page-highlights"
        legend="Tiles above the text"
        itemName="Tile"
        items={content.highlights ?? []}
        max={LIMITS.highlights}
        blank={{ title: '', text: '' }}
        fields={[
          { name: 'title', label: 'title', maxLength: LIMITS.highlightTitle },
          { name: 'text', label: 'text', maxLength: LIMITS.highlightText, multiline: true },
        ]}
        disabled={disabled}
        onChange={(items) => set('highlights', items)}
      />
      <ListFields
        id="page-faqs"
        legend="Questions and answers (FAQ)"
        itemName="Question"
        items={content.faqs ?? []}
        max={LIMITS.faqs}
        blank={{ question: '', answer: '' }}
        fields={[
          { name: 'question', label: 'question', maxLength: LIMITS.question },
          { name: 'answer', label: 'answer (plain text)', maxLength: LIMITS.answer, multiline: true },
        ]}
        disabled={disabled}
        onChange={(items) => set('faqs', items)}
      />
    </>
  );
}

function BannerPicture({ banner, index, onPicture, disabled }: { banner: HomeBanner; index: number; onPicture: (url: string) => void; disabled: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="field">
      <span className="muted small">
        Banner {index + 1}: picture {banner.image ? `(${banner.image})` : '(none yet)'}
      </span>
      <label className="button small secondary">
        Upload banner {index + 1} picture
        <input
          type="file"
          className="visually-hidden"
          accept={PICTURE_TYPES_ACCEPTED}
          disabled={disabled}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setProblem(null);
            await uploadPicture(file).then(
              ({ url }) => onPicture(url),
              (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
            );
          }}
        />
      </label>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

export function PromotionsFields({ content, onChange, disabled }: { content: Promotions; onChange: (next: Promotions) => void; disabled: boolean }) {
  return (
    <>
      <ListFields
        id="promotion-tiles"
        legend="Promotion tiles in the header"
        itemName="Tile"
        items={content.tiles}
        max={LIMITS.tiles.max}
        blank={{ title: '', text: '', href: '/products' }}
        fields={[
          { name: 'title', label: 'title', maxLength: LIMITS.tileTitle },
          { name: 'text', label: 'text', maxLength: LIMITS.tileText },
          { name: 'href', label: 'link', maxLength: 300, hint: 'A page of the store, e.g. /products?home_section_1=1' },
        ]}
        disabled={disabled}
        onChange={(tiles) => onChange({ ...content, tiles })}
      />
      <ListFields
        id="promotion-banners"
        legend="Banners at the top of the home page"
        itemName="Banner"
        items={content.banners}
        max={LIMITS.banners}
        blank={{ title: '', text: '', href: '/products', image: '' }}
        fields={[
          { name: 'title', label: 'title', maxLength: LIMITS.bannerTitle },
          { name: 'text', label: 'text', maxLength: LIMITS.bannerText },
          { name: 'href', label: 'link', maxLength: 300 },
        ]}
        disabled={disabled}
        onChange={(banners) => onChange({ ...content, banners })}
        extra={(banner, index) => (
          <BannerPicture
            banner={banner}
            index={index}
            disabled={disabled}
            onPicture={(image) => onChange({ ...content, banners: content.banners.map((b, i) => (i === index ? { ...b, image } : b)) })}
          />
        )}
      />
    </>
  );
}

type ContactProps<C> = { content: C; onChange: (next: C) => void; disabled: boolean };

/**
 * The contact details' fields; `wordsOnly` for a translation, which holds the address and the city only (the
 * numbers and the email are the same in every language and are changed in English).
 */
export function ContactFields(props: (ContactProps<ContactDetails> & { wordsOnly?: false }) | (ContactProps<ContactWords> & { wordsOnly: true })) {
  const { disabled } = props;
  const content = props.content as ContactDetails;
  const onChange = props.onChange as (next: ContactWords | ContactDetails) => void;
  const field = (name: keyof ContactDetails, label: string, max: number = LIMITS.contactLine) => (
    <TextField
      id={`contact-${name}`}
      label={label}
      value={content[name]}
      max={max}
      disabled={disabled}
      onChange={(value) => onChange({ ...content, [name]: value })}
    />
  );
  if (props.wordsOnly)
    return (
      <>
        {field('address', 'Address')}
        {field('city', 'City', 60)}
        <p className="muted small">The phone numbers and the email are the same in every language: change them in English.</p>
      </>
    );
  return (
    <>
      {field('address', 'Address')}
      {field('city', 'City', 60)}
      <div className="field-row">
        {field('phone', 'Phone', 40)}
        {field('whatsapp', 'WhatsApp', 40)}
      </div>
      {field('email', 'Email')}
    </>
  );
}
