import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  accountSetting,
  updateAccountSetting,
  type AccountSettingData,
} from '../db/account-setting';

const sections = ['general', 'info', 'social', 'notification'] as const;

export const accountSettingHandlers: RequestHandler[] = [
  http.get('/account-setting/data', () => HttpResponse.json(accountSetting)),
  // Saving is a product decision on top of the template: the demo's forms keep their changes.
  http.post('/account-setting/data', async ({ request }) => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return HttpResponse.json({ error: 'The body must be JSON.' }, { status: 400 });
    }
    if (
      !body ||
      typeof body !== 'object' ||
      !Object.keys(body).every((k) => (sections as readonly string[]).includes(k))
    ) {
      return HttpResponse.json(
        { error: `Only these sections can be saved: ${sections.join(', ')}.` },
        { status: 400 },
      );
    }
    return HttpResponse.json(updateAccountSetting(body as Partial<AccountSettingData>));
  }),
];
