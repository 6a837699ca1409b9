import type { Identity } from './auth/identity'
import type { Database } from './db/database'
import { issueDemoIngestTokens } from './telemetry/ingest-tokens'

/** Password of every demo account (emulator only). */
export const DEMO_PASSWORD = 'honu-demo-1'

/** Demo accounts: every role across tenants, and the mission-planning memberships. */
export const demoUsers = [
  { uid: 'demo-ops', name: 'Olu Ops', email: 'ops@honu.test', permissions: { '*': ['org-admin'] }, note: 'org-admin under * (super admin)' },
  {
    uid: 'demo-ada',
    name: 'Ada Admin',
    email: 'ada@honu.test',
    permissions: { alpha: ['admin'], bravo: ['reader'] },
    note: 'admin of Alpha, reader in Bravo',
  },
  { uid: 'demo-bea', name: 'Bea Admin', email: 'bea@honu.test', permissions: { bravo: ['admin'] }, note: 'admin of Bravo' },
  { uid: 'demo-cal', name: 'Cal Admin', email: 'cal@honu.test', permissions: { charlie: ['admin'] }, note: 'admin of Charlie' },
  {
    uid: 'demo-wes',
    name: 'Wes Writer',
    email: 'wes@honu.test',
    permissions: { alpha: ['writer'], charlie: ['writer'] },
    note: 'writer in Alpha and Charlie',
  },
  { uid: 'demo-cora', name: 'Cora Controller', email: 'cora@honu.test', permissions: { bravo: ['controller'] }, note: 'controller in Bravo' },
  { uid: 'demo-remy', name: 'Remy Reader', email: 'remy@honu.test', permissions: { alpha: ['reader'] }, note: 'reader in Alpha' },
  {
    uid: 'demo-mia',
    name: 'Mia Multifactor',
    email: 'mia@honu.test',
    permissions: { alpha: ['writer'] },
    note: 'writer in Alpha, SMS second factor (+1 555-555-0100; codes in the emulator)',
    mfaPhone: '+15555550100',
  },
] as const

