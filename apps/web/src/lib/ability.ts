import {
  buildAbility,
  defaultRules,
  guestRules,
  type AppAbility,
  type AppRule,
} from '@fiscus/contracts';
import { createContext } from 'react';
import { createContextualCan } from '@casl/react';
import { storage } from './storage';
import { storageKeys } from './config';

/**
 * Seed §6: with a stored product token at start the user may manage everything (the default
 * rule set); otherwise only what guests may (read Auth). The session's rules replace these once
 * whoami answers.
 */
export function initialRules(): AppRule[] {
  return storage.get(storageKeys.fiscusToken) ? defaultRules : guestRules;
}

export const ability: AppAbility = buildAbility(initialRules());

export function setRules(rules: AppRule[]) {
  ability.update(rules);
}
export function resetRules() {
  ability.update(guestRules);
}

export const AbilityContext = createContext<AppAbility>(ability);
export const Can = createContextualCan(AbilityContext.Consumer);
