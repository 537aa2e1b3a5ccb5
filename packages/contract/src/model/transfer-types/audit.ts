import { enumerated, string, timestamp, transfer } from '../dsl.ts';
import { AuditAction, AuditEntityType } from '../enumerations.ts';
import type { TransferOf } from '../transfer-of.ts';

/**
 * A longest row image the log shows: a row of the widest audited table with its mail templates, as JSON. It
 * sizes the engine's pages (answer-limits.ts); the list leaves the images out of its mask.
 */
const IMAGE_LENGTH = 16_384;

/**
 * One change of an audited table (issue 28, item 8): when, who (a user's name and email, or the system's job,
 * `system:<job>`, or another entry point such as `directory:scim`), why, which row and what changed. Read only:
 * the log is append-only, so there is no ~update or ~delete.
 */
export const AuditEntry = transfer('AuditEntry', {
  entity: 'AuditEntry',
  attributes: {
    /** When the change's transaction began: every change of one transaction has the same. */
    at: timestamp({ readOnly: true }),
    /** The user's name, or the actor as recorded when no user made it (`system:waitlist.promote`). */
    actorName: string({ derived: true, maxLength: 300 }),
    /** The user's email; empty when no user made it. */
    actorEmail: string({ derived: true, maxLength: 255 }),
    /** The business event: 'no-show release', 'waitlist promotion', 'erasure', …; empty for a plain edit. */
    reason: string({ readOnly: true, maxLength: 100 }),
    entityType: enumerated(AuditEntityType, { readOnly: true }),
    /** The row's key (its id; a composite key's columns joined by commas). */
    entityId: string({ readOnly: true, maxLength: 300 }),
    action: enumerated(AuditAction, { readOnly: true }),
    /** The row before, as JSON: the changed columns of an update, the whole row of a delete; empty for an insert. */
    before: string({ derived: true, maxLength: IMAGE_LENGTH }),
    /** The row after, as JSON: the changed columns of an update, the whole row of an insert; empty for a delete. */
    after: string({ derived: true, maxLength: IMAGE_LENGTH }),
    /** The address the request came from; empty for a job's change. */
    address: string({ readOnly: true, maxLength: 64 }),
    userAgent: string({ readOnly: true, maxLength: 512 }),
    /** What the entry says as one text (its reason and both images), for a search of any of it. */
    content: string({ derived: true, maxLength: 2 * IMAGE_LENGTH + 100 }),
  },
});
export type AuditEntry = TransferOf<typeof AuditEntry>;
