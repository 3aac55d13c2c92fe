import type {
  CartLine,
  CategoryKey,
  Order,
  Product,
  WishlistLine,
} from '@/features/demo/ecommerce/api/types';

/** A cart row with the listing extras fixed when the product was added. */
export interface CartRow extends CartLine {
  /** Days from today until shipping (1–7). */
  shippingInDays: number;
  offers: number;
  discountPercentage: number;
}

type Seed = Omit<Product, 'slug' | 'image'>;

const seed: Seed[] = [
  {
    id: 1,
    name: 'VicTsing Wireless Mouse',
    brand: 'VicTsing',
    category: 'computers',
    price: 10.83,
    rating: 3,
    hasFreeShipping: false,
    description:
      'Ergonomic 2.4 GHz wireless mouse with five adjustable DPI levels, a nano receiver and a quiet click for the office or travel.',
  },
  {
    id: 2,
    name: 'Bose Frames Tenor Audio Sunglasses',
    brand: 'Bose',
    category: 'audio',
    price: 249,
    rating: 4,
    hasFreeShipping: true,
    description:
      'Polarized rectangular sunglasses with open-ear Bluetooth audio, hands-free calls and up to 5.5 hours of playback.',
  },
  {
    id: 3,
    name: 'Willful Smart Watch',
    brand: 'Willful',
    category: 'health',
    price: 29.99,
    rating: 5,
    hasFreeShipping: true,
    description:
      'Fitness tracker watch with heart-rate monitor, sleep tracking, nine sport modes and a water-resistant case.',
  },
  {
    id: 4,
    name: 'Ring Video Doorbell Pro',
    brand: 'Ring',
    category: 'cameras',
    price: 249.99,
    rating: 4,
    hasFreeShipping: false,
    description:
      '1080p HD video doorbell with two-way talk, advanced motion detection and interchangeable faceplates.',
  },
  {
    id: 5,
    name: 'Apple iPhone 11 (64GB, Black)',
    brand: 'Apple',
    category: 'cellPhones',
    price: 669.99,
    rating: 5,
    hasFreeShipping: true,
    description:
      'Dual-camera system with Night mode, all-day battery life and the A13 Bionic chip in a 6.1-inch Liquid Retina display.',
  },
  {
    id: 6,
    name: 'Apple iMac 27-inch',
    brand: 'Apple',
    category: 'computers',
    price: 1799,
    rating: 4,
    hasFreeShipping: true,
    description:
      'All-in-one desktop with a 5K Retina display, six-core processor, Radeon Pro graphics and a 256 GB SSD.',
  },
  {
    id: 7,
    name: 'OneOdio A71 Wired Headphones',
    brand: 'OneOdio',
    category: 'audio',
    price: 49.99,
    rating: 3,
    hasFreeShipping: false,
    description:
      'Over-ear studio headphones with 40 mm drivers, a foldable design and a shareable 3.5 mm jack.',
  },
  {
    id: 8,
    name: 'Apple MacBook Air (13-inch, 8GB RAM, 256GB SSD)',
    brand: 'Apple',
    category: 'computers',
    price: 1099.99,
    rating: 4,
    hasFreeShipping: true,
    description:
      'Thin and light laptop with a Retina display, Touch ID, a Magic Keyboard and all-day battery life.',
  },
  {
    id: 9,
    name: 'Switch Pro Controller',
    brand: 'Nintendo',
    category: 'videoGames',
    price: 69.99,
    rating: 3,
    hasFreeShipping: false,
    description:
      'Wireless controller with motion controls, HD rumble, built-in amiibo support and a rechargeable battery.',
  },
  {
    id: 10,
    name: 'Google Home Smart Speaker',
    brand: 'Google',
    category: 'audio',
    price: 129.29,
    rating: 4,
    hasFreeShipping: true,
    description:
      'Voice-controlled speaker with Google Assistant to play music, answer questions and control smart home devices.',
  },
  {
    id: 11,
    name: 'Sony 85-inch 4K Ultra HD LED TV',
    brand: 'Sony',
    category: 'tv',
    price: 7999.99,
    rating: 5,
    hasFreeShipping: true,
    description:
      'Flagship 4K HDR television with a full-array LED backlight, X1 Ultimate processor and Acoustic Multi-Audio.',
  },
  {
    id: 12,
    name: 'OnePlus 7T',
    brand: 'OnePlus',
    category: 'cellPhones',
    price: 549.99,
    rating: 3,
    hasFreeShipping: false,
    description:
      '90 Hz fluid AMOLED display, triple camera with ultra-wide lens and Warp Charge 30T fast charging.',
  },
  {
    id: 13,
    name: 'Razer DeathAdder V2 Gaming Mouse',
    brand: 'Razer',
    category: 'computers',
    price: 69.49,
    rating: 3,
    hasFreeShipping: true,
    description:
      'Ergonomic gaming mouse with a 20K DPI optical sensor, optical switches and eight programmable buttons.',
  },
  {
    id: 14,
    name: 'Nikon D3500 DSLR Camera',
    brand: 'Nikon',
    category: 'cameras',
    price: 499.99,
    rating: 4,
    hasFreeShipping: false,
    description:
      '24.2 MP DX-format DSLR with an 18–55 mm lens, Bluetooth image transfer and a guide mode for beginners.',
  },
  {
    id: 15,
    name: 'Garmin DriveSmart 65 GPS Navigator',
    brand: 'Garmin',
    category: 'carElectronics',
    price: 229.99,
    rating: 2,
    hasFreeShipping: true,
    description:
      'Car navigator with a 6.95-inch edge-to-edge display, voice control and live traffic through the app.',
  },
  {
    id: 16,
    name: 'Bose SoundLink Micro',
    brand: 'Bose',
    category: 'audio',
    price: 89.99,
    rating: 4,
    hasFreeShipping: true,
    description:
      'Small waterproof Bluetooth speaker with a tear-resistant strap and surprisingly big sound.',
  },
  {
    id: 17,
    name: 'Beats Powerbeats Pro',
    brand: 'Beats',
    category: 'audio',
    price: 249.95,
    rating: 4,
    hasFreeShipping: false,
    description:
      'Totally wireless high-performance earphones with adjustable ear hooks and up to 9 hours of listening time.',
  },
  {
    id: 18,
    name: 'Apple AirPods with Charging Case',
    brand: 'Apple',
    category: 'audio',
    price: 159.99,
    rating: 4,
    hasFreeShipping: true,
    description:
      'Wireless earbuds that connect automatically, with quick access to Siri and more than 24 hours with the case.',
  },
  {
    id: 19,
    name: 'Samsung Galaxy Tab S6',
    brand: 'Samsung',
    category: 'computers',
    price: 649.99,
    rating: 3,
    hasFreeShipping: false,
    description:
      '10.5-inch Super AMOLED tablet with an included S Pen, quad speakers tuned by AKG and 128 GB storage.',
  },
  {
    id: 20,
    name: 'KitchenAid Artisan Stand Mixer',
    brand: 'KitchenAid',
    category: 'appliances',
    price: 379.99,
    rating: 5,
    hasFreeShipping: true,
    description:
      '5-quart tilt-head stand mixer with ten speeds and a pouring shield, in a durable metal housing.',
  },
  {
    id: 21,
    name: 'Logitech MX Keys Wireless Keyboard',
    brand: 'Logitech',
    category: 'office',
    price: 119.99,
    rating: 2,
    hasFreeShipping: false,
    description:
      'Advanced illuminated keyboard with spherically dished keys, multi-device pairing and USB-C charging.',
  },
  {
    id: 22,
    name: 'Fitbit Charge 4 Fitness Tracker',
    brand: 'Fitbit',
    category: 'health',
    price: 149.95,
    rating: 3,
    hasFreeShipping: true,
    description:
      'Fitness band with built-in GPS, Active Zone Minutes, sleep score and up to seven days of battery.',
  },
  {
    id: 23,
    name: 'Xbox Wireless Controller',
    brand: 'Microsoft',
    category: 'videoGames',
    price: 59.99,
    rating: 4,
    hasFreeShipping: false,
    description:
      'Controller with a hybrid D-pad, textured grips, a share button and Bluetooth for PC and mobile play.',
  },
  {
    id: 24,
    name: 'Canon PIXMA Wireless Printer',
    brand: 'Canon',
    category: 'office',
    price: 79.99,
    rating: 1,
    hasFreeShipping: false,
    description:
      'All-in-one inkjet printer that prints, copies and scans, with mobile printing and auto duplex.',
  },
  {
    id: 25,
    name: 'Whirlpool Countertop Microwave',
    brand: 'Whirlpool',
    category: 'appliances',
    price: 189.99,
    rating: 2,
    hasFreeShipping: false,
    description:
      '1.6 cu. ft. microwave with sensor cooking, a steam-clean cycle and a 1200 W power level.',
  },
  {
    id: 26,
    name: 'Apple iPad Air (10.9-inch, Wi-Fi, 64GB)',
    brand: 'Apple',
    category: 'computers',
    price: 599,
    rating: 5,
    hasFreeShipping: true,
    description:
      'Liquid Retina display, A14 Bionic chip, Touch ID in the top button and support for Apple Pencil.',
  },
  {
    id: 27,
    name: 'Apple Watch Series 5',
    brand: 'Apple',
    category: 'health',
    price: 399.98,
    rating: 5,
    hasFreeShipping: true,
    description:
      'Always-on Retina display, ECG app, fall detection and a built-in compass, in a 44 mm aluminium case.',
  },
];

