import type { Database } from '../db/database'

/** A seeded device's desktop as `npm start` made it: the device, where its VNC server listens, and its password. */
export interface DemoDesktop {
  deviceId: string
  host: string
  port: number
}

/**
 * Reads `HONU_DEMO_DESKTOPS` (`alpha-ra-1=127.0.0.1:5901,bravo-ra-1=127.0.0.1:5902`), which `scripts/serve.mjs`
 * sets after starting a real VNC server (Xtigervnc) per seeded remote-access device.
 *
 * @throws {Error} naming an entry that is not `device=host:port`.
 */
export function readDemoDesktops(value: string | undefined): DemoDesktop[] {
  if (!value?.trim()) return []
  return value.split(',').map((entry) => {
    const match = /^([A-Za-z0-9_-]{1,128})=([A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry.trim())
    if (!match) throw new Error(`HONU_DEMO_DESKTOPS: "${entry}" is not device=host:port.`)
    return { deviceId: match[1]!, host: match[2]!, port: Number(match[3]) }
  })
}

/**
 * Points the seeded devices at the desktops `npm start` runs for them (emulator mode only, like the demo accounts):
 * their ports change from one start to the next, so this runs on every start.
 */
export async function applyDemoDesktops(db: Pick<Database, 'query'>, desktops: readonly DemoDesktop[], password: string | undefined) {
  for (const desktop of desktops) {
    await db.query("update devices set vnc_host = $2, vnc_port = $3, vnc_password = $4 where device_id = $1 and kind = 'remote_access'", [
      desktop.deviceId,
      desktop.host,
      desktop.port,
      password ?? null,
    ])
  }
}
