import { z } from 'zod';
import { errorCodes, type ErrorEnvelope, type FieldErrors } from './error-codes.js';

export * from './error-codes.js';

/** Field-level errors: field path → messages (already in the user's language where known). */
export const fieldErrorsSchema: z.ZodType<FieldErrors> = z.record(z.string(), z.array(z.string()));

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: fieldErrorsSchema.optional(),
    requestId: z.string().optional(),
    retryAfter: z.number().int().nonnegative().optional(),
  }),
}) satisfies z.ZodType<ErrorEnvelope>;
