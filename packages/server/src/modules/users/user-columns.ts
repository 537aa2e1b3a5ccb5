/**
 * A user's row, every column of it in the table's order: what sign-in reads (UserRow), the personal-data
 * export's profile and an import compare. A column a migration adds is read once it is named here.
 */
export const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'isActive',
  'isAdministrator',
  'isNormalReservation',
  'isQuickReservation',
  'isGuestReservation',
  'isLongReservation',
  'startOfWorkingTime',
  'endOfWorkingTime',
  'maxNormalReservation',
  'maxGuestReservation',
  'maxLongReservation',
  'version',
  'createdAt',
  'preferredParkingSlotId',
  'locale',
  'leftAt',
  'externalId',
  'directoryDeletedAt',
  'anonymisedAt',
  'hasAccessibilityPermit',
] as const;
