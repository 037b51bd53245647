/**
 * The developer page at /test: calls the in-memory mock API and shows what came back and how long the
 * (simulated) wait took, to check loading states without the real server.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getMockProduct, listMockProducts, MOCK_LIST_TYPES, MockApiError, type MockListType, type MockProduct } from '~/dev/mock-api';
import { formatUGX } from '~/lib/money';
import { useHydrated } from '~/islands/use-hydrated';

const LIST_LABELS: Record<MockListType, string> = { all: 'All', deals: 'Deals', top: 'Top' };

type Call<T> = { state: 'idle' } | { state: 'loading' } | { state: 'done'; value: T; ms: number } | { state: 'failed'; problem: string; ms: number };

function describeFailure(error: unknown): string {
  if (error instanceof MockApiError) return `${error.status} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** One call at a time: starting another aborts the one in flight, so a slow answer never overwrites a newer one. */
function useTimedCall<T>() {
  const [call, setCall] = useState<Call<T>>({ state: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  async function run(request: (signal: AbortSignal) => Promise<T>) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setCall({ state: 'loading' });
    const started = performance.now();
    try {
      const value = await request(controller.signal);
      if (!controller.signal.aborted) setCall({ state: 'done', value, ms: Math.round(performance.now() - started) });
    } catch (error) {
      if (!controller.signal.aborted) setCall({ state: 'failed', problem: describeFailure(error), ms: Math.round(performance.now() - started) });
    }
  }

  return [call, run] as const;
}

function statusLine<T>(call: Call<T>, describe: (value: T) => string): string {
  if (call.state === 'loading') return 'Loading…';
  if (call.state === 'done') return `${describe(call.value)} in ${call.ms} ms`;
  if (call.state === 'failed') return `Failed after ${call.ms} ms`;
  return '';
}

/** An empty box means no limit; anything else goes to the mock as typed, so its own check can be tried. */
function readLimit(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

function ProductRow({ product }: { product: MockProduct }) {
  return (
    <li style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', padding: '0.5rem 0' }}>
      <img src={`/storage/images/${product.feature_photo}`} width={80} height={80} alt={product.name} loading="lazy" />
      <div>
        <strong>{product.name}</strong>
        <div>{formatUGX(product.price_1)}</div>
        <small className="muted">
          #{product.id} · Rated {product.rating} of 5 · {product.reviewsCount} reviews
        </small>
      </div>
    </li>
  );
}

export default function MockApiPage() {
  const id = 'mock-api';
  const hydrated = useHydrated();
  const [listType, setListType] = useState<MockListType | null>(null);
  const [limitText, setLimitText] = useState('');
  const [productId, setProductId] = useState('');
  const [listing, runListing] = useTimedCall<MockProduct[]>();
  const [lookup, runLookup] = useTimedCall<MockProduct>();

  function list(type: MockListType) {
    setListType(type);
    const limit = readLimit(limitText);
    void runListing((signal) => listMockProducts(type, { limit, signal }));
  }

  function get(event: FormEvent) {
    event.preventDefault();
    void runLookup((signal) => getMockProduct(productId, { signal }));
  }

  return (
    <>
      <section className="panel" aria-labelledby={`${id}-list-heading`}>
        <h2 id={`${id}-list-heading`}>List products</h2>
        <div className="field">
          <label htmlFor={`${id}-limit`}>Limit (optional)</label>
          <input
            id={`${id}-limit`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={limitText}
            disabled={!hydrated}
            onChange={(event) => setLimitText(event.target.value)}
          />
        </div>
        <div className="button-row" role="group" aria-label="Which products">
          {MOCK_LIST_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className={type === listType ? 'button' : 'button secondary'}
              aria-pressed={type === listType}
              disabled={!hydrated}
              onClick={() => list(type)}
            >
              {LIST_LABELS[type]}
            </button>
          ))}
        </div>
        <p role="status">{statusLine(listing, (products) => `${products.length} ${products.length === 1 ? 'product' : 'products'}`)}</p>
        {listing.state === 'failed' && (
          <p className="form-problem" role="alert">
            {listing.problem}
          </p>
        )}
        {listing.state === 'done' && (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {listing.value.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </ul>
        )}
      </section>

      <section className="panel" aria-labelledby={`${id}-get-heading`}>
        <h2 id={`${id}-get-heading`}>Get a product by id</h2>
        <form onSubmit={get}>
          <div className="field">
            <label htmlFor={`${id}-product-id`}>Product id</label>
            <input
              id={`${id}-product-id`}
              type="text"
              inputMode="numeric"
              placeholder="1-5, 101 or 102"
              required
              value={productId}
              disabled={!hydrated}
              onChange={(event) => setProductId(event.target.value)}
            />
          </div>
          <button type="submit" className="button" disabled={!hydrated}>
            Get
          </button>
        </form>
        <p role="status">{statusLine(lookup, (product) => `Product #${product.id}`)}</p>
        {lookup.state === 'failed' && (
          <p className="form-problem" role="alert">
            {lookup.problem}
          </p>
        )}
        {lookup.state === 'done' && <pre style={{ overflowX: 'auto', fontSize: '0.85rem' }}>{JSON.stringify(lookup.value, null, 2)}</pre>}
      </section>
    </>
  );
}
