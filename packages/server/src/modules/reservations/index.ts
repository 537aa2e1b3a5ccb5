import {
  modificateReservationInputSource,
  reservationInputSource,
  reservationsPanelSource,
  userReservationPanelSource,
} from './panels.ts';
import { userReservationSource } from './source.ts';

export { reservationOperations as operations, reservationTemplates as templates } from './operations.ts';
export const sources = {
  UserReservation: userReservationSource,
  ModificateReservationInput: modificateReservationInputSource,
  ReservationInput: reservationInputSource,
  UserReservationPanel: userReservationPanelSource,
  ReservationsPanel: reservationsPanelSource,
};
