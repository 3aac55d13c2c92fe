import { createContext, useContext } from 'react';

/** Where a sign-in screen's links lead: the main pages, or the sibling template variants. */
export interface AuthLinks {
  login: string;
  register: string;
  forgot: string;
}

export const mainLinks: AuthLinks = {
  login: '/login',
  register: '/register',
  forgot: '/forgot-password',
};

export function variantLinks(version: 'v1' | 'v2'): AuthLinks {
  return {
    login: `/pages/authentication/login-${version}`,
    register: `/pages/authentication/register-${version}`,
    forgot: `/pages/authentication/forgot-password-${version}`,
  };
}

export const AuthLinksContext = createContext<AuthLinks>(mainLinks);
export const useAuthLinks = () => useContext(AuthLinksContext);
