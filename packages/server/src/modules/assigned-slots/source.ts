import { allRows } from '../../engine/access.ts';
import { inputForm } from '../../engine/source.ts';

/** The range an owner gives back or takes back, naming one of their slots or none; and what they are answered. */
export const assignedSlotReleaseSource = inputForm('AssignedSlotRelease', {
  parkingSlot: { range: allRows },
});
export const assignedSlotDaySource = inputForm('AssignedSlotDay');
export const assignedSlotScheduleSource = inputForm('AssignedSlotSchedule', { days: {} });
