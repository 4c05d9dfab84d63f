import { queryOptions, useQuery } from '@tanstack/react-query';

/** A VIP plan of `product.json`; prices are integers in fen. */
export interface Plan {
  id: string;
  name: string;
  days: number;
  price: number;
  originalPrice: number;
  badge: string;
  benefits: string[];
}

export interface Catalogue {
  currency: 'CNY';
  plans: Plan[];
}

/** `GET /product.json`: the static plan list (spec section 7), the same file the server prices from. */
export async function getProducts(): Promise<Catalogue> {
  const response = await fetch('/product.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`套餐列表加载失败（${response.status}）`);
  return (await response.json()) as Catalogue;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 300_000 });

export const useProducts = () => useQuery(productsQueryOptions());
