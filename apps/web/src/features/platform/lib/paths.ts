// Addresses of the platform's screens, apart from the field helpers so the menu and the dashboard
// link to them without loading those (and the schema library under them).

/** A physical table on the DATA TABLES screen. */
export const tablePath = (tableName: string) =>
  `/fiscus/tables?table=${encodeURIComponent(tableName)}`;

export const objectPath = (objectId: string) => `/fiscus/object/${encodeURIComponent(objectId)}`;
