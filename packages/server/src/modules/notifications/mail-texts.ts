import type { Locale } from '@parkhere/contract';
import type { MailTemplate } from '../../platform/mail/mail-kind.ts';

/*
 * The built-in texts of the reservations' mails in each language (DESIGN §4), and the parts of them the
 * waitlist's confirmation shares. Administrators' templates replace a body, never a subject.
 */

type Texts = Record<Locale, MailTemplate>;

/** A reservation's details: its days, times, slot, type, plate and guest. */
export const details = {
  'hu-HU': `<table>
<tr><th align="left">Dátum</th><td>{{#each reservation.days}}{{this}}{{#unless @last}}, {{/unless}}{{/each}}</td></tr>
<tr><th align="left">Időpont</th><td>{{reservation.startTime}} – {{reservation.endTime}}</td></tr>
<tr><th align="left">Parkolóhely</th><td>{{reservation.slot}}</td></tr>
<tr><th align="left">Típus</th><td>{{reservation.typeLabel}}</td></tr>
<tr><th align="left">Rendszám</th><td>{{reservation.licensePlate}}</td></tr>
{{#if reservation.isGuest}}<tr><th align="left">Vendég</th><td>{{reservation.guestName}}</td></tr>{{/if}}
</table>`,
  'en-US': `<table>
<tr><th align="left">Date</th><td>{{#each reservation.days}}{{this}}{{#unless @last}}, {{/unless}}{{/each}}</td></tr>
<tr><th align="left">Time</th><td>{{reservation.startTime}} – {{reservation.endTime}}</td></tr>
<tr><th align="left">Parking slot</th><td>{{reservation.slot}}</td></tr>
<tr><th align="left">Type</th><td>{{reservation.typeLabel}}</td></tr>
<tr><th align="left">License plate</th><td>{{reservation.licensePlate}}</td></tr>
{{#if reservation.isGuest}}<tr><th align="left">Guest</th><td>{{reservation.guestName}}</td></tr>{{/if}}
</table>`,
} as const;

/** What a guest needs to arrive: when, where, with which plate, and who invited them. */
const guestDetails = {
  'hu-HU': `<table>
<tr><th align="left">Dátum</th><td>{{reservation.date}}</td></tr>
<tr><th align="left">Időpont</th><td>{{reservation.startTime}} – {{reservation.endTime}}</td></tr>
<tr><th align="left">Parkolóház</th><td>{{reservation.garage}}</td></tr>
<tr><th align="left">Parkolóhely</th><td>{{reservation.slot}}</td></tr>
<tr><th align="left">Rendszám</th><td>{{reservation.licensePlate}}</td></tr>
<tr><th align="left">Meghívó</th><td>{{reservation.ownerName}}</td></tr>
</table>`,
  'en-US': `<table>
<tr><th align="left">Date</th><td>{{reservation.date}}</td></tr>
<tr><th align="left">Time</th><td>{{reservation.startTime}} – {{reservation.endTime}}</td></tr>
<tr><th align="left">Garage</th><td>{{reservation.garage}}</td></tr>
<tr><th align="left">Parking slot</th><td>{{reservation.slot}}</td></tr>
<tr><th align="left">License plate</th><td>{{reservation.licensePlate}}</td></tr>
<tr><th align="left">Invited by</th><td>{{reservation.ownerName}}</td></tr>
</table>`,
} as const;

/** The reservations a change of the time zone moved: each day, its times and its slot. */
const moved = {
  'hu-HU': `<table>
<tr><th align="left">Dátum</th><th align="left">Időpont</th><th align="left">Parkolóhely</th></tr>
{{#each movedReservations}}<tr><td>{{date}}</td><td>{{startTime}} – {{endTime}}</td><td>{{slot}}</td></tr>
{{/each}}</table>`,
  'en-US': `<table>
<tr><th align="left">Date</th><th align="left">Time</th><th align="left">Parking slot</th></tr>
{{#each movedReservations}}<tr><td>{{date}}</td><td>{{startTime}} – {{endTime}}</td><td>{{slot}}</td></tr>
{{/each}}</table>`,
} as const;

/** The owner's mails about a guest's reservation say that the guest hears of it too. */
const guestNote = {
  'hu-HU':
    '{{#if reservation.isGuest}}<p>Vendége, {{reservation.guestName}}{{#if reservation.guestEmail}} ({{reservation.guestEmail}}){{/if}} külön levelet kap erről.</p>{{/if}}',
  'en-US':
    '{{#if reservation.isGuest}}<p>Your guest, {{reservation.guestName}}{{#if reservation.guestEmail}} ({{reservation.guestEmail}}){{/if}}, gets their own mail about it.</p>{{/if}}',
} as const;

