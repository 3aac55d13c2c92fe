import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  uptime: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /api/ready`: the database answers and every migration of this version is applied. */
export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
  migrations: z.number().int(),
});
export type Ready = z.infer<typeof readySchema>;
