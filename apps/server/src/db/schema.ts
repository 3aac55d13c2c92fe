/** Tables of the platform's own metadata. Modules extend this interface as they add migrations. */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
}
