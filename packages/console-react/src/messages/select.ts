import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** Choosing where to work: tenant, organisation, product. */
export const selectMessages = defineMessages(
  'select',
  {
    chooseTenant: 'Choose a tenant',
    yourTenants: 'your tenants',
    loadingTenants: 'Loading tenants…',
    noTenant: 'You belong to no tenant yet. Ask an admin to add you.',
    tenants: 'Tenants',
    network: 'Network {cidr} ({start} – {end})',
    noNetwork: 'No network',
    overlaps: 'Network overlaps another tenant',
    openTenantFailed: 'Could not open this tenant.',
    invitations: 'Invitations',
    invitedTo: 'Invitation to {places}',
    invitedAs: 'Roles: {roles}',
    acceptInvitation: 'Accept invitation to {places}',
    declineInvitation: 'Decline invitation to {places}',
    acceptFailed: 'Could not accept this invitation.',
    declineFailed: 'Could not decline this invitation.',
    noTenantButInvited: 'You belong to no tenant yet. Accept an invitation above to join one.',
    chooseOrganisation: 'Choose an organisation',
    yourOrganisations: 'your organisations',
    loadingOrganisations: 'Loading organisations…',
    organisations: 'Organisations',
    whereTo: 'Where to?',
    honuNetText: 'Streams, remote access and networks of a tenant',
    missionPlanningText: 'Mission operations, review and users of an organisation',
  },
  translations,
)
