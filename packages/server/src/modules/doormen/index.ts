/* What other modules may use of doormen: the mails that tell them about arrivals. */
export { sendDoormanNotice, sendDoormanSummary } from './send-doorman-mail.ts';
