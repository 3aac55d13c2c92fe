import type { OpHandlers } from '../../platform/ops.js';
import { checkComputedField, createField, deleteField, updateField } from './fields.service.js';

export const fieldsOps = {
  'fields.create': (ctx, i) => createField(ctx, i),
  'fields.update': (ctx, i) => updateField(ctx, i),
  'fields.delete': (ctx, i) => deleteField(ctx, i.id),
  'fields.check': (ctx, i) => checkComputedField(ctx, i),
} satisfies OpHandlers;
