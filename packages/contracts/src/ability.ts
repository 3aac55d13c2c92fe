import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';

export const actions = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type Action = (typeof actions)[number];

/**
 * Subjects the console and the server reason about. `Auth` tags pages every visitor may see
 * (sign-in, 404, not-authorized), `ACL` the demo access-control page, `all` everything.
 */
export const subjects = [
  'all',
  'Auth',
  'ACL',
  'Dashboard',
  'Domain',
  'Member',
  'Object',
  'Field',
  'Record',
  'View',
  'Reference',
  'Table',
  'Import',
  'Export',
  'DataSource',
  'Mount',
  'Cube',
  'Report',
  'Procedure',
  'Action',
  'Ribbon',
  'Budget',
  'Integration',
  'Demo',
] as const;
export type Subject = (typeof subjects)[number];

export type AppAbility = MongoAbility<[Action, Subject]>;
export type AppRule = RawRuleOf<AppAbility>;

/** The seed's default rule set (§6): read on Auth, manage on all, manage on Auth. */
export const defaultRules: AppRule[] = [
  { action: 'read', subject: 'Auth' },
  { action: 'manage', subject: 'all' },
  { action: 'manage', subject: 'Auth' },
];

/** What anybody may do before signing in. */
export const guestRules: AppRule[] = [{ action: 'read', subject: 'Auth' }];

export function buildAbility(rules: AppRule[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules);
}

export const roles = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** CASL rules of a domain role; the server enforces the same rules itself. */
export function rulesForRole(role: Role): AppRule[] {
  const base: AppRule[] = [
    { action: 'read', subject: 'Auth' },
    { action: 'manage', subject: 'Auth' },
    { action: 'read', subject: 'ACL' },
    { action: 'manage', subject: 'Demo' },
    { action: 'read', subject: 'Dashboard' },
    { action: 'read', subject: 'Ribbon' },
  ];
  const readAll: AppRule[] = [
    'Domain',
    'Object',
    'Field',
    'Record',
    'View',
    'Reference',
    'Table',
    'Import',
    'Mount',
    'Cube',
    'Report',
    'Procedure',
    'Action',
    'Budget',
  ].map((subject) => ({ action: 'read', subject: subject as Subject }));
  switch (role) {
    case 'owner':
      return [...base, { action: 'manage', subject: 'all' }];
    case 'admin':
      return [
        ...base,
        ...readAll,
        ...(
          [
            'Object',
            'Field',
            'Record',
            'View',
            'Reference',
            'Import',
            'Export',
            'DataSource',
            'Mount',
            'Cube',
            'Report',
            'Procedure',
            'Action',
            'Budget',
            'Integration',
          ] as const
        ).map((subject): AppRule => ({ action: 'manage', subject })),
        { action: 'read', subject: 'Member' },
      ];
    case 'editor':
      return [
        ...base,
        ...readAll,
        ...(['Record', 'Import', 'Export', 'Budget'] as const).map((subject): AppRule => ({
          action: 'manage',
          subject,
        })),
        { action: 'create', subject: 'View' },
        { action: 'update', subject: 'Procedure' },
        { action: 'update', subject: 'Report' },
      ];
    case 'viewer':
      return [
        ...base,
        ...readAll,
        { action: 'read', subject: 'Export' },
        { action: 'create', subject: 'View' },
      ];
  }
}
