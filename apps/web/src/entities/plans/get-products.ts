import type { Catalogue, Plan } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type { Catalogue, Plan };

/** `GET /product.json` (spec section 7): the plans on sale, as the console left them; the server prices from the same rows. */
export async function getProducts(): Promise<Catalogue> {
  const response = await fetch('/product.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`套餐列表加载失败（${response.status}）`);
  return (await response.json()) as Catalogue;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 60_000 });

export const useProducts = () => useQuery(productsQueryOptions());
