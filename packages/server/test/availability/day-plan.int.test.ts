import type { DayPlan, PlanSlot } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Requests } from '../client.ts';
import { clientFor, withId } from '../client.ts';
import { movableClock, seedReservation, worldOfFile } from '../world.ts';

/*
 * GET /api/availability/day (issue 32, item 1), the floor-plan day view, and the slots' places on their plans
 * (ParkingSlotSettings.planX/planY). "Plan Garage" has a plan image uploaded twice (plan-a.png, the same name,
 * size and type: one picture) and another (plan-b.png): PG-1 (10 %, 20 %) and PG-2 (30 %, 20 %) on plan A, PG-3
 * on plan A exclusive, PG-4 on plan A not placed yet (its own upload of the same picture), PG-5 on plan B, PG-6
 * without a plan, PG-7 inactive. "Plan Elsewhere" has a plan too, but the walker may not use it; "Plan Plain"
 * has no plan. The clock is Monday 7 December 2026, 08:00 in Budapest; the other user holds PG-2 on Tuesday
 * 10–11. The walker works 09:00–17:00. Plans come by floor (B's -2 first), slots by floor and name.
 */
const time = movableClock('2026-12-07T08:00:00+01:00');
const { server, admin } = await worldOfFile({ clock: time.clock, jobs: { poll: false }, users: ['admin'] });
const db = server.db;
const walker = await clientFor(server, 'plan-walker');
const other = await clientFor(server, 'plan-other');
for (const caller of [walker, other]) {
  await caller.answer({ method: 'GET', path: '/availability?from=2026-12-07&to=2026-12-07' });
}
const WALKER = 'plan-walker@parkhere.example';
const OTHER = 'plan-other@parkhere.example';

await sql`INSERT INTO parking_garages (name) VALUES ('Plan Garage'), ('Plan Elsewhere'), ('Plan Plain')`.execute(
  db,
);
const fileOf = async (name: string, bytes: string) =>
  (
    await sql<{ id: string }>`INSERT INTO files (name, size, content_type, content, created)
      VALUES (${name}, 4, 'image/png', decode(${Buffer.from(bytes).toString('hex')}, 'hex'), now())
      RETURNING id::text`.execute(db)
  ).rows[0]?.id;
const planA = await fileOf('plan-a.png', 'AAAA');
const planAgain = await fileOf('plan-a.png', 'AAAA');
const planB = await fileOf('plan-b.png', 'BBBB');
const planElsewhere = await fileOf('plan-e.png', 'EEEE');
await sql`INSERT INTO parking_slots (parking_garage_id, name, floor, is_active, is_exclusive, floor_plan_id,
    plan_x, plan_y)
  SELECT g.id, s.name, s.floor, s.active, s.exclusive, s.plan::uuid, s.x, s.y
  FROM parking_garages g JOIN (VALUES
    ('Plan Garage', 'PG-1', -1, true, false, ${planA}, 10, 20),
    ('Plan Garage', 'PG-2', -1, true, false, ${planA}, 30, 20),
    ('Plan Garage', 'PG-3', -1, true, true, ${planA}, 50, 20),
    ('Plan Garage', 'PG-4', -1, true, false, ${planAgain}, NULL, NULL),
    ('Plan Garage', 'PG-5', -2, true, false, ${planB}, 40, 60),
    ('Plan Garage', 'PG-6', -2, true, false, NULL, NULL, NULL),
    ('Plan Garage', 'PG-7', -1, false, false, ${planA}, 70, 20),
    ('Plan Elsewhere', 'PE-1', 0, true, false, ${planElsewhere}, 10, 10),
    ('Plan Plain', 'PP-1', 0, true, false, NULL, NULL, NULL))
    AS s (garage, name, floor, active, exclusive, plan, x, y) ON s.garage = g.name`.execute(db);
await sql`DELETE FROM user_accessed_garages WHERE user_id IN (SELECT id FROM users
  WHERE email IN (${WALKER}, ${OTHER}, 'admin@parkhere.example'))`.execute(db);
