import { z } from 'zod';

/*
 * Backups of the embedded database (issue 30, item 4): `POST /api/backups` takes one while the server runs,
 * `GET /api/backups` lists those in BACKUP_DIR, newest first (administrators only).
 */

export const BACKUPS_PATH = 'backups';

/** A backup in BACKUP_DIR: its file name, size in bytes and when it was written. */
export const BackupFile = z.object({ file: z.string(), size: z.number().int(), createdAt: z.string() });
export type BackupFile = z.infer<typeof BackupFile>;

export const BackupList = z.object({ backups: z.array(BackupFile) });
export type BackupList = z.infer<typeof BackupList>;
