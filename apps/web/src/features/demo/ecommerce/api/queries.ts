import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { notifications } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { demoApi } from '@/lib/demo-client';
import type {
  CartProduct,
  ListedProduct,
  Order,
  PlaceOrderInput,
  ProductDetails,
  ProductsQuery,
  ProductsResponse,
  ShopFilters,
} from './types';

const base = '/apps/ecommerce';

/** Query keys shared by every shop screen and the navbar cart, so counts stay in sync. */
export const ecommerceKeys = {
  all: ['ecommerce'] as const,
  products: (query: ProductsQuery) => ['ecommerce', 'products', query] as const,
  product: (id: number) => ['ecommerce', 'product', id] as const,
  filters: ['ecommerce', 'filters'] as const,
  wishlist: ['ecommerce', 'wishlist'] as const,
  cart: ['ecommerce', 'cart'] as const,
};

/** Query string of a product listing: lists comma-joined, empty values left out. */
export function productsParams(query: ProductsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.q) out.q = query.q;
  if (query.sortBy) out.sortBy = query.sortBy;
  if (query.perPage) out.perPage = String(query.perPage);
  if (query.page) out.page = String(query.page);
  if (query.priceMin !== undefined) out.priceMin = String(query.priceMin);
  if (query.priceMax !== undefined) out.priceMax = String(query.priceMax);
  if (query.categories?.length) out.categories = query.categories.join(',');
  if (query.brands?.length) out.brands = query.brands.join(',');
  if (query.rating) out.rating = String(query.rating);
  if (query.freeShipping) out.freeShipping = 'true';
  return out;
}

export function useProducts(query: ProductsQuery) {
  return useQuery({
    queryKey: ecommerceKeys.products(query),
    queryFn: async () =>
      (await demoApi.get<ProductsResponse>(`${base}/products`, { params: productsParams(query) }))
        .data,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: ecommerceKeys.product(id ?? 0),
    enabled: id !== null,
    retry: (count, err) =>
      (err as { response?: { status?: number } }).response?.status !== 404 && count < 1,
    queryFn: async () =>
      (await demoApi.get<{ product: ProductDetails }>(`${base}/products/${String(id)}`)).data
        .product,
  });
}

export function useShopFilters() {
  return useQuery({
    queryKey: ecommerceKeys.filters,
    staleTime: Infinity,
    queryFn: async () => (await demoApi.get<ShopFilters>(`${base}/filters`)).data,
  });
}

export function useWishlist() {
  return useQuery({
    queryKey: ecommerceKeys.wishlist,
    queryFn: async () =>
      (await demoApi.get<{ products: ListedProduct[] }>(`${base}/wishlist`)).data.products,
  });
}

export function useCart(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...options,
    queryKey: ecommerceKeys.cart,
    queryFn: async () =>
      (await demoApi.get<{ products: CartProduct[] }>(`${base}/cart`)).data.products,
  });
}

/** Whether a request failed because the thing is not there. */
export function isNotFound(err: unknown): boolean {
  return (err as { response?: { status?: number } } | null)?.response?.status === 404;
}

function refreshShop(client: QueryClient) {
  return client.invalidateQueries({ queryKey: ecommerceKeys.all });
}

function useShopMutation<V>(
  request: (vars: V) => Promise<unknown>,
  optimistic?: (client: QueryClient, vars: V) => void,
) {
  const client = useQueryClient();
  const { t } = useTranslation('ecommerce');
  return useMutation({
    mutationFn: request,
    onMutate: async (vars: V) => {
      if (!optimistic) return;
      await client.cancelQueries({ queryKey: ecommerceKeys.cart });
      optimistic(client, vars);
    },
    onError: () => {
      notifications.show({ color: 'red', title: t('errors.title'), message: t('errors.action') });
    },
    onSettled: () => refreshShop(client),
  });
}

export function useAddToCart() {
  return useShopMutation((productId: number) => demoApi.post(`${base}/cart`, { productId }));
}

export function useRemoveFromCart() {
  return useShopMutation(
    (productId: number) => demoApi.delete(`${base}/cart/${String(productId)}`),
    (client, productId) =>
      client.setQueryData<CartProduct[]>(ecommerceKeys.cart, (old) =>
        old?.filter((p) => p.id !== productId),
      ),
  );
}

export function useSetCartQty() {
  return useShopMutation(
    ({ productId, qty }: { productId: number; qty: number }) =>
      demoApi.patch(`${base}/cart/${String(productId)}`, { qty }),
    (client, { productId, qty }) =>
      client.setQueryData<CartProduct[]>(ecommerceKeys.cart, (old) =>
        old?.map((p) => (p.id === productId ? { ...p, qty } : p)),
      ),
  );
}

export function useAddToWishlist() {
  return useShopMutation((productId: number) => demoApi.post(`${base}/wishlist`, { productId }));
}

export function useRemoveFromWishlist() {
  return useShopMutation((productId: number) =>
    demoApi.delete(`${base}/wishlist/${String(productId)}`),
  );
}

/** Moves a wishlist product to the cart (adds it there, takes it off the wishlist). */
export function useMoveToCart() {
  return useShopMutation(async (productId: number) => {
    await demoApi.post(`${base}/cart`, { productId });
    await demoApi.delete(`${base}/wishlist/${String(productId)}`);
  });
}

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlaceOrderInput) =>
      (await demoApi.post<{ order: Order }>(`${base}/orders`, input)).data.order,
    onSuccess: () => refreshShop(client),
  });
}
