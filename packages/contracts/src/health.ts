import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  uptime: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