/** URL-friendly name followed by "-<id>". */
export function slugify(name: string, id: number): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base}-${id}`;
}

const categoryGlyph: Record<CategoryKey, string> = {
  appliances: 'M-40 -30h80v60h-80z M-28 -18h44v36h-44z',
  audio: 'M-30 10a30 30 0 0 1 60 0v18h-14v-22h10a26 26 0 0 0-52 0h10v22h-14z',
  cameras: 'M-40 -22h22l6-10h24l6 10h22v50h-80z M0 0m-14 0a14 14 0 1 0 28 0a14 14 0 1 0-28 0',
  carElectronics: 'M-42 -26h84v52h-84z M-30 -14h60v28h-60z',
  cellPhones: 'M-20 -40h40v80h-40z M-14 -32h28v58h-28z',
  computers: 'M-44 -30h88v52h-88z M-36 -22h72v36h-72z M-54 26h108v6h-108z',
  health: 'M-16 -42h32v14h-32z M-16 28h32v14h-32z M-22 -28h44v56h-44z',
  office: 'M-40 -10h80v36h-80z M-26 -36h52v26h-52z M-26 14h52v24h-52z',
  tv: 'M-50 -32h100v58h-100z M-42 -24h84v42h-84z M-16 32h32v6h-32z',
  videoGames: 'M-46 -14q0-16 16-16h60q16 0 16 16l6 28q2 16-14 16l-16-12h-40l-16 12q-16 0-14-16z',
};

/** A local picture of a product (no network needed): colour, category glyph and initials. */
export function productImage(p: Seed): string {
  const hue = (p.id * 47) % 360;
  const initials = p.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,45%)"/></linearGradient></defs><rect width="400" height="400" rx="24" fill="url(#g)"/><circle cx="200" cy="170" r="96" fill="#fff" fill-opacity="0.18"/><path transform="translate(200 170)" d="${categoryGlyph[p.category]}" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><text x="200" y="330" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="#fff">${initials}</text><text x="200" y="372" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#fff" fill-opacity="0.85">${p.brand}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const seedWishlist = [26, 23, 11, 10, 5, 8, 9, 13, 17];
const seedCart = [27, 21, 26, 25, 23];

/** Random integer in [min, max]. */
export function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

export function newCartRow(id: number, productId: number): CartRow {
  return {
    id,
    productId,
    qty: 1,
    shippingInDays: randomInt(1, 7),
    offers: randomInt(1, 4),
    discountPercentage: randomInt(3, 20),
  };
}

export interface EcommerceDb {
  products: Product[];
  wishlist: WishlistLine[];
  cart: CartRow[];
  orders: Order[];
}

function build(): EcommerceDb {
  return {
    products: seed.map((p) => ({ ...p, slug: slugify(p.name, p.id), image: productImage(p) })),
    wishlist: seedWishlist.map((productId, i) => ({ id: i + 1, productId })),
    cart: seedCart.map((productId, i) => newCartRow(i + 1, productId)),
    orders: [],
  };
}

/** In-memory shop data; a browser reload starts again from the seed. */
export const ecommerceDb: EcommerceDb = build();

export function resetEcommerce(): void {
  Object.assign(ecommerceDb, build());
}

/** Next id of a collection: max id + 1. */
export function nextId(rows: { id: number }[]): number {
  return rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;
}
