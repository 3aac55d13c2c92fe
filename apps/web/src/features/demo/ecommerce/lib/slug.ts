/** Product id of a product slug: the number after its last "-" (null when there is none). */
export function idFromSlug(slug: string | undefined): number | null {
  if (!slug) return null;
  const tail = slug.slice(slug.lastIndexOf('-') + 1);
  if (!/^\d+$/.test(tail)) return null;
  const id = Number(tail);
  return id > 0 ? id : null;
}

export const shopPath = '/apps/e-commerce/shop';
export const checkoutPath = '/apps/e-commerce/checkout';
export const productPath = (slug: string) => `/apps/e-commerce/${slug}`;
