import type { Database } from './database'

/** Schema changes in order; never edit a shipped one, add the next. The same SQL runs on PGlite and PostgreSQL. */
export const migrations: readonly { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'network product',
    sql: `
      create table tenants (
        tenant_id text primary key,
        name text not null,
        remote_cidr text,
        vpn_cidr text
      );
      create table users (
        uid text primary key,
        name text not null default '',
        email text not null unique,
        -- Map from tenant id or '*' to a list of roles (spec §3).
        permissions jsonb not null default '{}'::jsonb,
        joined timestamptz not null default now()
      );
      create table videos (
        video_id text primary key,
        tenant_id text not null references tenants(tenant_id) on delete cascade,
        name text not null,
        source text not null,
        proxy text,
        create_time timestamptz not null default now(),
        update_time timestamptz not null default now()
      );
      create index videos_tenant on videos (tenant_id, name);
      create table devices (
        device_id text primary key,
        tenant_id text not null references tenants(tenant_id) on delete cascade,
        name text not null,
        kind text not null,
        address text
      );
      create index devices_tenant on devices (tenant_id, name);
    `,
  },
  {
    id: 2,
    name: 'mission planning',
    sql: `
      -- Every v2 resource in one table: the resource name, its organisation and the record itself.
      create table v2_records (
        resource text not null,
        id text not null,
        organisation_id text not null,
        data jsonb not null,
        create_time timestamptz not null default now(),
        update_time timestamptz not null default now(),
        primary key (resource, id)
      );
      create index v2_records_org on v2_records (resource, organisation_id);
      -- A mission-planning user's membership of one organisation.
      create table mp_users (
        id text primary key,
        uid text not null,
        email text not null,
        name text not null default '',
        organisation_id text not null,
        roles jsonb not null default '{}'::jsonb,
        super_admin boolean not null default false,
        unique (uid, organisation_id)
      );
    `,
  },
  {
    id: 3,
    name: 'ids per tenant and organisation, invitations',
    sql: `
      -- A stream id is unique within its tenant only: an id another tenant uses is as free as one nobody uses,
      -- so creating a stream cannot tell whether an id exists elsewhere.
      alter table videos drop constraint videos_pkey;
      alter table videos add primary key (tenant_id, video_id);
      -- Likewise a v2 record id is unique within its resource and organisation.
      alter table v2_records drop constraint v2_records_pkey;
      alter table v2_records add primary key (resource, organisation_id, id);
      create index v2_records_id on v2_records (resource, id);
      -- A new user is invited by e-mail, not looked up: the invitation's id stands for the account until an admin
      -- grants it a role, which binds it to the real account (uid).
      create table invitations (
        id text primary key,
        email text not null,
        name text not null default '',
        invited_by text not null,
        uid text,
        created timestamptz not null default now()
      );
    `,
  },
  {
    id: 4,
    name: 'tenant-scoped media',
    sql: `
      -- Secrets every server process on this database shares (the media token's signing key, made once by the first
      -- process that needs it).
      create table server_secrets (
        name text primary key,
        value text not null
      );
      -- Media paths carry the tenant and the stream: the seeded sources of existing data folders move there.
      update videos set source = '/media/' || tenant_id || '/' || video_id || '/index.m3u8'
        where source = '/media/live/' || video_id || '/index.m3u8';
      update videos set source = '/media/' || tenant_id || '/' || video_id || '/mjpeg'
        where source = '/media/live/' || video_id || '/mjpeg';
      update videos set source = '/media/' || tenant_id || '/' || video_id || '/whep'
        where source = '/media/live/' || video_id || '/whep';
      update videos set source = '/media/' || tenant_id || '/' || video_id || '/clip.mp4'
        where source = '/media/clip.mp4'
    `,
  },
  {
    id: 5,
    name: 'vehicle telemetry',
    sql: `
      -- The MAVLink system id a vehicle sends with (one UDP ingest for every tenant, so unique across the server):
      -- packets from an id bound to no device are counted and dropped.
      alter table devices add column mavlink_system_id integer unique check (mavlink_system_id between 1 and 255);
      -- Tokens of the JSON ingest, one per device, kept only as SHA-256 hashes.
      create table device_ingest_tokens (
        device_id text primary key references devices(device_id) on delete cascade,
        token_hash text not null unique,
        created timestamptz not null default now()
      );
      -- A stream may belong to a vehicle of its own tenant (the vehicle's cameras, listed on the vehicle page).
      alter table devices add constraint devices_tenant_device unique (tenant_id, device_id);
      alter table videos add column device_id text;
      alter table videos add constraint videos_device foreign key (tenant_id, device_id)
        references devices (tenant_id, device_id) on delete set null (device_id);
      -- Existing demo data (seeded before this migration) gets the seeded vehicles and their bindings too.
      update devices set mavlink_system_id = 1 where device_id = 'alpha-usv-1' and kind = 'vehicle';
      update devices set mavlink_system_id = 11 where device_id = 'bravo-rov-1' and kind = 'vehicle';
      update devices set mavlink_system_id = 21 where device_id = 'charlie-uav-1' and kind = 'vehicle';
      insert into devices (device_id, tenant_id, name, kind, address, mavlink_system_id)
        select v.device_id, v.tenant_id, v.name, 'vehicle', v.address, v.system_id
        from (values
          ('alpha-usv-2', 'alpha', 'USV Manu', '10.10.2.2', 2),
          ('alpha-usv-3', 'alpha', 'USV Pueo', '10.10.2.3', 3),
          ('alpha-usv-4', 'alpha', 'Tender Honu', '10.10.2.4', 4),
          ('bravo-usv-2', 'bravo', 'USV Tui', '10.10.131.2', 12),
          ('bravo-usv-3', 'bravo', 'USV Kea', '10.10.131.3', 13),
          ('bravo-usv-4', 'bravo', 'Barge Moana', '10.10.131.4', 14),
          ('charlie-uav-2', 'charlie', 'Drone Kaka', '172.20.1.2', 22),
          ('charlie-uav-3', 'charlie', 'Drone Ruru', '172.20.1.3', 23),
          ('charlie-uav-4', 'charlie', 'Drone Hoiho', '172.20.1.4', 24)
        ) as v(device_id, tenant_id, name, address, system_id)
        -- Only where the tenant's first demo vehicle was seeded (and just bound above).
        where exists (select 1 from devices d where d.tenant_id = v.tenant_id and d.mavlink_system_id is not null)
        on conflict do nothing;
      update videos set device_id = 'alpha-usv-1' where video_id in ('alpha-bow', 'alpha-stern', 'alpha-mast') and tenant_id = 'alpha'
        and exists (select 1 from devices where device_id = 'alpha-usv-1' and tenant_id = 'alpha');
      update videos set device_id = 'bravo-rov-1' where video_id = 'bravo-rov' and tenant_id = 'bravo'
        and exists (select 1 from devices where device_id = 'bravo-rov-1' and tenant_id = 'bravo');
      update videos set device_id = 'charlie-uav-1' where video_id = 'charlie-drone' and tenant_id = 'charlie'
        and exists (select 1 from devices where device_id = 'charlie-uav-1' and tenant_id = 'charlie')
    `,
  },
  {
    id: 6,
    name: 'audit trail, tenant membership dates',
    sql: `
      -- One entry per change of data (v1 and v2), written in the change's own transaction (src/audit/audit-log.ts).
      -- tenant_id: the v1 tenant changed (null: global, such as a role under '*' or a user invited without a
      -- tenant); organisation_id: the v2 organisation changed. before and after hold only the changed fields, with
      -- secrets replaced by "[redacted]". Newest first is id order.
      create table audit_entries (
        id bigserial primary key,
        at timestamptz not null default now(),
        actor_uid text not null,
        actor_email text,
        tenant_id text,
        organisation_id text,
        action text not null,
        resource_type text not null,
        resource_id text not null,
        before jsonb,
        after jsonb
      );
      create index audit_entries_tenant on audit_entries (tenant_id, id);
      create index audit_entries_organisation on audit_entries (organisation_id, id);
      -- When a user first got a role in a tenant (the users list's "joined"); kept when the roles go, so a user who
      -- comes back keeps the first date. Users with roles before this migration have their account's date.
      create table tenant_members (
        tenant_id text not null,
        uid text not null references users(uid) on delete cascade,
        joined timestamptz not null default now(),
        primary key (tenant_id, uid)
      );
      create index tenant_members_joined on tenant_members (tenant_id, joined, uid);
      insert into tenant_members (tenant_id, uid, joined)
        select scope, uid, joined from users, jsonb_object_keys(permissions) as scope where scope <> '*'
    `,
  },
  {
    id: 7,
    name: 'invitations wait for consent',
    sql: `
      -- Issue 22: roles granted to an invitation stay on it until the person with its e-mail accepts (POST
      -- /api/v1/invitations/{id}/accept); nothing binds an invitation to an account by e-mail any more.
      -- permissions: tenant (or '*') to roles, as on users; organisations: v2 organisation id to its membership
      -- roles; tenant_id: the tenant the invitation was made for (its admins see it before it has a role there).
      alter table invitations add column permissions jsonb not null default '{}'::jsonb;
      alter table invitations add column organisations jsonb not null default '{}'::jsonb;
      alter table invitations add column tenant_id text;
      create index invitations_email on invitations (lower(email));
      -- Invitations bound before this migration are accounts now: nothing is pending for them.
      delete from invitations where uid is not null
    `,
  },
  {
    id: 8,
    name: 'remote desktops',
    sql: `
      -- Issue 24: a remote-access device's desktop (a VNC server) as an admin registered it. The bridge dials only
      -- this, never the device's network address; the password is write-only (never answered, never logged).
      alter table devices add column vnc_host text;
      alter table devices add column vnc_port integer check (vnc_port between 1 and 65535);
      alter table devices add column vnc_password text
    `,
  },
  {
    id: 9,
    name: 'signed MAVLink',
    sql: `
      -- Issue 24: a vehicle's MAVLink 2 signing key (32 bytes, hex; write-only). With one, the ingest drops the
      -- vehicle's unsigned or wrongly signed packets.
      alter table devices add column mavlink_signing_key text check (mavlink_signing_key ~ '^[0-9a-f]{64}$')
    `,
  },
]

/** Applies the migrations not yet applied, each in its own transaction. */
export async function migrate(db: Database): Promise<number[]> {
  await db.exec(
    'create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
  )
  const done = new Set((await db.query<{ id: number }>('select id from schema_migrations')).map((r) => Number(r.id)))
  const applied: number[] = []
  for (const migration of migrations) {
    if (done.has(migration.id)) continue
    await db.transaction(async (tx) => {
      for (const statement of migration.sql
        .split(/;\s*\n/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement)
      }
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [migration.id, migration.name])
    })
    applied.push(migration.id)
  }
  return applied
}