const tenants = [
  // Alpha and Bravo overlap on purpose (10.10.128.0/20 lies inside 10.10.0.0/16), so the console can flag it.
  { tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.10.0.0/16', vpn_cidr: '10.200.0.0/24' },
  { tenant_id: 'bravo', name: 'Bravo Fleet', remote_cidr: '10.10.128.0/20', vpn_cidr: '10.201.0.0/24' },
  { tenant_id: 'charlie', name: 'Charlie Survey', remote_cidr: '172.20.0.0/16', vpn_cidr: 'fd00:c::/64' },
]

const streams = [
  {
    video_id: 'alpha-bow',
    tenant_id: 'alpha',
    name: 'Bow camera',
    source: '/media/alpha/alpha-bow/index.m3u8',
    proxy: null,
    device_id: 'alpha-usv-1',
  },
  {
    video_id: 'alpha-stern',
    tenant_id: 'alpha',
    name: 'Stern camera',
    source: '/media/alpha/alpha-stern/index.m3u8',
    proxy: null,
    device_id: 'alpha-usv-1',
  },
  {
    video_id: 'alpha-mast',
    tenant_id: 'alpha',
    name: 'Mast camera',
    source: '/media/alpha/alpha-mast/index.m3u8',
    proxy: null,
    device_id: 'alpha-usv-1',
  },
  { video_id: 'alpha-dock', tenant_id: 'alpha', name: 'Dock overview', source: '/media/alpha/alpha-dock/index.m3u8', proxy: null },
  { video_id: 'bravo-deck', tenant_id: 'bravo', name: 'Deck camera', source: '/media/bravo/bravo-deck/index.m3u8', proxy: null },
  // Bravo shows every kind of source the player handles: HLS, WebRTC (WHEP), MJPEG and a recorded MP4 clip.
  {
    video_id: 'bravo-rov',
    tenant_id: 'bravo',
    name: 'ROV camera (WebRTC)',
    source: '/media/bravo/bravo-rov/whep',
    proxy: null,
    device_id: 'bravo-rov-1',
  },
  { video_id: 'bravo-crane', tenant_id: 'bravo', name: 'Crane camera (MJPEG)', source: '/media/bravo/bravo-crane/mjpeg', proxy: null },
  { video_id: 'bravo-clip', tenant_id: 'bravo', name: 'Dock recording (MP4)', source: '/media/bravo/bravo-clip/clip.mp4', proxy: null },
  {
    video_id: 'charlie-drone',
    tenant_id: 'charlie',
    name: 'Survey drone',
    source: '/media/charlie/charlie-drone/index.m3u8',
    proxy: null,
    device_id: 'charlie-uav-1',
  },
]

/**
 * The demo vehicles and the MAVLink system id each sends with (unique across the server). The simulator
 * (src/simulator) flies them: per tenant one on a route, one that loses its link now and then, one with a low
 * battery and one parked. Migration 5 adds the same rows to data seeded before it.
 */
export const seededVehicles = [
  { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', address: '10.10.2.1', system_id: 1, pattern: 'route' },
  { device_id: 'alpha-usv-2', tenant_id: 'alpha', name: 'USV Manu', address: '10.10.2.2', system_id: 2, pattern: 'link-loss' },
  { device_id: 'alpha-usv-3', tenant_id: 'alpha', name: 'USV Pueo', address: '10.10.2.3', system_id: 3, pattern: 'low-battery' },
  { device_id: 'alpha-usv-4', tenant_id: 'alpha', name: 'Tender Honu', address: '10.10.2.4', system_id: 4, pattern: 'parked' },
  { device_id: 'bravo-rov-1', tenant_id: 'bravo', name: 'ROV Mano', address: '10.10.131.1', system_id: 11, pattern: 'route' },
  { device_id: 'bravo-usv-2', tenant_id: 'bravo', name: 'USV Tui', address: '10.10.131.2', system_id: 12, pattern: 'link-loss' },
  { device_id: 'bravo-usv-3', tenant_id: 'bravo', name: 'USV Kea', address: '10.10.131.3', system_id: 13, pattern: 'low-battery' },
  { device_id: 'bravo-usv-4', tenant_id: 'bravo', name: 'Barge Moana', address: '10.10.131.4', system_id: 14, pattern: 'parked' },
  { device_id: 'charlie-uav-1', tenant_id: 'charlie', name: 'Drone Iwa', address: '172.20.1.1', system_id: 21, pattern: 'route' },
  { device_id: 'charlie-uav-2', tenant_id: 'charlie', name: 'Drone Kaka', address: '172.20.1.2', system_id: 22, pattern: 'link-loss' },
  { device_id: 'charlie-uav-3', tenant_id: 'charlie', name: 'Drone Ruru', address: '172.20.1.3', system_id: 23, pattern: 'low-battery' },
  { device_id: 'charlie-uav-4', tenant_id: 'charlie', name: 'Drone Hoiho', address: '172.20.1.4', system_id: 24, pattern: 'parked' },
] as const

/**
 * How a seeded device that is not a vehicle shows its presence on the live channel: the simulator (src/simulator)
 * sends its heartbeat every {@link STEADY_HEARTBEAT_MS} (`steady`: online), every {@link SLOW_HEARTBEAT_MS} (`slow`:
 * online a moment, then stale), or never (`silent`: offline). Vehicles show theirs by their MAVLink telemetry.
 */
export type SeededPresence = 'steady' | 'slow' | 'silent'
/** A steady device's heartbeat interval: well inside the 5 s after which a device is stale. */
export const STEADY_HEARTBEAT_MS = 2_000
/** A slow device's heartbeat interval: stale most of the time, never offline (60 s). */
export const SLOW_HEARTBEAT_MS = 30_000

interface SeededDevice {
  device_id: string
  tenant_id: string
  name: string
  /** camera, remote_access, vehicle, or any other kind (the API reports it as unknown). */
  kind: string
  address: string
  system_id?: number
  presence?: SeededPresence
}

/**
 * The demo devices besides the vehicles: each tenant has cameras, remote access and devices of other kinds, most in
 * its remote network, some in its VPN, one in neither (and a silent one or two: offline). The first six were the
 * seed before issue 16 and keep their ids.
 */
export const seededDevices: readonly SeededDevice[] = [
  // Alpha Harbour: remote 10.10.0.0/16, VPN 10.200.0.0/24.
  { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: '10.10.1.10', presence: 'steady' },
  { device_id: 'alpha-ra-1', tenant_id: 'alpha', name: 'Bridge console', kind: 'remote_access', address: '10.10.3.5', presence: 'steady' },
  { device_id: 'alpha-sonar', tenant_id: 'alpha', name: 'Side-scan sonar', kind: 'sonar', address: '10.10.4.2', presence: 'steady' },
  { device_id: 'alpha-cam-2', tenant_id: 'alpha', name: 'Stern camera', kind: 'camera', address: '10.10.1.11', presence: 'steady' },
  { device_id: 'alpha-cam-3', tenant_id: 'alpha', name: 'Mast camera', kind: 'camera', address: '10.10.1.12', presence: 'steady' },
  { device_id: 'alpha-cam-4', tenant_id: 'alpha', name: 'Dock overview camera', kind: 'camera', address: '10.10.1.20', presence: 'steady' },
  { device_id: 'alpha-cam-5', tenant_id: 'alpha', name: 'Gate camera', kind: 'camera', address: '10.200.0.21', presence: 'steady' },
  { device_id: 'alpha-ra-2', tenant_id: 'alpha', name: 'Harbour office desktop', kind: 'remote_access', address: '10.200.0.10', presence: 'steady' },
  { device_id: 'alpha-ra-3', tenant_id: 'alpha', name: 'Crane PLC', kind: 'remote_access', address: '10.10.3.6', presence: 'steady' },
  { device_id: 'alpha-ra-4', tenant_id: 'alpha', name: 'Engineer laptop', kind: 'remote_access', address: '10.200.0.11', presence: 'silent' },
  { device_id: 'alpha-ctd', tenant_id: 'alpha', name: 'CTD probe', kind: 'sensor', address: '10.10.4.3', presence: 'steady' },
  { device_id: 'alpha-ais', tenant_id: 'alpha', name: 'AIS receiver', kind: 'ais', address: '10.10.4.4', presence: 'steady' },
  { device_id: 'alpha-wx', tenant_id: 'alpha', name: 'Weather station', kind: 'sensor', address: '10.200.0.30', presence: 'steady' },
  { device_id: 'alpha-ups', tenant_id: 'alpha', name: 'Dock UPS', kind: 'ups', address: '10.10.4.5', presence: 'steady' },
  { device_id: 'alpha-nas', tenant_id: 'alpha', name: 'Backup NAS', kind: 'storage', address: '192.168.50.20', presence: 'silent' },
  // Bravo Fleet: remote 10.10.128.0/20 (inside Alpha's remote network), VPN 10.201.0.0/24.
  { device_id: 'bravo-cam-1', tenant_id: 'bravo', name: 'Deck camera', kind: 'camera', address: '10.10.130.10', presence: 'steady' },
  { device_id: 'bravo-ra-1', tenant_id: 'bravo', name: 'Winch PLC', kind: 'remote_access', address: '10.10.132.7', presence: 'steady' },
  { device_id: 'bravo-cam-2', tenant_id: 'bravo', name: 'ROV camera', kind: 'camera', address: '10.10.130.11', presence: 'steady' },
  { device_id: 'bravo-cam-3', tenant_id: 'bravo', name: 'Crane camera', kind: 'camera', address: '10.10.130.12', presence: 'steady' },
  { device_id: 'bravo-cam-4', tenant_id: 'bravo', name: 'Dock recorder', kind: 'camera', address: '10.10.130.13', presence: 'silent' },
  { device_id: 'bravo-cam-5', tenant_id: 'bravo', name: 'Gangway camera', kind: 'camera', address: '10.201.0.20', presence: 'steady' },
  { device_id: 'bravo-ra-2', tenant_id: 'bravo', name: 'Fleet office desktop', kind: 'remote_access', address: '10.201.0.10', presence: 'steady' },
  { device_id: 'bravo-ra-3', tenant_id: 'bravo', name: 'Ballast controller', kind: 'remote_access', address: '10.10.132.8', presence: 'steady' },
  { device_id: 'bravo-tether', tenant_id: 'bravo', name: 'Tether management unit', kind: 'tether', address: '10.10.133.2', presence: 'steady' },
  { device_id: 'bravo-usbl', tenant_id: 'bravo', name: 'USBL beacon', kind: 'sensor', address: '10.10.133.3', presence: 'steady' },
  { device_id: 'bravo-gw', tenant_id: 'bravo', name: 'Satellite gateway', kind: 'router', address: '10.201.0.1', presence: 'steady' },
  { device_id: 'bravo-plc', tenant_id: 'bravo', name: 'Shore power meter', kind: 'meter', address: '192.168.77.5', presence: 'silent' },
  // Charlie Survey: remote 172.20.0.0/16, VPN fd00:c::/64 (IPv6).
  { device_id: 'charlie-ra-1', tenant_id: 'charlie', name: 'Ground station', kind: 'remote_access', address: '172.20.2.2', presence: 'steady' },
  { device_id: 'charlie-cam-1', tenant_id: 'charlie', name: 'Launch pad camera', kind: 'camera', address: '172.20.3.10', presence: 'steady' },
  { device_id: 'charlie-cam-2', tenant_id: 'charlie', name: 'Hangar camera', kind: 'camera', address: '172.20.3.11', presence: 'steady' },
  { device_id: 'charlie-cam-3', tenant_id: 'charlie', name: 'Field camera north', kind: 'camera', address: 'fd00:c::30', presence: 'steady' },
  { device_id: 'charlie-cam-4', tenant_id: 'charlie', name: 'Field camera south', kind: 'camera', address: 'fd00:c::31', presence: 'silent' },
  { device_id: 'charlie-ra-2', tenant_id: 'charlie', name: 'Survey laptop', kind: 'remote_access', address: 'fd00:c::10', presence: 'steady' },
  { device_id: 'charlie-ra-3', tenant_id: 'charlie', name: 'Processing server', kind: 'remote_access', address: '172.20.2.3', presence: 'steady' },
  { device_id: 'charlie-gnss', tenant_id: 'charlie', name: 'GNSS base station', kind: 'gnss', address: '172.20.4.1', presence: 'steady' },
  { device_id: 'charlie-lidar', tenant_id: 'charlie', name: 'Lidar scanner', kind: 'lidar', address: 'fd00:c::40', presence: 'steady' },
  { device_id: 'charlie-wx', tenant_id: 'charlie', name: 'Wind mast', kind: 'sensor', address: '172.20.4.2', presence: 'steady' },
  { device_id: 'charlie-charger', tenant_id: 'charlie', name: 'Battery charger', kind: 'charger', address: '172.20.4.3', presence: 'steady' },
  { device_id: 'charlie-modem', tenant_id: 'charlie', name: 'LTE modem', kind: 'router', address: '10.99.0.2', presence: 'silent' },
]

const devices: readonly SeededDevice[] = [...seededDevices, ...seededVehicles.map((v) => ({ ...v, kind: 'vehicle' }))]

/** The large tenant (HONU_SEED_LARGE_TENANT=<count>): overlapping nobody's networks. */
export const LARGE_TENANT = { tenant_id: 'delta', name: 'Delta Grid', remote_cidr: '10.64.0.0/12', vpn_cidr: '10.250.0.0/16' } as const
/** The large tenant's demo account: reader in it only. */
export const largeTenantUser = {
  uid: 'demo-dana',
  name: 'Dana Delta',
  email: 'dana@honu.test',
  permissions: { delta: ['reader'] },
  note: 'reader in Delta Grid (the large tenant, HONU_SEED_LARGE_TENANT)',
} as const
/** Most devices HONU_SEED_LARGE_TENANT may ask for (the VPN's /16 holds them all). */
export const MAX_LARGE_TENANT_DEVICES = 100_000

const LARGE_KINDS = [
  { kind: 'camera', label: 'Camera' },
  { kind: 'remote_access', label: 'Remote access' },
  { kind: 'vehicle', label: 'Vehicle' },
  { kind: 'sensor', label: 'Sensor' },
] as const

/**
 * The large tenant's devices, the same for the same count (the simulator computes them too): the four kinds in
 * turn, every other one in the VPN, one in 50 steady (online), one in 50 slow (mostly stale), the rest silent.
 */
export function largeTenantDevices(count: number): SeededDevice[] {
  const out: SeededDevice[] = []
  for (let i = 1; i <= count; i++) {
    const { kind, label } = LARGE_KINDS[i % LARGE_KINDS.length]!
    const number = String(i).padStart(5, '0')
    // Host number within its network: a new /24-ish block every 250 devices, .1 to .250.
    const host = Math.floor(i / 2)
    const block = Math.floor(host / 250)
    const last = (host % 250) + 1
    const address = i % 2 === 0 ? `10.${64 + Math.floor(block / 256)}.${block % 256}.${last}` : `10.250.${block}.${last}`
    const presence: SeededPresence = i % 50 === 1 ? 'steady' : i % 50 === 2 ? 'slow' : 'silent'
    out.push({ device_id: `delta-${number}`, tenant_id: LARGE_TENANT.tenant_id, name: `${label} D-${number}`, kind, address, presence })
  }
  return out
}

/**
 * Which seeded devices heartbeat and how often: the simulator's list (with the large tenant's when it is seeded, at
 * most `largeTenantLimit` of them, in order: steady and slow ones alternate).
 */
export function heartbeatingDevices(largeTenantCount = 0, largeTenantLimit = Infinity): { deviceId: string; everyMs: number }[] {
  const beating = (d: SeededDevice) => d.presence === 'steady' || d.presence === 'slow'
  return [...seededDevices.filter(beating), ...largeTenantDevices(largeTenantCount).filter(beating).slice(0, largeTenantLimit)].map((d) => ({
    deviceId: d.device_id,
    everyMs: d.presence === 'steady' ? STEADY_HEARTBEAT_MS : SLOW_HEARTBEAT_MS,
  }))
}

/** The MAVLink system id a seeded vehicle flies with. */
function systemIdOf(deviceId: (typeof seededVehicles)[number]['device_id']): number {
  return seededVehicles.find((v) => v.device_id === deviceId)!.system_id
}

type V2Seed = [resource: string, organisation: string, data: Record<string, unknown>]
const v2Records: V2Seed[] = [
  ['organisation', 'org-honu', { id: 'org-honu', name: 'Honu Ocean Operations' }],
  ['organisation', 'org-kai', { id: 'org-kai', name: 'Kai Mapping' }],
  ['campaign', 'org-honu', { id: 'camp-reef', name: 'Reef survey 2026' }],
  ['campaign', 'org-kai', { id: 'camp-coast', name: 'Coastline mapping' }],
  // Each organisation's platform is a seeded vehicle the simulator flies with its ArduPilot-like autopilot, named by
  // its MAVLink system id (unique on the server): Kahu is Alpha's alpha-usv-1 (1), Iwa is Charlie's charlie-uav-1 (21).
  // Executions command them under the control lease of that device in its tenant.
  // What the plan's figures and checks go by (issue 25): the vehicle's type (a surface vehicle's points must not be
  // on land), its cruise speed (m/s), endurance (minutes a full battery lasts under way) and altitude limits (m above
  // home; a boat has none).
  [
    'platform',
    'org-honu',
    {
      id: 'plat-kahu',
      name: 'USV Kahu',
      kind: 'vehicle',
      mavlink_system_id: systemIdOf('alpha-usv-1'),
      vehicle_type: 'surface',
      cruise_speed: 2.5,
      endurance_minutes: 240,
    },
  ],
  [
    'platform',
    'org-kai',
    {
      id: 'plat-iwa',
      name: 'Drone Iwa',
      kind: 'vehicle',
      mavlink_system_id: systemIdOf('charlie-uav-1'),
      vehicle_type: 'air',
      cruise_speed: 8,
      endurance_minutes: 25,
      altitude_limits: { min: 5, max: 120 },
    },
  ],
  // A boat of Kai Mapping's (Bravo's parked barge): a surface vehicle, whose plans are checked against the land.
  [
    'platform',
    'org-kai',
    {
      id: 'plat-moana',
      name: 'Barge Moana',
      kind: 'vehicle',
      mavlink_system_id: systemIdOf('bravo-usv-4'),
      vehicle_type: 'surface',
      cruise_speed: 1.5,
      endurance_minutes: 600,
    },
  ],
  ['mission', 'org-honu', { id: 'mis-north', name: 'North reef transect', campaign_id: 'camp-reef', status: 'planned' }],
  ['mission', 'org-kai', { id: 'mis-bay', name: 'Bay photogrammetry', campaign_id: 'camp-coast', status: 'done' }],
  ['execution', 'org-honu', { id: 'exec-1', mission_id: 'mis-north', platform_id: 'plat-kahu', status: 'running' }],
  ['execution', 'org-kai', { id: 'exec-2', mission_id: 'mis-bay', platform_id: 'plat-iwa', status: 'completed' }],
  ['asset/group', 'org-honu', { id: 'grp-sensors', name: 'Sensors' }],
  ['asset', 'org-honu', { id: 'asset-ctd', name: 'CTD probe', kind: 'sensor', group_id: 'grp-sensors' }],
  ['asset', 'org-kai', { id: 'asset-cam', name: 'Mapping camera', kind: 'camera', group_id: null }],
  ['chart', 'org-honu', { id: 'chart-reef', name: 'Reef chart', url: '/charts/reef.json' }],
  ['user/rebac', 'org-honu', { id: 'rel-1', subject: 'user:demo-ada', relation: 'operator', object: 'platform:plat-kahu' }],
]

const memberships = [
  {
    id: 'mp-ops',
    uid: 'demo-ops',
    email: 'ops@honu.test',
    name: 'Olu Ops',
    organisation_id: 'org-honu',
    roles: { Organisation: ['read', 'write', 'admin'] },
    super_admin: true,
  },
  {
    id: 'mp-ada',
    uid: 'demo-ada',
    email: 'ada@honu.test',
    name: 'Ada Admin',
    organisation_id: 'org-honu',
    roles: { Organisation: ['read', 'write', 'admin'] },
    super_admin: false,
  },
  {
    id: 'mp-remy',
    uid: 'demo-remy',
    email: 'remy@honu.test',
    name: 'Remy Reader',
    organisation_id: 'org-honu',
    roles: { Organisation: ['read'] },
    super_admin: false,
  },
  {
    id: 'mp-cal',
    uid: 'demo-cal',
    email: 'cal@honu.test',
    name: 'Cal Admin',
    organisation_id: 'org-kai',
    roles: { Organisation: ['read', 'write', 'admin'] },
    super_admin: false,
  },
]

/**
 * Fills an empty database with demo data. Does nothing when tenants already exist, so a restart keeps what
 * people changed. Against the Auth emulator it (re)creates the demo accounts with their fixed uids every time,
 * because the emulator forgets its accounts when it stops while the data folder does not.
 *
 * @returns whether it seeded the database.
 */
export async function seed(db: Database, identity?: Identity): Promise<boolean> {
  if (identity?.mode === 'emulator') {
    for (const u of demoUsers) {
      await identity.ensureUser({
        uid: u.uid,
        email: u.email,
        name: u.name,
        password: DEMO_PASSWORD,
        mfaPhone: 'mfaPhone' in u ? u.mfaPhone : undefined,
      })
    }
  }
  const [{ count }] = (await db.query<{ count: string }>('select count(*) from tenants')) as [{ count: string }]
  if (Number(count) > 0) return false
  await db.transaction(async (tx) => {
    for (const t of tenants) {
      await tx.query('insert into tenants (tenant_id, name, remote_cidr, vpn_cidr) values ($1, $2, $3, $4)', [
        t.tenant_id,
        t.name,
        t.remote_cidr,
        t.vpn_cidr,
      ])
    }
    for (const u of demoUsers) {
      await tx.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4::jsonb)', [
        u.uid,
        u.name,
        u.email,
        JSON.stringify(u.permissions),
      ])
    }
    await insertDevices(tx, devices)
    // The simulator's heartbeats need the devices' ingest tokens: demo ones, like the demo accounts (emulator only).
    if (identity?.mode === 'emulator')
      await issueDemoIngestTokens(
        tx,
        heartbeatingDevices().map((d) => d.deviceId),
      )
    // After the devices: a stream may name its vehicle (device_id).
    for (const s of streams) {
      await tx.query('insert into videos (video_id, tenant_id, name, source, proxy, device_id) values ($1, $2, $3, $4, $5, $6)', [
        s.video_id,
        s.tenant_id,
        s.name,
        s.source,
        s.proxy,
        'device_id' in s ? s.device_id : null,
      ])
    }
    for (const [resource, organisation, data] of v2Records) {
      await tx.query('insert into v2_records (resource, id, organisation_id, data) values ($1, $2, $3, $4::jsonb)', [
        resource,
        data.id,
        organisation,
        JSON.stringify(data),
      ])
    }
    for (const m of memberships) {
      await tx.query('insert into mp_users (id, uid, email, name, organisation_id, roles, super_admin) values ($1, $2, $3, $4, $5, $6::jsonb, $7)', [
        m.id,
        m.uid,
        m.email,
        m.name,
        m.organisation_id,
        JSON.stringify(m.roles),
        m.super_admin,
      ])
    }
  })
  return true
}

