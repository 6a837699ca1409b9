export { parseIp, formatIp, type IpAddress, type IpVersion } from './ip-address'
export { parseCidr, cidrRange, tryCidrRange, type CidrBlock, type CidrRange } from './cidr-range'
export { cidrContains, cidrOverlaps, findCidrOverlaps, type NamedCidr, type CidrOverlap } from './cidr-contains'
