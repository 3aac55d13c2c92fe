export const roles = ['admin', 'author', 'editor', 'maintainer', 'subscriber'] as const;
export const plans = ['basic', 'company', 'enterprise', 'team'] as const;
export const statuses = ['pending', 'active', 'inactive'] as const;
export type Role = (typeof roles)[number];
export type Plan = (typeof plans)[number];
export type UserStatus = (typeof statuses)[number];

export interface UserInfo {
  birthDate: string;
  mobile: string;
  website: string;
  language: string;
  gender: 'male' | 'female' | '';
  contactOptions: string[];
  addressLine1: string;
  addressLine2: string;
  postcode: string;
  city: string;
  state: string;
}

export interface UserSocial {
  twitter: string;
  facebook: string;
  instagram: string;
  github: string;
  codepen: string;
  slack: string;
}

export interface User {
  id: number;
  fullName: string;
  company: string;
  role: Role;
  username: string;
  country: string;
  contact: string;
  email: string;
  currentPlan: Plan;
  status: UserStatus;
  avatar: string;
  info: UserInfo;
  social: UserSocial;
}

export type NewUser = Pick<
  User,
  'fullName' | 'company' | 'role' | 'username' | 'country' | 'contact' | 'email' | 'currentPlan'
>;

export type UserUpdate = Partial<Omit<User, 'id'>>;

export interface UsersResponse {
  users: User[];
  total: number;
}

export const emptyInfo = (): UserInfo => ({
  birthDate: '',
  mobile: '',
  website: '',
  language: '',
  gender: '',
  contactOptions: [],
  addressLine1: '',
  addressLine2: '',
  postcode: '',
  city: '',
  state: '',
});

export const emptySocial = (): UserSocial => ({
  twitter: '',
  facebook: '',
  instagram: '',
  github: '',
  codepen: '',
  slack: '',
});

export const userCountries = [
  'Argentina',
  'Australia',
  'Austria',
  'Brazil',
  'Canada',
  'China',
  'Denmark',
  'France',
  'Germany',
  'India',
  'Indonesia',
  'Italy',
  'Japan',
  'Mexico',
  'Netherlands',
  'Nigeria',
  'Poland',
  'Portugal',
  'Russia',
  'Spain',
  'Sweden',
  'Ukraine',
  'United Kingdom',
  'USA',
];
