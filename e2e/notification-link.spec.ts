import { accessTokenOf, deleteReservations, reserveOnFirstFreeDay } from './api.ts';
import { workingDaysFrom } from './clock.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * A notification opens the dashboard at its reservation (issue 32, item 4): the server's push message carries
 * `/?reservation=<identifier>`; the card takes focus (so it is scrolled into view and read out), the address
 * drops the parameter, and a reservation gone meanwhile is said instead.
 */
test("a notification's address opens the dashboard at the reservation's card, or says it is gone", async ({
  page,
  request,
}) => {
  await signInToShell(page, 'user');
  const token = await accessTokenOf(page);
  // Late hours no other spec books, days far enough ahead that the card sits below the first screen on a phone.
  const { reservation } = await reserveOnFirstFreeDay(request, token, {
    days: workingDaysFrom(8, 6),
    startTime: '21:10:00',
    endTime: '21:40:00',
  });
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(`/?reservation=${reservation.__identifier}`);
  const card = page.getByTestId('reservation-card').filter({ hasText: '21:10' });
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  await expect(page).toHaveURL((url) => !url.searchParams.has('reservation'));

  await deleteReservations(request, page, [reservation], token);
  await page.goto(`/?reservation=${reservation.__identifier}`);
  await expect(
    page.getByText('The reservation the notification was about is no longer active.'),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
});
