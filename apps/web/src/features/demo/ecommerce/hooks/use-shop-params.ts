import { useCallback, useMemo } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import {
  categoryKeys,
  sortOptions,
  type CategoryKey,
  type ProductsQuery,
  type SortBy,
} from '../api/types';

export const perPage = 9;

export interface ShopState extends Required<Pick<ProductsQuery, 'q' | 'sortBy' | 'page'>> {
  view: 'grid' | 'list';
  priceMin?: number;
  priceMax?: number;
  categories: CategoryKey[];
  brands: string[];
  rating?: number;
  freeShipping: boolean;
}

const numParam = (v: string | null) => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const listParam = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/** Shop search, sort, view, page and filters, kept in the address so they survive reloads and links. */
export function useShopParams() {
  const [params, setParams] = useAddressParams();

  const state = useMemo<ShopState>(() => {
    const sort = params.get('sort');
    const page = Number(params.get('page'));
    const rating = numParam(params.get('rating'));
    return {
      q: params.get('q') ?? '',
      sortBy: (sortOptions as readonly string[]).includes(sort ?? '')
        ? (sort as SortBy)
        : 'featured',
      page: Number.isInteger(page) && page > 0 ? page : 1,
      view: params.get('view') === 'list' ? 'list' : 'grid',
      priceMin: numParam(params.get('pmin')),
      priceMax: numParam(params.get('pmax')),
      categories: listParam(params.get('cat')).filter((c): c is CategoryKey =>
        (categoryKeys as readonly string[]).includes(c),
      ),
      brands: listParam(params.get('brand')),
      rating: rating && rating >= 1 && rating <= 5 ? Math.floor(rating) : undefined,
      freeShipping: params.get('free') === '1',
    };
  }, [params]);

  /** Changes some of the state; any change other than the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<ShopState>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | undefined) => {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          };
          if ('q' in patch) set('q', patch.q?.trim() || undefined);
          if ('sortBy' in patch)
            set('sort', patch.sortBy === 'featured' ? undefined : patch.sortBy);
          if ('view' in patch) set('view', patch.view === 'list' ? 'list' : undefined);
          if ('priceMin' in patch) set('pmin', patch.priceMin?.toString());
          if ('priceMax' in patch) set('pmax', patch.priceMax?.toString());
          if ('categories' in patch) set('cat', patch.categories?.join(','));
          if ('brands' in patch) set('brand', patch.brands?.join(','));
          if ('rating' in patch) set('rating', patch.rating?.toString());
          if ('freeShipping' in patch) set('free', patch.freeShipping ? '1' : undefined);
          const onlyView = Object.keys(patch).every((k) => k === 'view' || k === 'page');
          if ('page' in patch)
            set('page', patch.page && patch.page > 1 ? String(patch.page) : undefined);
          else if (!onlyView) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      update({
        priceMin: undefined,
        priceMax: undefined,
        categories: [],
        brands: [],
        rating: undefined,
        freeShipping: false,
      }),
    [update],
  );

  const query: ProductsQuery = {
    q: state.q,
    sortBy: state.sortBy,
    perPage,
    page: state.page,
    priceMin: state.priceMin,
    priceMax: state.priceMax,
    categories: state.categories,
    brands: state.brands,
    rating: state.rating,
    freeShipping: state.freeShipping,
  };
  const filterCount =
    (state.priceMin !== undefined || state.priceMax !== undefined ? 1 : 0) +
    state.categories.length +
    state.brands.length +
    (state.rating ? 1 : 0) +
    (state.freeShipping ? 1 : 0);

  return { state, query, update, clearFilters, filterCount };
}
