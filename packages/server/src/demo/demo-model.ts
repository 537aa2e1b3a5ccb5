import { normalizeLicensePlate, type TypeOfDay } from '@parkhere/contract';
import { sql, type Transaction } from 'kysely';
import type { NewParkingSlot } from '../platform/db/model-schema.ts';
import type { DB } from '../platform/db/schema.ts';
import { demoPlanPlace, demoPlanSvg } from './demo-plans.ts';

/*
 * The demo world of DESIGN §2 around the demo users that seedDemoData creates: two garages with ~60 slots
 * over two floors each, each floor with its floor plan and every slot placed on it (issue 32, item 1), cars,
 * garage access, a preferred slot, the doorman's garage, a few bridging days and a group.
 */

const GARAGES = [
  {
    name: 'HQ Garage',
    prefix: 'A',
    floors: [-1, -2],
    slotsPerFloor: 20,
    exclusive: ['A-101', 'A-102'],
    inactive: ['A-220'],
  },
  {
    name: 'Riverside Garage',
    prefix: 'B',
    floors: [0, 1],
    slotsPerFloor: 10,
    exclusive: ['B-001'],
    inactive: [],
  },
] as const;

const CARS: Record<
  string,
  { licensePlate: string; manufacturer: string; model: string; isFavorite: boolean }[]
> = {
  'user@parkhere.example': [
    { licensePlate: 'abc-123', manufacturer: 'Volkswagen', model: 'Golf', isFavorite: true },
    { licensePlate: 'XYZ-789', manufacturer: 'Toyota', model: 'Corolla', isFavorite: false },
  ],
  'quick@parkhere.example': [
    { licensePlate: 'QCK-001', manufacturer: 'Skoda', model: 'Octavia', isFavorite: false },
  ],
  'admin@parkhere.example': [
    { licensePlate: 'ADM-001', manufacturer: 'Tesla', model: 'Model 3', isFavorite: true },
  ],
};

/** Which garages (by index in GARAGES) each demo user may reserve in. */
const ACCESS: Record<string, number[]> = {
  'admin@parkhere.example': [0, 1],
  'user@parkhere.example': [0],
  'quick@parkhere.example': [0],
};
const ID_CARDS: Record<string, number[]> = { 'user@parkhere.example': [0], 'admin@parkhere.example': [0, 1] };
const PREFERRED_SLOT: Record<string, string> = { 'user@parkhere.example': 'A-105' };
const DOORMAN_GARAGES: Record<string, number[]> = { 'doorman@parkhere.example': [0] };

/**
 * [Pools] A group with a horizon of its own, so Settings › Groups has a row and a group's view to open. Its
 * member is the doorman, not the demo user: every API test's world starts from the demo data, and the demo
 * user's 14-day horizon and own quotas are what the reservation rules' tests hold them to (a group's horizon
 * replaces the configuration's for its members, and the administrator's form template shows it too).
 */
const DEMO_GROUP = { name: 'IT', maxDaysInAdvance: 30, members: ['doorman@parkhere.example'] };

/** The Hungarian bridging-day swaps of 2026, entered as additional days (DESIGN §4). */
const ADDITIONAL_DAYS: { day: string; typeOfDay: TypeOfDay }[] = [
  { day: '2026-01-02', typeOfDay: 'HOLIDAY' },
  { day: '2026-01-10', typeOfDay: 'WORK' },
  { day: '2026-08-08', typeOfDay: 'WORK' },
  { day: '2026-08-21', typeOfDay: 'HOLIDAY' },
];

// Addressed to the recipient (the owner): `reserverName` is the guest of a GUEST reservation. The demo's
// templates have both languages (the attribute itself is the Hungarian text, …En the English).
const CONFIRMATION_TEMPLATE = {
  emailTemplateOfTheGarage:
    '<p>Kedves {{recipient.name}}!</p><p>A(z) {{parkingSlotInformation}} parkolóhelyet lefoglaltuk Önnek: ' +
    '{{date}}, {{startTime}}–{{endTime}}{{#if reservation.isGuest}}, vendége, {{reservation.guestName}} ' +
    'számára{{/if}}.</p>',
  emailTemplateOfTheGarageEn:
    '<p>Dear {{recipient.name}},</p><p>your parking slot {{parkingSlotInformation}} is reserved on {{date}} ' +
    'from {{startTime}} to {{endTime}}{{#if reservation.isGuest}} for your guest {{reservation.guestName}}{{/if}}.</p>',
};

const slotName = (prefix: string, floor: number, number: number) =>
  `${prefix}-${Math.abs(floor)}${String(number).padStart(2, '0')}`;

/** The slots of one floor of a garage, each on the floor's plan. */
function slotsOf(
  garage: (typeof GARAGES)[number],
  garageId: string,
  floor: number,
  floorPlanId: string,
): NewParkingSlot[] {
  return Array.from({ length: garage.slotsPerFloor }, (_, index) => {
    const name = slotName(garage.prefix, floor, index + 1);
    return {
      parkingGarageId: garageId,
      name,
      floor,
      // The first and last slot of each row stand by the wall.
      nextToWall: index === 0 || index === garage.slotsPerFloor - 1,
      isExclusive: (garage.exclusive as readonly string[]).includes(name),
      isActive: !(garage.inactive as readonly string[]).includes(name),
      floorPlanId,
      ...demoPlanPlace(index, garage.slotsPerFloor),
    };
  });
}

