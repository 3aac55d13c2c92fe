import type { AccountSettingData } from '@/features/account/api/account';

export type { AccountSettingData };

function seed(): AccountSettingData {
  return {
    general: {
      avatar: '',
      username: 'johndoe',
      fullName: 'John Doe',
      email: 'granger007@hogward.com',
      company: 'Crystal Technologies',
    },
    info: {
      bio: '',
      dob: null,
      country: 'USA',
      website: '',
      phone: '6562542568',
    },
    social: {
      socialLinks: {
        twitter: 'https://www.twitter.com',
        facebook: '',
        google: '',
        linkedIn: 'https://www.linkedin.com',
        instagram: '',
        quora: '',
      },
      connections: {
        twitter: { connected: true, id: 'johndoe' },
        google: { connected: true, id: 'luraweber' },
        facebook: { connected: false, id: '' },
        github: { connected: false, id: '' },
      },
    },
    notification: {
      commentOnArticle: true,
      AnswerOnForm: true,
      followMe: false,
      newAnnouncements: false,
      productUpdates: true,
      blogDigest: false,
    },
  };
}

export let accountSetting = seed();

export function resetAccountSetting() {
  accountSetting = seed();
}

/** Merges a partial update section by section (the demo's forms save into memory). */
export function updateAccountSetting(
  patch: Partial<{ [K in keyof AccountSettingData]: Partial<AccountSettingData[K]> }>,
): AccountSettingData {
  accountSetting = {
    general: { ...accountSetting.general, ...patch.general },
    info: { ...accountSetting.info, ...patch.info },
    social: {
      socialLinks: { ...accountSetting.social.socialLinks, ...patch.social?.socialLinks },
      connections: { ...accountSetting.social.connections, ...patch.social?.connections },
    },
    notification: { ...accountSetting.notification, ...patch.notification },
  };
  return accountSetting;
}