/** The slot's floor plan, inline, where the slot has one. */
export const floorPlan =
  '{{#if floorPlanCid}}<p><img src="cid:{{floorPlanCid}}" alt="floor plan"></p>{{/if}}';

/**
 * What the confirmation and the reminder of a reservation that needs check-in add after their body, configured
 * or not: the window, and the link when there is one.
 */
export const CHECK_IN_NOTES: Record<Locale, string> = {
  'hu-HU': `<p>Kérjük, jelentkezzen be {{checkIn.opensAt}} és {{checkIn.closesAt}} között, különben a parkolóhelyet felszabadítjuk.</p>{{#if checkIn.url}}<p>Bejelentkezés: <a href="{{checkIn.url}}">{{checkIn.url}}</a></p>{{/if}}`,
  'en-US': `<p>Check in between {{checkIn.opensAt}} and {{checkIn.closesAt}}, or the slot is released.</p>{{#if checkIn.url}}<p>Check in: <a href="{{checkIn.url}}">{{checkIn.url}}</a></p>{{/if}}`,
};

/**
 * What a guest's confirmation and modification add where the garage checks arrivals in: the guest, who has no
 * account and no link, reports to the doorman within the window, who checks them in (issue 31).
 */
export const GUEST_CHECK_IN_NOTES: Record<Locale, string> = {
  'hu-HU': `<p>Érkezéskor kérjük, jelentkezzen a portán {{checkIn.opensAt}} és {{checkIn.closesAt}} között: a portás rögzíti az érkezését, különben a parkolóhelyet felszabadítjuk.</p>`,
  'en-US': `<p>When you arrive, please report to the doorman between {{checkIn.opensAt}} and {{checkIn.closesAt}}: the doorman checks you in, or the slot is released.</p>`,
};

/**
 * What the confirmation and the reminder of a single reservation add after their body, configured or not,
 * while it has not started: the link that gives it back in one tap (modules/release-link).
 */
export const RELEASE_NOTES: Record<Locale, string> = {
  'hu-HU': `{{#if release.url}}<p>Mégsem jön? Adja vissza a parkolóhelyet egy kattintással, hogy a várólistán következő megkapja: <a href="{{release.url}}">{{release.url}}</a></p>{{/if}}`,
  'en-US': `{{#if release.url}}<p>Not coming? Give the slot back in one tap, so the next on the waitlist gets it: <a href="{{release.url}}">{{release.url}}</a></p>{{/if}}`,
};

/**
 * The days a confirmation is about, for its subject: the day, or a series' first and last day (issue 31: a LONG
 * booking's subject named its first day only; its body and invitation carry every day).
 */
const SPAN =
  '{{#each reservation.days}}{{#if @first}}{{this}}{{/if}}{{#if @last}}{{#unless @first}} – {{this}}{{/unless}}{{/if}}{{/each}}';

