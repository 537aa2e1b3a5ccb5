import { beforeAll, describe, expect, it } from 'vitest';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, reserve as reserveAs } from './forms.ts';

let self: Entity;
let days: string[];

const RANGE = '/services/HolidayInput/reservationsForDeleteInfo/~range';

const reserve = async (slotName: string, date: string, startTime: string, endTime: string) =>
  (await reserveAs(user, slotName, date, startTime, endTime)).__identifier;

const ids = (items: Entity[]) => items.map((item) => item.__identifier);

const { server, user, admin } = await worldOfFile({ users: ['user', 'admin'] });

beforeAll(async () => {
  [self] = (await user.json<Entity[]>('/services/Actor/usersForInput/~list', {})) as [Entity];
  days = [
    await workingDayAfter(server, 2),
    await workingDayAfter(server, 3),
    await workingDayAfter(server, 4),
  ];
});

describe('HolidayInput.reservationsForDeleteInfo ~range', () => {
  it('lists what saving the draft deletes, by date, the same as queryReservationsForHoliday', async () => {
    const [first, second, third] = days as [string, string, string];
    const later = await reserve('A-112', second, '13:00:00', '14:00:00');
    const earlier = await reserve('A-113', first, '09:00:00', '10:00:00');
    const outside = await reserve('A-114', third, '09:00:00', '10:00:00');
    const draft = { user: self, startDate: first, endDate: second };

    const listed = await user.json<Entity[]>(RANGE, { owner: draft, queryCustomizer: {} });
    expect(ids(listed)).toEqual([earlier, later]);
    expect(ids(listed)).not.toContain(outside);
    const preview = await user.json<{ reservations: Entity[] }>(
      '/services/UserForInput/queryReservationsForHoliday',
      draft,
    );
    expect(ids(listed)).toEqual(ids(preview.reservations));

    // An administrator's draft for the user lists the user's; the same dates for themself list none.
    const [forUser] = await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'user@parkhere.example' }],
    });
    expect(
      ids(await admin.json<Entity[]>(RANGE, { owner: { ...draft, user: forUser }, queryCustomizer: {} })),
    ).toEqual([earlier, later]);
    const [me] = await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'admin@parkhere.example' }],
    });
    expect(await admin.json<Entity[]>(RANGE, { owner: { ...draft, user: me }, queryCustomizer: {} })).toEqual(
      [],
    );
  });

  it('lists nothing until both dates are set and in order', async () => {
    const [first, second] = days as [string, string, string];
    for (const owner of [
      { user: self, startDate: first },
      { user: self, endDate: second },
      { user: self, startDate: second, endDate: first },
    ]) {
      expect(await user.json<Entity[]>(RANGE, { owner, queryCustomizer: {} })).toEqual([]);
    }
  });
});
