import { describe, expect, it } from 'vitest';
import { shownDescription, shownName, shownQuestion } from './names';

const procedure = {
  name: 'Budget assembly',
  names: { ru: 'Сборка бюджета' },
  description: 'Consolidates the functional budgets.',
  descriptions: { ru: 'Сводит функциональные бюджеты.', de: 'Fasst die Fachbudgets zusammen.' },
};

describe('descriptions in the user’s language', () => {
  it('shows the description of the user’s language', () => {
    expect(shownDescription(procedure, 'ru')).toBe('Сводит функциональные бюджеты.');
    expect(shownDescription(procedure, 'de')).toBe('Fasst die Fachbudgets zusammen.');
  });

  it('reads a regional language as its language (de-CH as de, ru-RU as ru)', () => {
    expect(shownDescription(procedure, 'de-CH')).toBe('Fasst die Fachbudgets zusammen.');
    expect(shownDescription(procedure, 'RU-ru')).toBe('Сводит функциональные бюджеты.');
  });

  it('falls back to the entity’s own description like names do', () => {
    expect(shownDescription(procedure, 'fr')).toBe('Consolidates the functional budgets.');
    expect(shownName(procedure, 'fr')).toBe('Budget assembly');
    expect(shownDescription(procedure, 'en')).toBe('Consolidates the functional budgets.');
    // No translations at all, or a blank one, is the description itself.
    expect(shownDescription({ description: 'Plain.' }, 'ru')).toBe('Plain.');
    expect(shownDescription({ description: 'Plain.', descriptions: null }, 'ru')).toBe('Plain.');
    expect(shownDescription({ description: 'Plain.', descriptions: { ru: '  ' } }, 'ru')).toBe(
      'Plain.',
    );
  });

  it('asks an action’s question in the user’s language, else its own', () => {
    const action = { confirm: 'Copy this scenario?', confirms: { pt: 'Copiar este cenário?' } };
    expect(shownQuestion(action, 'pt')).toBe('Copiar este cenário?');
    expect(shownQuestion(action, 'ru')).toBe('Copy this scenario?');
    // No question stays no question.
    expect(shownQuestion({ confirm: '', confirms: {} }, 'pt')).toBe('');
  });
});
