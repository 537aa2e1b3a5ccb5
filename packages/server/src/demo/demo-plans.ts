/*
 * The demo garages' floor plans (issue 32, item 1), drawn here so that a newcomer sees the day view after
 * `npm start`: one small SVG a floor, its bays in two rows along a driving lane, and each demo slot's place on it
 * (percent of the picture across and down, as ParkingSlotSettings.planX/planY hold it). The slot's name is the
 * day view's marker to write; the picture only draws the bays.
 */

const WIDTH = 1000;
const HEIGHT = 500;
const MARGIN = 50;
// The rows of bays, above and below the lane: their top and bottom edges.
const ROWS = [
  { top: 40, bottom: 180 },
  { top: 320, bottom: 460 },
] as const;

/** The bays of a row: a floor's slots fill the upper row first, then the lower. */
const perRow = (slotsPerFloor: number) => Math.ceil(slotsPerFloor / ROWS.length);

/** A slot's place on its floor's plan by its index on the floor (0: the first), in whole percent. */
export function demoPlanPlace(index: number, slotsPerFloor: number): { planX: number; planY: number } {
  const across = perRow(slotsPerFloor);
  const row = ROWS[Math.min(ROWS.length - 1, Math.floor(index / across))] ?? ROWS[0];
  const width = (WIDTH - 2 * MARGIN) / across;
  const x = MARGIN + ((index % across) + 0.5) * width;
  const y = (row.top + row.bottom) / 2;
  return { planX: Math.round((x / WIDTH) * 100), planY: Math.round((y / HEIGHT) * 100) };
}

/** The floor's plan: walls, the lane with its direction, the bays, and the garage's name and floor. */
export function demoPlanSvg(garageName: string, floor: number, slotsPerFloor: number): string {
  const across = perRow(slotsPerFloor);
  const width = (WIDTH - 2 * MARGIN) / across;
  const bays = ROWS.flatMap(({ top, bottom }) =>
    Array.from(
      { length: across },
      (_, index) =>
        `<rect x="${MARGIN + index * width}" y="${top}" width="${width}" height="${bottom - top}"/>`,
    ),
  ).join('');
  const title = `${garageName} ${floor}`.replace(/[<>&"]/g, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f5f5f2"/>` +
    `<rect x="8" y="8" width="${WIDTH - 16}" height="${HEIGHT - 16}" fill="none" stroke="#4a4a4a" stroke-width="10"/>` +
    `<rect x="${MARGIN}" y="200" width="${WIDTH - 2 * MARGIN}" height="100" fill="#deded8"/>` +
    `<path d="M80 250h840m-40-20 40 20-40 20" fill="none" stroke="#8a8a84" stroke-width="6"/>` +
    `<g fill="#ffffff" stroke="#8a8a84" stroke-width="3">${bays}</g>` +
    `<text x="${WIDTH / 2}" y="235" font-family="sans-serif" font-size="26" text-anchor="middle" fill="#4a4a4a">${title}</text>` +
    '</svg>'
  );
}
