import type { PlaceholderDescription } from '../../platform/mail/mail-kind.ts';

/**
 * What each placeholder a template may use is, in the administrators' languages: the mail context
 * (mail-context.ts, the doormen's and the waitlist's values) is what the mails fill, this says it in words,
 * and each kind names its own.
 */
const DESCRIPTIONS = {
  'recipient.name': { 'en-US': 'Name of the person the mail goes to', 'hu-HU': 'A címzett neve' },
  'recipient.email': { 'en-US': 'E-mail address of the recipient', 'hu-HU': 'A címzett e-mail-címe' },
  'reservation.date': { 'en-US': 'Day of the reservation', 'hu-HU': 'A foglalás napja' },
  'reservation.days': {
    'en-US': 'Every day of a long series (use with #each)',
    'hu-HU': 'Egy hosszú foglalás minden napja (#each-csel)',
  },
  'reservation.startTime': { 'en-US': 'Start time', 'hu-HU': 'Kezdés' },
  'reservation.endTime': { 'en-US': 'End time', 'hu-HU': 'Befejezés' },
  'reservation.garage': { 'en-US': 'Garage', 'hu-HU': 'Parkolóház' },
  'reservation.slot': {
    'en-US': 'Parking slot with floor and garage',
    'hu-HU': 'Parkolóhely szinttel és parkolóházzal',
  },
  'reservation.slotName': { 'en-US': 'Parking slot name only', 'hu-HU': 'Csak a parkolóhely neve' },
  'reservation.floor': { 'en-US': 'Floor of the slot', 'hu-HU': 'A parkolóhely szintje' },
  'reservation.typeLabel': { 'en-US': 'Reservation type', 'hu-HU': 'A foglalás típusa' },
  'reservation.licensePlate': {
    'en-US': 'License plate that may enter',
    'hu-HU': 'A behajtó autó rendszáma',
  },
  'reservation.ownerName': {
    'en-US': 'Employee who made the reservation',
    'hu-HU': 'A foglalást készítő munkatárs',
  },
  'reservation.isGuest': {
    'en-US': 'Whether it is a guest reservation (use with #if)',
    'hu-HU': 'Vendégfoglalás-e (#if-fel)',
  },
  'reservation.guestName': {
    'en-US': 'Guest’s name (guest reservations)',
    'hu-HU': 'A vendég neve (vendégfoglalás)',
  },
  'reservation.guestEmail': {
    'en-US': 'Guest’s e-mail address (guest reservations)',
    'hu-HU': 'A vendég e-mail-címe (vendégfoglalás)',
  },
  reserverName: {
    'en-US': 'Who parks: the guest of a guest reservation, else the employee. Greet with recipient.name',
    'hu-HU': 'Aki parkol: vendégfoglalásnál a vendég, egyébként a munkatárs. Megszólításhoz: recipient.name',
  },
  parkingSlotInformation: {
    'en-US': 'Same as reservation.slot',
    'hu-HU': 'Ugyanaz, mint a reservation.slot',
  },
  date: { 'en-US': 'Day the mail is about', 'hu-HU': 'A nap, amelyről a levél szól' },
  startTime: { 'en-US': 'Same as reservation.startTime', 'hu-HU': 'Ugyanaz, mint a reservation.startTime' },
  endTime: { 'en-US': 'Same as reservation.endTime', 'hu-HU': 'Ugyanaz, mint a reservation.endTime' },
  licensePlate: {
    'en-US': 'Same as reservation.licensePlate',
    'hu-HU': 'Ugyanaz, mint a reservation.licensePlate',
  },
  garageName: {
    'en-US': 'Garage (doormen: every garage of the list)',
    'hu-HU': 'Parkolóház (portásoknak: a lista összes parkolóháza)',
  },
  'checkIn.opensAt': {
    'en-US': 'Check-in opens (garages that require check-in)',
    'hu-HU': 'A bejelentkezés kezdete (bejelentkezést kérő parkolóházban)',
  },
  'checkIn.closesAt': {
    'en-US': 'Check-in closes (garages that require check-in)',
    'hu-HU': 'A bejelentkezés vége (bejelentkezést kérő parkolóházban)',
  },
  'checkIn.url': {
    'en-US': 'Link that checks the reservation in',
    'hu-HU': 'A foglalást bejelentkeztető link',
  },
  'release.url': {
    'en-US': 'Link that gives the reservation back ("Not coming?"), until it starts',
    'hu-HU': 'A foglalást visszaadó link („Mégsem jön?”), a kezdetéig',
  },
  floorPlanCid: {
    'en-US': 'The slot’s floor plan: <img src="cid:{{floorPlanCid}}">',
    'hu-HU': 'A parkolóhely alaprajza: <img src="cid:{{floorPlanCid}}">',
  },
  arrivals: {
    'en-US': 'One line per arrival (use with #each and {{this}})',
    'hu-HU': 'Érkezőnként egy sor (#each-csel és {{this}}-szel)',
  },
  reservations: {
    'en-US': 'The arrivals (#each): startTime, endTime, reserverName, licensePlate, slot, isGuest',
    'hu-HU': 'Az érkezők (#each): startTime, endTime, reserverName, licensePlate, slot, isGuest',
  },
  expectedOwners: {
    'en-US':
      'The owners of assigned slots expected that day (#each): startTime, endTime, ownerName, licensePlate, slot',
    'hu-HU':
      'Az aznap várható saját helyes tulajdonosok (#each): startTime, endTime, ownerName, licensePlate, slot',
  },
  waiting: {
    'en-US': 'Whether the lost request of a draw waits on the waitlist',
    'hu-HU': 'Várólistára került-e a sorsoláson nem nyert kérés',
  },
  settled: {
    'en-US':
      'Whether the request was not drawn: its garage stopped drawing, and no slot was left in request order',
    'hu-HU':
      'Sorsolás nélkül döntöttek-e a kérésről: a parkoló már nem sorsol, és beérkezési sorrendben nem maradt hely',
  },
  timeZone: { 'en-US': 'The configured time zone', 'hu-HU': 'A beállított időzóna' },
  movedReservations: {
    'en-US':
      'The reservations a change of the time zone moved (#each): date, startTime, endTime, slot, garage',
    'hu-HU':
      'Az időzóna változása miatt áthelyezett foglalások (#each): date, startTime, endTime, slot, garage',
  },
  appUrl: { 'en-US': 'Address of ParkHere', 'hu-HU': 'A ParkHere címe' },
  contactEmail: {
    'en-US': 'Contact address of the configuration',
    'hu-HU': 'A beállításokban megadott kapcsolattartó cím',
  },
} satisfies Record<string, PlaceholderDescription>;

export type PlaceholderName = keyof typeof DESCRIPTIONS;

/** A kind's placeholders, in the order the preview lists them, each with what it is. */
export const placeholders = (
  names: readonly PlaceholderName[],
): Readonly<Record<string, PlaceholderDescription>> =>
  Object.fromEntries(names.map((name) => [name, DESCRIPTIONS[name]]));