/** Stores a floor's plan picture as an upload would, unowned (the demo data's). */
async function storePlan(
  trx: Transaction<DB>,
  garage: (typeof GARAGES)[number],
  floor: number,
): Promise<string> {
  const content = Buffer.from(demoPlanSvg(garage.name, floor, garage.slotsPerFloor));
  const { id } = await trx
    .insertInto('files')
    .values({
      name: `${garage.prefix}-floor-${floor}.svg`,
      size: content.length,
      contentType: 'image/svg+xml',
      content,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function linkGarages(
  trx: Transaction<DB>,
  table: 'userAccessedGarages' | 'userIdCardGarages',
  links: Record<string, number[]>,
  userIds: Map<string, string>,
  garageIds: string[],
): Promise<void> {
  const rows = Object.entries(links).flatMap(([email, garages]) => {
    const userId = userIds.get(email);
    return userId === undefined
      ? []
      : garages.flatMap((index) => {
          const parkingGarageId = garageIds[index];
          return parkingGarageId === undefined ? [] : [{ userId, parkingGarageId }];
        });
  });
  if (rows.length > 0) {
    await trx.insertInto(table).values(rows).execute();
  }
}

/** Seeds the demo model around the demo users, in seedDemoData's transaction. */
export async function seedDemoModel(trx: Transaction<DB>): Promise<void> {
  const users = await trx.selectFrom('users').select(['id', 'email']).execute();
  const userIds = new Map(users.map((user) => [user.email.toLowerCase(), user.id]));

  const garageIds: string[] = [];
  for (const garage of GARAGES) {
    const { id } = await trx
      .insertInto('parkingGarages')
      .values({ name: garage.name, ...CONFIRMATION_TEMPLATE })
      .returning('id')
      .executeTakeFirstOrThrow();
    garageIds.push(id);
    for (const floor of garage.floors) {
      const planId = await storePlan(trx, garage, floor);
      await trx
        .insertInto('parkingSlots')
        .values(slotsOf(garage, id, floor, planId))
        .execute();
    }
  }

  const cars = Object.entries(CARS).flatMap(([email, list]) => {
    const userId = userIds.get(email);
    return userId === undefined
      ? []
      : list.map((car) => ({ ...car, userId, licensePlate: normalizeLicensePlate(car.licensePlate) }));
  });
  if (cars.length > 0) {
    await trx.insertInto('cars').values(cars).execute();
  }

  await linkGarages(trx, 'userAccessedGarages', ACCESS, userIds, garageIds);
  await linkGarages(trx, 'userIdCardGarages', ID_CARDS, userIds, garageIds);

  for (const [email, name] of Object.entries(PREFERRED_SLOT)) {
    const userId = userIds.get(email);
    const slot = await trx
      .selectFrom('parkingSlots')
      .select('id')
      .where('name', '=', name)
      .where('parkingGarageId', '=', garageIds[0] ?? '')
      .executeTakeFirst();
    if (userId !== undefined && slot !== undefined) {
      await trx
        .updateTable('users')
        .set({ preferredParkingSlotId: slot.id })
        .where('id', '=', userId)
        .execute();
    }
  }

  const doormen = await trx.selectFrom('doormen').select(['id', 'email']).execute();
  const doormanLinks = doormen.flatMap((doorman) =>
    (DOORMAN_GARAGES[doorman.email.toLowerCase()] ?? []).flatMap((index) => {
      const parkingGarageId = garageIds[index];
      return parkingGarageId === undefined ? [] : [{ doormanId: doorman.id, parkingGarageId }];
    }),
  );
  if (doormanLinks.length > 0) {
    await trx.insertInto('doormanGarages').values(doormanLinks).execute();
  }

  await sql`WITH g AS (INSERT INTO groups (name, max_days_in_advance)
      VALUES (${DEMO_GROUP.name}, ${DEMO_GROUP.maxDaysInAdvance}) ON CONFLICT DO NOTHING RETURNING id)
    INSERT INTO group_members (group_id, user_id)
    SELECT g.id, u.id FROM g, users u WHERE lower(u.email) = ANY(${DEMO_GROUP.members}::text[])`.execute(trx);

  await trx.insertInto('additionalDays').values(ADDITIONAL_DAYS).execute();
  await trx
    .updateTable('configuration')
    .set({
      senderEmail: 'parking@parkhere.example',
      contactEmail: 'facilities@parkhere.example',
      doormanEmailTemplate:
        '<p>Érkezők – {{garageName}}, {{date}}:</p>{{#each arrivals}}<p>{{this}}</p>{{/each}}',
      doormanEmailTemplateEn:
        '<p>Arrivals at {{garageName}} on {{date}}:</p>{{#each arrivals}}<p>{{this}}</p>{{/each}}',
      deletionEmailTemplate: '<p>{{parkingSlotInformation}} foglalását ({{date}}) töröltük.</p>',
      deletionEmailTemplateEn:
        '<p>Your reservation of {{parkingSlotInformation}} on {{date}} was deleted.</p>',
      modificationEmailTemplate: '<p>{{date}} napi foglalása mostantól {{startTime}}–{{endTime}}.</p>',
      modificationEmailTemplateEn: '<p>Your reservation on {{date}} now runs {{startTime}}–{{endTime}}.</p>',
      reminderEmailTemplate:
        '<p>Emlékeztető: {{parkingSlotInformation}}, {{date}}, {{startTime}} órától.</p>',
      reminderEmailTemplateEn: '<p>Reminder: {{parkingSlotInformation}} from {{startTime}} on {{date}}.</p>',
    })
    .where('id', '=', 1)
    .execute();
}
