import * as calendar from './modules/calendar/index.ts';
import * as cars from './modules/cars/index.ts';
import * as doormen from './modules/doormen/index.ts';
import * as draw from './modules/draw/index.ts';
import * as groups from './modules/groups/index.ts';
import * as push from './modules/push/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as users from './modules/users/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import { boundSubjectsSql, pseudonymiseSignInActors } from './platform/auth/bound-subjects.ts';
import { endSignInsOf } from './platform/idp/adapter.ts';
import { type LifecycleHooks, lifecycleOf } from './platform/lifecycle.ts';
import { eraseCapturedMailOf } from './retention.ts';

/**
 * A user who left signs in no more at the embedded provider: every sign-in of their bound accounts ends. An
 * erased one's sign-ins are pseudonymised where the audit log names them as actors.
 */
const signIns: LifecycleHooks = {
  userLeft: (db, { userId }) => endSignInsOf(db, boundSubjectsSql(userId)),
  userErased: (db, { userId, pseudonyms }) => pseudonymiseSignInActors(db, userId, pseudonyms.email),
};

/** An erased person's captured mail (DATA_DIR/mail) goes, once the erasure committed. */
const capturedMail: LifecycleHooks = {
  userErased: (db, { email, now }) => eraseCapturedMailOf(db, email, now),
};

/**
 * The modules' lifecycle hooks, assembled as registry.ts assembles operations: `runLifecycle(tx, 'userLeft',
 * …)` runs every module's handler of the event in the caller's transaction `tx`. A leaver's draw requests go
 * before their waitlist places and reservations, so nothing the draw would still make for them is left.
 */
export const runLifecycle = lifecycleOf([
  draw.hooks,
  waitlist.hooks,
  reservations.hooks,
  calendar.hooks,
  cars.hooks,
  doormen.hooks,
  groups.hooks,
  push.hooks,
  signIns,
  capturedMail,
]);

/** The one way a user leaves (an administrator's Save, sign-in, the directory), with every module's hooks. */
export const deactivate: users.Deactivate = (db, leaving) => users.deactivateUser(db, leaving, runLifecycle);

/** The one way a user is anonymised (an administrator's UserSettings/anonymise, the directory's DELETE). */
export const anonymise: users.Anonymise = (db, erasure) => users.anonymiseUser(db, erasure, runLifecycle);
