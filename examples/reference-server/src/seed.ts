import type { Identity } from './auth/identity'
import type { Database } from './db/database'

/** Password of every demo account (emulator only). */
export const DEMO_PASSWORD = 'honu-demo-1'

/** Demo accounts: every role across tenants, and the mission-planning memberships. */
export const demoUsers = [
  { uid: 'demo-ops', name: 'Olu Ops', email: 'ops@honu.test', permissions: { '*': ['org-admin'] }, note: 'org-admin under * (super admin)' },
  { uid: 'demo-ada', name: 'Ada Admin', email: 'ada@honu.test', permissions: { alpha: ['admin'], bravo: ['reader'] }, note: 'admin of Alpha, reader in Bravo' },
  { uid: 'demo-bea', name: 'Bea Admin', email: 'bea@honu.test', permissions: { bravo: ['admin'] }, note: 'admin of Bravo' },
  { uid: 'demo-cal', name: 'Cal Admin', email: 'cal@honu.test', permissions: { charlie: ['admin'] }, note: 'admin of Charlie' },
  { uid: 'demo-wes', name: 'Wes Writer', email: 'wes@honu.test', permissions: { alpha: ['writer'], charlie: ['writer'] }, note: 'writer in Alpha and Charlie' },
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
  { video_id: 'alpha-bow', tenant_id: 'alpha', name: 'Bow camera', source: '/media/alpha/alpha-bow/index.m3u8', proxy: null, device_id: 'alpha-usv-1' },
  { video_id: 'alpha-stern', tenant_id: 'alpha', name: 'Stern camera', source: '/media/alpha/alpha-stern/index.m3u8', proxy: null, device_id: 'alpha-usv-1' },
  { video_id: 'alpha-mast', tenant_id: 'alpha', name: 'Mast camera', source: '/media/alpha/alpha-mast/index.m3u8', proxy: null, device_id: 'alpha-usv-1' },
  { video_id: 'alpha-dock', tenant_id: 'alpha', name: 'Dock overview', source: '/media/alpha/alpha-dock/index.m3u8', proxy: null },
  { video_id: 'bravo-deck', tenant_id: 'bravo', name: 'Deck camera', source: '/media/bravo/bravo-deck/index.m3u8', proxy: null },
  // Bravo shows every kind of source the player handles: HLS, WebRTC (WHEP), MJPEG and a recorded MP4 clip.
  { video_id: 'bravo-rov', tenant_id: 'bravo', name: 'ROV camera (WebRTC)', source: '/media/bravo/bravo-rov/whep', proxy: null, device_id: 'bravo-rov-1' },
  { video_id: 'bravo-crane', tenant_id: 'bravo', name: 'Crane camera (MJPEG)', source: '/media/bravo/bravo-crane/mjpeg', proxy: null },
  { video_id: 'bravo-clip', tenant_id: 'bravo', name: 'Dock recording (MP4)', source: '/media/bravo/bravo-clip/clip.mp4', proxy: null },
  { video_id: 'charlie-drone', tenant_id: 'charlie', name: 'Survey drone', source: '/media/charlie/charlie-drone/index.m3u8', proxy: null, device_id: 'charlie-uav-1' },
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

const devices: { device_id: string; tenant_id: string; name: string; kind: string; address: string; system_id?: number }[] = [
  { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: '10.10.1.10' },
  { device_id: 'alpha-ra-1', tenant_id: 'alpha', name: 'Bridge console', kind: 'remote_access', address: '10.10.3.5' },
  { device_id: 'alpha-sonar', tenant_id: 'alpha', name: 'Side-scan sonar', kind: 'sonar', address: '10.10.4.2' },
  { device_id: 'bravo-cam-1', tenant_id: 'bravo', name: 'Deck camera', kind: 'camera', address: '10.10.130.10' },
  { device_id: 'bravo-ra-1', tenant_id: 'bravo', name: 'Winch PLC', kind: 'remote_access', address: '10.10.132.7' },
  { device_id: 'charlie-ra-1', tenant_id: 'charlie', name: 'Ground station', kind: 'remote_access', address: '172.20.2.2' },
  ...seededVehicles.map((v) => ({ ...v, kind: 'vehicle' })),
]

type V2Seed = [resource: string, organisation: string, data: Record<string, unknown>]
const v2Records: V2Seed[] = [
  ['organisation', 'org-honu', { id: 'org-honu', name: 'Honu Ocean Operations' }],
  ['organisation', 'org-kai', { id: 'org-kai', name: 'Kai Mapping' }],
  ['campaign', 'org-honu', { id: 'camp-reef', name: 'Reef survey 2026' }],
  ['campaign', 'org-kai', { id: 'camp-coast', name: 'Coastline mapping' }],
  ['platform', 'org-honu', { id: 'plat-kahu', name: 'USV Kahu', kind: 'vehicle' }],
  ['platform', 'org-kai', { id: 'plat-iwa', name: 'Drone Iwa', kind: 'vehicle' }],
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
  { id: 'mp-ops', uid: 'demo-ops', email: 'ops@honu.test', name: 'Olu Ops', organisation_id: 'org-honu', roles: { Organisation: ['read', 'write', 'admin'] }, super_admin: true },
  { id: 'mp-ada', uid: 'demo-ada', email: 'ada@honu.test', name: 'Ada Admin', organisation_id: 'org-honu', roles: { Organisation: ['read', 'write', 'admin'] }, super_admin: false },
  { id: 'mp-remy', uid: 'demo-remy', email: 'remy@honu.test', name: 'Remy Reader', organisation_id: 'org-honu', roles: { Organisation: ['read'] }, super_admin: false },
  { id: 'mp-cal', uid: 'demo-cal', email: 'cal@honu.test', name: 'Cal Admin', organisation_id: 'org-kai', roles: { Organisation: ['read', 'write', 'admin'] }, super_admin: false },
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
      await identity.ensureUser({ uid: u.uid, email: u.email, name: u.name, password: DEMO_PASSWORD, mfaPhone: 'mfaPhone' in u ? u.mfaPhone : undefined })
    }
  }
  const [{ count }] = (await db.query<{ count: string }>('select count(*) from tenants')) as [{ count: string }]
  if (Number(count) > 0) return false
  await db.transaction(async (tx) => {
    for (const t of tenants) {
      await tx.query('insert into tenants (tenant_id, name, remote_cidr, vpn_cidr) values ($1, $2, $3, $4)', [t.tenant_id, t.name, t.remote_cidr, t.vpn_cidr])
    }
    for (const u of demoUsers) {
      await tx.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4::jsonb)', [u.uid, u.name, u.email, JSON.stringify(u.permissions)])
    }
    for (const d of devices) {
      await tx.query('insert into devices (device_id, tenant_id, name, kind, address, mavlink_system_id) values ($1, $2, $3, $4, $5, $6)', [
        d.device_id,
        d.tenant_id,
        d.name,
        d.kind,
        d.address,
        d.system_id ?? null,
      ])
    }
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
      await tx.query('insert into v2_records (resource, id, organisation_id, data) values ($1, $2, $3, $4::jsonb)', [resource, data.id, organisation, JSON.stringify(data)])
    }
    for (const m of memberships) {
      await tx.query(
        'insert into mp_users (id, uid, email, name, organisation_id, roles, super_admin) values ($1, $2, $3, $4, $5, $6::jsonb, $7)',
        [m.id, m.uid, m.email, m.name, m.organisation_id, JSON.stringify(m.roles), m.super_admin],
      )
    }
  })
  return true
}
