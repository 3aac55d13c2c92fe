/** Shapes of the shop demo endpoints (`/apps/ecommerce/*`, served by the mock backend). */

export const categoryKeys = [
  'appliances',
  'audio',
  'cameras',
  'carElectronics',
  'cellPhones',
  'computers',
  'health',
  'office',
  'tv',
  'videoGames',
] as const;
export type CategoryKey = (typeof categoryKeys)[number];

export const sortOptions = ['featured', 'price-asc', 'price-desc'] as const;
export type SortBy = (typeof sortOptions)[number];

export const colorOptions = ['primary', 'success', 'warning', 'danger', 'info'] as const;
export type ColorOption = (typeof colorOptions)[number];

export interface Product {
  id: number;
  name: string;
  /** Name-derived, ends with "-<id>". */
  slug: string;
  description: string;
  brand: string;
  price: number;
  image: string;
  hasFreeShipping: boolean;
  /** 1–5 */
  rating: number;
  category: CategoryKey;
}

export interface ListedProduct extends Product {
  isInWishlist: boolean;
  isInCart: boolean;
}

export interface ProductDetails extends ListedProduct {
  colorOptions: ColorOption[];
}

export interface WishlistLine {
  id: number;
  productId: number;
}

export interface CartLine {
  id: number;
  productId: number;
  qty: number;
}

export interface CartProduct extends ListedProduct {
  qty: number;
  /** ISO date (YYYY-MM-DD), 1–7 days from today. */
  shippingDate: string;
  /** 1–4 */
  offers: number;
  /** 3–20 */
  discountPercentage: number;
}

export interface ProductsQuery {
  q?: string;
  sortBy?: SortBy;
  perPage?: number;
  page?: number;
  priceMin?: number;
  priceMax?: number;
  categories?: CategoryKey[];
  brands?: string[];
  /** Minimum rating ("N & up"). */
  rating?: number;
  freeShipping?: boolean;
}

export interface ProductsResponse {
  products: ListedProduct[];
  /** Count after filtering, before paging. */
  total: number;
  userWishlist: WishlistLine[];
  userCart: CartLine[];
}

export interface Facet<T> {
  value: T;
  count: number;
}

export interface ShopFilters {
  categories: Facet<CategoryKey>[];
  brands: Facet<string>[];
  /** Products rated at least `value`. */
  ratings: Facet<number>[];
  priceMin: number;
  priceMax: number;
}

export const addressTypes = ['home', 'work'] as const;
export type AddressType = (typeof addressTypes)[number];

export interface Address {
  fullName: string;
  mobile: string;
  flat: string;
  landmark: string;
  city: string;
  pincode: string;
  state: string;
  type: AddressType;
}

export const paymentMethods = ['card', 'netBanking', 'emi', 'cod'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const emiMonthOptions = [3, 6, 9, 12] as const;

export interface PaymentInput {
  method: PaymentMethod;
  /** Card payments: the last four digits only; the full number never leaves the form. */
  cardLast4?: string;
  cardHolder?: string;
  bank?: string;
  emiMonths?: number;
}

export interface PriceSummary {
  itemCount: number;
  /** Sum of price × qty. */
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
}

export interface OrderLine {
  productId: number;
  name: string;
  brand: string;
  image: string;
  price: number;
  qty: number;
  discountPercentage: number;
}

export interface Order {
  id: number;
  number: string;
  placedAt: string;
  /** ISO date of the latest shipping date of its lines. */
  deliveryDate: string;
  lines: OrderLine[];
  address: Address;
  payment: PaymentInput;
  summary: PriceSummary;
}

export interface PlaceOrderInput {
  address: Address;
  payment: PaymentInput;
}
