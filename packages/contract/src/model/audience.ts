import { type AccessPointName, accessPoints } from './access-points.ts';
import type { Audience } from './dsl.ts';

/** What the server knows about the actor that decides which access points they reach. */
export type ActorRoles = { isAdministrator: boolean; isDoorman: boolean };

/** Administrators reach everything; `user` means any provisioned user; doormen reach only their page. */
export const isInAudience = (audience: Audience, actor: ActorRoles): boolean => {
  switch (audience) {
    case 'signedIn':
    case 'user':
      return true;
    case 'administrator':
      return actor.isAdministrator;
    case 'doorman':
      return actor.isDoorman || actor.isAdministrator;
  }
};

export const mayUseAccessPoint = (accessPoint: AccessPointName, actor: ActorRoles): boolean =>
  isInAudience(accessPoints[accessPoint].audience, actor);