async function insertDevices(db: Pick<Database, 'query'>, rows: readonly SeededDevice[]) {
  // One statement for any number of devices (the large tenant has thousands).
  await db.query(
    `insert into devices (device_id, tenant_id, name, kind, address, mavlink_system_id)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])`,
    [
      rows.map((d) => d.device_id),
      rows.map((d) => d.tenant_id),
      rows.map((d) => d.name),
      rows.map((d) => d.kind),
      rows.map((d) => d.address),
      rows.map((d) => d.system_id ?? null),
    ],
  )
}

/**
 * HONU_SEED_LARGE_TENANT=<count>: the large tenant Delta Grid with `count` devices and its reader dana@honu.test
 * (for the network topology's benchmark and scroll test). Seeded once, whether or not the rest was seeded before
 * (an existing data folder gets it too); against the Auth emulator the account is (re)created every time, as the
 * other demo accounts are.
 *
 * @returns whether it seeded the tenant now.
 */
export async function seedLargeTenant(db: Database, count: number, identity?: Identity): Promise<boolean> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_LARGE_TENANT_DEVICES) {
    throw new Error(`The large tenant takes 1 to ${MAX_LARGE_TENANT_DEVICES} devices, not ${count}.`)
  }
  const u = largeTenantUser
  if (identity?.mode === 'emulator') await identity.ensureUser({ uid: u.uid, email: u.email, name: u.name, password: DEMO_PASSWORD })
  const [exists] = await db.query('select 1 from tenants where tenant_id = $1', [LARGE_TENANT.tenant_id])
  if (exists) return false
  const t = LARGE_TENANT
  const rows = largeTenantDevices(count)
  await db.transaction(async (tx) => {
    await tx.query('insert into tenants (tenant_id, name, remote_cidr, vpn_cidr) values ($1, $2, $3, $4)', [
      t.tenant_id,
      t.name,
      t.remote_cidr,
      t.vpn_cidr,
    ])
    await tx.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4::jsonb) on conflict (uid) do nothing', [
      u.uid,
      u.name,
      u.email,
      JSON.stringify(u.permissions),
    ])
    await tx.query('insert into tenant_members (tenant_id, uid) values ($1, $2) on conflict do nothing', [t.tenant_id, u.uid])
    await insertDevices(tx, rows)
    if (identity?.mode === 'emulator') {
      await issueDemoIngestTokens(
        tx,
        rows.filter((d) => d.presence === 'steady' || d.presence === 'slow').map((d) => d.device_id),
      )
    }
  })
  return true
}
