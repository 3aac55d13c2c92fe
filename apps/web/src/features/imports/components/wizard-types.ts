import type { ImportSettings } from '@fiscus/contracts';

/** How the file is read: the settings the Preview step controls. */
export type Reading = Pick<ImportSettings, 'delimiter' | 'encoding' | 'sheet' | 'header'>;
/** What the Options step controls. */
export type Options = Pick<ImportSettings, 'mode' | 'keyField' | 'insertMissing' | 'onError'>;
export type StepErrors = Record<string, string | undefined>;
