import type { Catalogue, Plan } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type { Catalogue, Plan };

/** `GET /product.json`: the static plan list (spec section 7), the same file the server prices from. */
export async function getProducts(): Promise<Catalogue> {
  const response = await fetch('/product.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`套餐列表加载失败（${response.status}）`);
  return (await response.json()) as Catalogue;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 300_000 });

export const useProducts = () => useQuery(productsQueryOptions());
