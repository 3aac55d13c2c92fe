import type { RequestHandler } from 'msw';
import { accountSettingHandlers } from './account-setting';
import { analyticsHandlers } from './dashboards';
import { authHandlers } from './auth';
import { blogHandlers } from './blog';
import { calendarHandlers } from './calendar';
import { cardHandlers } from './cards';
import { chatHandlers } from './chat';
import { ecommerceHandlers } from './ecommerce';
import { emailHandlers } from './email';
import { faqHandlers } from './faq';
import { invoiceHandlers } from './invoice';
import { kbHandlers } from './knowledge-base';
import { pricingHandlers } from './pricing';
import { profileHandlers } from './profile';
import { tableHandlers } from './tables';
import { todoHandlers } from './todo';
import { userHandlers } from './users';
import { autosuggestHandlers } from './autosuggest';

/**
 * Every demo endpoint of DEMO.md. Anything not listed here passes through to the real server
 * (`onUnhandledRequest: 'bypass'`).
 */
export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...todoHandlers,
  ...chatHandlers,
  ...emailHandlers,
  ...calendarHandlers,
  ...ecommerceHandlers,
  ...invoiceHandlers,
  ...userHandlers,
  ...analyticsHandlers,
  ...faqHandlers,
  ...kbHandlers,
  ...pricingHandlers,
  ...accountSettingHandlers,
  ...profileHandlers,
  ...blogHandlers,
  ...tableHandlers,
  ...cardHandlers,
  ...autosuggestHandlers,
];
