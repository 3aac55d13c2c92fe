import { z } from 'zod';

/** Limits of the file endpoints (the server's configuration may lower or raise the first two). */
export const FILE_LIMITS = {
  /** Default largest file `/api/upload` takes in one request (20 MB). */
  uploadMaxBytes: 20 * 1024 * 1024,
  /** Default largest file a chunked upload may announce (2 GB). */
  chunkedMaxBytes: 2 * 1024 * 1024 * 1024,
  /** Largest chunk `/api/uploadchunk` takes (8 MB). */
  chunkMaxBytes: 8 * 1024 * 1024,
} as const;

/** Server-made file id (also the stored file's name). */
export const fileIdSchema = z.string().regex(/^[a-z0-9]{16,40}$/);

/** What the server knows of a stored file. `type` is detected from the content. */
export const fileInfoSchema = z.object({
  id: fileIdSchema,
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

/** `POST /api/upload` (multipart, one part named `file`) answers this. */
export const uploadOutput = z.object({
  fileId: fileIdSchema,
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type UploadOutput = z.infer<typeof uploadOutput>;

/**
 * `POST /api/uploadchunk` — multipart with the fields below first, then the bytes in a part
 * named `chunk`. Without `uploadId` a new upload starts (name and size required); without a
 * `chunk` part the server only answers what it has (to resume). `checksum` is the SHA-256 (hex)
 * of this chunk's bytes; `sha256` (first call) the whole file's, verified at the end.
 */
export const uploadChunkFields = z.object({
  uploadId: z
    .string()
    .regex(/^[a-z0-9]{16,40}$/)
    .optional(),
  name: z.string().min(1).max(255).optional(),
  size: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  checksum: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
});
export type UploadChunkFields = z.infer<typeof uploadChunkFields>;
export const uploadChunkOutput = z.object({
  uploadId: z.string(),
  /** Bytes the server holds, from the start of the file, without gaps. */
  received: z.number().int(),
  size: z.number().int(),
  /** Present once every byte arrived and the file was checked and stored. */
  fileId: fileIdSchema.optional(),
  type: z.string().optional(),
});
export type UploadChunkOutput = z.infer<typeof uploadChunkOutput>;

/** `POST /api/download` `{ fileId }` → the bytes with `Content-Disposition`. */
export const downloadInput = z.object({ fileId: fileIdSchema });

// files.get — names and sizes of stored files of the caller's domain (e.g. attachments).
export const filesGetInput = z.object({ ids: z.array(fileIdSchema).min(1).max(500) });
export const filesGetOutput = z.object({ items: z.array(fileInfoSchema) });
