import { useQuery } from '../use-query';
import { apiGet, ApiError } from '~/browser/api';
import type { CartProduct } from '~/lib/cart';

/** Each product as the store sells it now; `null` for one no longer sold. */
export type CurrentProducts = ReadonlyMap<number, CartProduct | null>;

async function fetchCurrentProducts(ids: number[]): Promise<CurrentProducts> {
  const entries = await Promise.all(
    ids.map(async (id): Promise<[number, CartProduct | null]> => {
      try {
        return [id, await apiGet<CartProduct>(`/api/products/${id}`)];
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [id, null];
        throw error;
      }
    }),
  );
  return new Map(entries);
}

/** The cart's products as the server has them now (price and stock); undefined until known or when offline. */
export function useCurrentProducts(productIds: number[]): CurrentProducts | undefined {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const { data } = useQuery(ids.length > 0 ? ['current-products', ...ids] : null, ([, ...keys]) => fetchCurrentProducts(keys as number[]), {
    keepPrevious: true,
    refetchOnReconnect: true,
  });
  return data;
}
