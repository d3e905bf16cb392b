/** People and sign-in's public face: the module for the composition, and the first start's owner invitation. */

export { insertInvitation, invitationLink } from './invitations.ts';
export { peopleModule } from './module.ts';
