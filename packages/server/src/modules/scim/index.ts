/** SCIM 2.0 provisioning (issue 27, item 2): the company directory creates, updates and removes users. */
export { type ScimOptions, scimRoutes } from './scim-routes.ts';