/** The owner's mails and the guest's, by kind. */
export const RESERVATION_TEXTS = {
  confirmation: {
    'hu-HU': {
      subject: `Parkolóhely-foglalás visszaigazolása: ${SPAN} {{reservation.slot}}`,
      html: `<p>Kedves {{recipient.name}}!</p><p>Foglalását rögzítettük.</p>${guestNote['hu-HU']}${details['hu-HU']}${floorPlan}`,
    },
    'en-US': {
      subject: `Parking reservation confirmed: ${SPAN} {{reservation.slot}}`,
      html: `<p>Dear {{recipient.name}},</p><p>your reservation is confirmed.</p>${guestNote['en-US']}${details['en-US']}${floorPlan}`,
    },
  },
  modification: {
    'hu-HU': {
      subject: 'Parkolóhely-foglalás módosítva: {{reservation.date}} {{reservation.slot}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>Foglalása módosult, az új adatok:</p>${guestNote['hu-HU']}${details['hu-HU']}`,
    },
    'en-US': {
      subject: 'Parking reservation changed: {{reservation.date}} {{reservation.slot}}',
      html: `<p>Dear {{recipient.name}},</p><p>your reservation was changed. The new details:</p>${guestNote['en-US']}${details['en-US']}`,
    },
  },
  deletion: {
    'hu-HU': {
      subject: 'Parkolóhely-foglalás törölve: {{reservation.date}} {{reservation.slot}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>Az alábbi foglalását töröltük:</p>${guestNote['hu-HU']}${details['hu-HU']}`,
    },
    'en-US': {
      subject: 'Parking reservation deleted: {{reservation.date}} {{reservation.slot}}',
      html: `<p>Dear {{recipient.name}},</p><p>this reservation of yours was deleted:</p>${guestNote['en-US']}${details['en-US']}`,
    },
  },
  reminder: {
    'hu-HU': {
      subject: 'Emlékeztető: parkolás {{reservation.date}} {{reservation.startTime}}, {{reservation.slot}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>Hamarosan kezdődik a foglalása:</p>${details['hu-HU']}`,
    },
    'en-US': {
      subject: 'Reminder: parking on {{reservation.date}} at {{reservation.startTime}}, {{reservation.slot}}',
      html: `<p>Dear {{recipient.name}},</p><p>your reservation starts soon:</p>${details['en-US']}`,
    },
  },
  'no-show': {
    'hu-HU': {
      subject: 'Parkolóhely-foglalás felszabadítva: {{reservation.date}} {{reservation.slot}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>Foglalását felszabadítottuk, mert {{checkIn.closesAt}} óráig senki sem jelentkezett be hozzá. A parkolóhelyet a foglalás hátralévő idejére mások foglalhatják.</p>${details['hu-HU']}`,
    },
    'en-US': {
      subject: 'Parking reservation released: {{reservation.date}} {{reservation.slot}}',
      html: `<p>Dear {{recipient.name}},</p><p>your reservation was released because nobody checked in by {{checkIn.closesAt}}. The slot is free for others for the rest of its time.</p>${details['en-US']}`,
    },
  },
  'guest-confirmation': {
    'hu-HU': {
      subject: 'Parkolóhely várja: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>{{reservation.ownerName}} parkolóhelyet foglalt Önnek:</p>${guestDetails['hu-HU']}${floorPlan}`,
    },
    'en-US': {
      subject:
        'A parking slot is waiting for you: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Dear {{recipient.name}},</p><p>{{reservation.ownerName}} reserved a parking slot for you:</p>${guestDetails['en-US']}${floorPlan}`,
    },
  },
  'guest-modification': {
    'hu-HU': {
      subject: 'Parkolása módosult: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>{{reservation.ownerName}} módosította az Önnek foglalt parkolást, az új adatok:</p>${guestDetails['hu-HU']}`,
    },
    'en-US': {
      subject:
        'Your parking was changed: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Dear {{recipient.name}},</p><p>{{reservation.ownerName}} changed the parking reserved for you. The new details:</p>${guestDetails['en-US']}`,
    },
  },
  'guest-deletion': {
    'hu-HU': {
      subject: 'Parkolása törölve: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>{{reservation.ownerName}} törölte az Önnek foglalt parkolást, a parkolóhely erre az időre már nem várja:</p>${guestDetails['hu-HU']}`,
    },
    'en-US': {
      subject:
        'Your parking was cancelled: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Dear {{recipient.name}},</p><p>{{reservation.ownerName}} cancelled the parking reserved for you; the slot no longer waits for you at this time:</p>${guestDetails['en-US']}`,
    },
  },
  'guest-time-zone': {
    'hu-HU': {
      subject:
        'Parkolása az új időzónában: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>A parkoló időzónája mostantól {{timeZone}}. A(z) {{reservation.ownerName}} által Önnek foglalt parkolás napja és időpontja nem változik, mostantól ebben az időzónában értendő; a mellékelt meghívó frissíti a naptárában:</p>${guestDetails['hu-HU']}`,
    },
    'en-US': {
      subject:
        'Your parking in the new time zone: {{reservation.date}} {{reservation.startTime}}, {{reservation.garage}}',
      html: `<p>Dear {{recipient.name}},</p><p>The car park's time zone is now {{timeZone}}. The parking {{reservation.ownerName}} reserved for you keeps its day and time, in that zone; the attached invitation updates it in your calendar:</p>${guestDetails['en-US']}`,
    },
  },
  'time-zone': {
    'hu-HU': {
      subject: 'Parkolóhely-foglalásai az új időzónában: {{timeZone}}',
      html: `<p>Kedves {{recipient.name}}!</p><p>A ParkHere időzónája mostantól {{timeZone}}. Az alábbi foglalásai napja és időpontja nem változik, mostantól ebben az időzónában értendők; a mellékelt meghívó frissíti őket a naptárában:</p>${moved['hu-HU']}`,
    },
    'en-US': {
      subject: 'Your parking reservations in the new time zone: {{timeZone}}',
      html: `<p>Dear {{recipient.name}},</p><p>ParkHere's time zone is now {{timeZone}}. These reservations of yours keep their days and times, in that zone; the attached invitation updates them in your calendar:</p>${moved['en-US']}`,
    },
  },
} satisfies Record<string, Texts>;
