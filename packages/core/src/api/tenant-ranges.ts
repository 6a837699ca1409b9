import { tryCidrRange } from '../cidr/cidr-range'
import type { Tenant, TenantRecord } from './v1-types'

// A module of its own: the tenant list and the console client import it when they need it, so the CIDR parser stays
// off the sign-in page (issue 12's budget, scripts/measure-login-js.mjs).

/** Adds the derived CIDR ranges to a tenant (spec §3). */
export function withCidrRanges(tenant: TenantRecord): Tenant {
  return {
    ...tenant,
    remote_cidr_range: tryCidrRange(tenant.remote_cidr),
    vpn_cidr_range: tryCidrRange(tenant.vpn_cidr),
  }
}