await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
  SELECT u.id, g.id FROM users u CROSS JOIN parking_garages g
  WHERE (u.email IN (${WALKER}, ${OTHER}) AND g.name IN ('Plan Garage', 'Plan Plain'))
    OR (u.email = 'admin@parkhere.example' AND g.name IN ('Plan Garage', 'Plan Elsewhere'))`.execute(db);
// Both book NORMAL (a new user books QUICK only: today and tomorrow).
await sql`UPDATE users SET start_of_working_time = '09:00', end_of_working_time = '17:00',
    is_normal_reservation = true WHERE email IN (${WALKER}, ${OTHER})`.execute(db);
// A horizon of 14 days, whatever the demo configures.
await sql`UPDATE configuration SET max_days_in_advance = 14`.execute(db);
await seedReservation(db, { owner: OTHER, slot: 'PG-2', date: '2026-12-08', start: '10:00', end: '11:00' });

const MONDAY = '2026-12-07';
const TUESDAY = '2026-12-08';

const dayOf = async (caller: Requests, query: string): Promise<DayPlan> => {
  const answer = await caller.answer({ method: 'GET', path: `/availability/day?${query}` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as DayPlan;
};
const refusalOf = async (caller: Requests, query: string) => {
  const answer = await caller.answer({ method: 'GET', path: `/availability/day?${query}` });
  return { status: answer.status, body: answer.body };
};
const statuses = (slots: readonly PlanSlot[]) => slots.map((slot) => [slot.name, slot.status]);
const everySlot = (day: DayPlan) =>
  day.garages.flatMap((garage) => [
    ...garage.plans.flatMap((plan) => [...plan.placed, ...plan.unplaced]),
    ...garage.withoutPlan,
  ]);

describe('GET /api/availability/day', () => {
  it("draws each plan once with its placed slots, each slot's status the walker's, and lists the rest", async () => {
    const day = await dayOf(walker, `date=${TUESDAY}`);
    expect(day).toMatchObject({ date: TUESDAY, startTime: '09:00:00', endTime: '17:00:00', refusal: null });
    // Plan Plain has no plan, Plan Elsewhere is not the walker's: only Plan Garage.
    expect(day.garages.map((garage) => garage.garageName)).toEqual(['Plan Garage']);
    const [garage] = day.garages;
    // Plan A (two uploads of one picture) and plan B, each once.
    expect(garage?.plans.map((plan) => statuses(plan.placed))).toEqual([
      [['PG-5', 'FREE']],
      [
        ['PG-1', 'FREE'],
        ['PG-2', 'TAKEN'],
        ['PG-3', 'NOT_OFFERED'],
      ],
    ]);
    expect(garage?.plans.map((plan) => statuses(plan.unplaced))).toEqual([[], [['PG-4', 'FREE']]]);
    expect(statuses(garage?.withoutPlan ?? [])).toEqual([['PG-6', 'FREE']]);
    expect(garage?.plans[1]?.placed[0]).toMatchObject({
      planX: 10,
      planY: 20,
      floor: -1,
      garageName: 'Plan Garage',
    });
    expect(garage?.plans[1]?.contentType).toBe('image/png');
    // Whoever holds PG-2 is not said.
    expect(JSON.stringify(day)).not.toMatch(/plan-other|Plan Other/i);
  });

  it('says FREE exactly for the slots the reservation form offers for the same draft', async () => {
    const day = await dayOf(walker, `date=${TUESDAY}`);
    const [self] = await walker.json<{ __signedIdentifier: string }[]>(
      '/services/Actor/usersForInput/~list',
      {},
    );
    const offered = await walker.json<{ __signedIdentifier: string; aggregaredName: string }[]>(
      '/services/ReservationInput/parkingSlot/~range',
      {
        owner: {
          reservationType: 'NORMAL',
          date: TUESDAY,
          startTime: day.startTime,
          endTime: day.endTime,
          user: self,
        },
        queryCustomizer: { _mask: '{aggregaredName}' },
      },
    );
    const free = everySlot(day).filter((slot) => slot.status === 'FREE');
    const inPlanGarage = offered.filter((slot) => slot.aggregaredName.includes('(Plan Garage)'));
    expect(free.map((slot) => slot.__signedIdentifier).sort()).toEqual(
      inPlanGarage.map((slot) => slot.__signedIdentifier).sort(),
    );
  });

  it('offers the exclusive slot to an administrator, and the hours asked decide what is taken', async () => {
    const day = await dayOf(admin, `date=${TUESDAY}&startTime=11:00&endTime=12:00`);
    expect(day.garages.map((garage) => garage.garageName)).toEqual(['Plan Elsewhere', 'Plan Garage']);
    const planGarage = day.garages[1];
    // 11–12 is after the other user's 10–11 on PG-2: back to back is free.
    expect(statuses(planGarage?.plans[1]?.placed ?? [])).toEqual([
      ['PG-1', 'FREE'],
      ['PG-2', 'FREE'],
      ['PG-3', 'FREE'],
    ]);
  });

  it('shows nothing bookable on a day the walker cannot book, and says why', async () => {
    const cases = [
      ['2026-12-04', 'DATE_IN_THE_PAST'],
      ['2026-12-13', 'NOT_A_WORKING_DAY'],
      // The horizon is 14 days: the 21st is the 14th day after the 7th, the 22nd beyond it.
      ['2026-12-22', 'DATE_TOO_FAR_AHEAD'],
      ['0002-11-27', 'DATE_IN_THE_PAST'],
      ['9999-12-31', 'DATE_TOO_FAR_AHEAD'],
    ] as const;
    for (const [date, refusal] of cases) {
      const started = Date.now();
      const day = await dayOf(walker, `date=${date}`);
      expect(Date.now() - started, date).toBeLessThan(5_000);
      expect(day.refusal, date).toBe(refusal);
      expect(new Set(everySlot(day).map((slot) => slot.status)), date).toEqual(new Set(['NOT_OFFERED']));
    }
    expect((await dayOf(walker, 'date=2026-12-21')).refusal).toBeNull();
    // A user who books QUICK only: today and tomorrow.
    await sql`UPDATE users SET is_normal_reservation = false WHERE email = ${WALKER}`.execute(db);
    try {
      expect((await dayOf(walker, `date=${TUESDAY}`)).refusal).toBeNull();
      expect((await dayOf(walker, 'date=2026-12-09')).refusal).toBe('DATE_TOO_FAR_AHEAD');
    } finally {
      await sql`UPDATE users SET is_normal_reservation = true WHERE email = ${WALKER}`.execute(db);
    }
  });

  it("once today's hours are over, nothing more is bookable today", async () => {
    time.set('2026-12-07T23:58:00+01:00');
    try {
      const day = await dayOf(walker, `date=${MONDAY}`);
      expect(day.refusal).toBe('TIME_IN_THE_PAST');
      expect(new Set(everySlot(day).map((slot) => slot.status))).toEqual(new Set(['NOT_OFFERED']));
    } finally {
      time.set('2026-12-07T08:00:00+01:00');
    }
  });

  it('answers one garage by its signed identifier, and a garage the walker may not use as if it were none', async () => {
    const all = await dayOf(admin, `date=${MONDAY}`);
    const elsewhere = all.garages.find((garage) => garage.garageName === 'Plan Elsewhere')?.garage ?? '';
    const planGarage = all.garages.find((garage) => garage.garageName === 'Plan Garage')?.garage ?? '';
    const one = await dayOf(walker, `date=${MONDAY}&garage=${encodeURIComponent(planGarage)}`);
    expect(one.garages.map((garage) => garage.garageName)).toEqual(['Plan Garage']);
    const refused = await refusalOf(walker, `date=${MONDAY}&garage=${encodeURIComponent(elsewhere)}`);
    expect(refused.status).toBe(404);
  });

  it('refuses a forged or foreign identifier, a bad date and bad hours with 400s, reading nothing', async () => {
    const slot = everySlot(await dayOf(walker, `date=${TUESDAY}`))[0]?.__signedIdentifier ?? '';
    const forged = `${slot.slice(0, -3)}AAA`;
    const cases: [string, string, string][] = [
      [`date=${TUESDAY}&garage=${encodeURIComponent(forged)}`, 'INVALID_IDENTIFIER', 'garage'],
      // A slot's identifier is no garage's.
      [`date=${TUESDAY}&garage=${encodeURIComponent(slot)}`, 'INVALID_IDENTIFIER', 'garage'],
      [`date=${TUESDAY}&garage=${'x'.repeat(5000)}`, 'INVALID_IDENTIFIER', 'garage'],
      ['date=2026-02-31', 'CONVERSION_FAILED', 'date'],
      ['date=tomorrow', 'CONVERSION_FAILED', 'date'],
      ['', 'MISSING_REQUIRED_ATTRIBUTE', 'date'],
      [`date=${TUESDAY}&startTime=25:00&endTime=26:00`, 'CONVERSION_FAILED', 'startTime'],
      [`date=${TUESDAY}&startTime=12:00`, 'MISSING_REQUIRED_ATTRIBUTE', 'endTime'],
      [`date=${TUESDAY}&startTime=12:00&endTime=11:00`, 'NOT_ACCEPTED_BY_RANGE', 'endTime'],
    ];
    for (const [query, code, location] of cases) {
      const answer = await refusalOf(walker, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual(
        expect.arrayContaining([expect.objectContaining({ code, location })]),
      );
    }
    const anonymous = await fetch(`${server.url}/api/availability/day?date=${TUESDAY}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('ParkingSlotSettings.planX and planY', () => {
  const slotOf = async (name: string) => {
    const [slot] = await admin.json<
      { __signedIdentifier: string; planX: number | null; planY: number | null }[]
    >('/services/Actor/parkingSlots/~list', { name: [{ operator: 'equal', value: name }] });
    if (slot === undefined) {
      throw new Error(`no slot ${name}`);
    }
    return slot;
  };
  const write = async (name: string, values: Record<string, unknown>) =>
    admin.answer({
      method: 'POST',
      path: '/services/ParkingSlotSettings/~update',
      body: values,
      headers: withId((await slotOf(name)).__signedIdentifier, {
        'X-Judo-Mask': `{${Object.keys(values).join(',')}}`,
      }),
    });

  it('places a slot, moves it and takes it off the plan', async () => {
    expect((await write('PG-4', { planX: 0, planY: 100 })).status).toBe(200);
    expect(await slotOf('PG-4')).toMatchObject({ planX: 0, planY: 100 });
    expect((await write('PG-4', { planX: 55 })).status).toBe(200);
    expect(await slotOf('PG-4')).toMatchObject({ planX: 55, planY: 100 });
    expect((await write('PG-4', { planX: null, planY: null })).status).toBe(200);
    expect(await slotOf('PG-4')).toMatchObject({ planX: null, planY: null });
  });

  it('refuses a place out of range or one axis without the other with a 400 on the field, changing nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['PG-1', { planX: 101, planY: 20 }, 'PLAN_POSITION_OUT_OF_RANGE', 'planX'],
      ['PG-1', { planX: 10, planY: -1 }, 'PLAN_POSITION_OUT_OF_RANGE', 'planY'],
      ['PG-1', { planX: 10, planY: null }, 'PLAN_POSITION_INCOMPLETE', 'planY'],
      ['PG-1', { planY: null }, 'PLAN_POSITION_INCOMPLETE', 'planY'],
      // PG-6 has no place: one axis alone is judged against the stored other, which is empty.
      ['PG-6', { planX: 40 }, 'PLAN_POSITION_INCOMPLETE', 'planY'],
      ['PG-1', { planX: 12.5, planY: 20 }, 'CONVERSION_FAILED', 'planX'],
    ];
    for (const [name, values, code, location] of cases) {
      const kept = ({ planX, planY, __version }: Record<string, unknown>) => ({ planX, planY, __version });
      const before = kept(await slotOf(name));
      const answer = await write(name, values);
      expect(answer.status, JSON.stringify(values)).toBe(400);
      expect(answer.body, JSON.stringify(values)).toEqual([expect.objectContaining({ code, location })]);
      expect(kept(await slotOf(name))).toEqual(before);
    }
  });
});
