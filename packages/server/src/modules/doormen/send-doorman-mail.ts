import type { Executor } from '../../platform/db/executor.ts';
import type { RunningJob } from '../../platform/jobs/job-types.ts';
import { deliverMail, type MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import type { MailValues } from '../../platform/mail/mail-context.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { ownerExpectedOnSql } from '../assigned-slots/index.ts';
import { type ConfiguredMail, loadMailSettings } from '../configuration/index.ts';
import { type ExpectedOwnerRow, loadExpectedOwners } from '../garages/index.ts';
import { loadArrivals, type MailOutcome, reservationToMail, viewOf } from '../notifications/index.ts';
import { reservationRowsSql } from '../reservations/index.ts';
import { type ExpectedOwnerView, mailKinds, noticeValues, summaryValues } from './mail-kinds.ts';
import { type DoormanRecipient, doormanGarageIdsSql, loadDoormen } from './repository.ts';

/** DESIGN §4: a GUEST reservation asking for it is announced at once to the doormen of its garage. */
export async function sendDoormanNotice(
  environment: MailEnvironment,
  db: Executor,
  reservationId: string,
  job: RunningJob,
): Promise<MailOutcome> {
  const facts = await reservationToMail(db, reservationRowsSql, reservationId);
  if ('skipped' in facts) {
    return facts;
  }
  if (facts.row.status !== 'ACTIVE' || facts.row.type !== 'GUEST') {
    return {
      sent: false,
      skipped: `not an ACTIVE guest reservation (${facts.row.status} ${facts.row.type})`,
    };
  }
  const doormen = await loadDoormen(db, facts.garageId);
  if (doormen.length === 0) {
    return { sent: false, skipped: 'the garage has no doorman' };
  }
  const settings = await loadMailSettings(db);
  for (const doorman of doormen) {
    const values = noticeValues(recipientOf(doorman), viewOf(facts, doorman.locale));
    await mailDoorman(environment, settings, doorman, mailKinds.doormanNotice, values, job);
  }
  return { sent: true };
}

/** The day's arrivals to each doorman who has any, in their language. */
export async function sendDoormanSummary(
  environment: MailEnvironment,
  db: Executor,
  date: string,
  job: RunningJob,
): Promise<{ sentTo: string[] }> {
  const settings = await loadMailSettings(db);
  const sentTo: string[] = [];
  for (const doorman of await loadDoormen(db)) {
    const garages = doormanGarageIdsSql(doorman.id);
    const arrivals = await loadArrivals(db, reservationRowsSql, date, garages);
    const owners = await loadExpectedOwners(db, (slot) => ownerExpectedOnSql(slot, date), garages);
    if (arrivals.length === 0 && owners.length === 0) {
      continue;
    }
    const views = arrivals.map((row) => viewOf({ row, seriesDays: [] }, doorman.locale));
    const values = summaryValues(recipientOf(doorman), views, date, owners.map(expectedOwnerView));
    await mailDoorman(environment, settings, doorman, mailKinds.doormanSummary, values, job);
    sentTo.push(doorman.email);
  }
  return { sentTo };
}

const recipientOf = (doorman: DoormanRecipient) => ({ name: doorman.name, email: doorman.email });

/** An expected owner as the mail shows them: wall-clock minutes, and no plate as an empty cell. */
const expectedOwnerView = (row: ExpectedOwnerRow): ExpectedOwnerView => ({
  startTime: row.startTime.slice(0, 5),
  endTime: row.endTime.slice(0, 5),
  ownerName: row.ownerName,
  licensePlate: row.ownerCarPlate ?? '',
  slot: row.parkingSlotInformation,
  garage: row.garageName,
});

/**
 * A doormen's mail goes to one doorman, in their language. Both kinds have the doormen's configured template
 * as their body (the summary declares it, for the preview; the notice is announced with the same).
 */
const mailDoorman = (
  environment: MailEnvironment,
  settings: ConfiguredMail,
  doorman: DoormanRecipient,
  kind: MailKind,
  context: MailValues,
  job: RunningJob,
) =>
  deliverMail(environment, settings, {
    kind,
    locale: doorman.locale,
    to: [doorman.email],
    configuredBody: settings.templates[mailKinds.doormanSummary.templateField][doorman.locale],
    context,
    job,
  });
