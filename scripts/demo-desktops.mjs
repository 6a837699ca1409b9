// `npm start`'s remote desktops: a real VNC server (Debian's Xtigervnc) per seeded remote-access device, on loopback
// with VNC authentication, each showing a window with its device's name (xmessage, from x11-utils, when installed).
// The reference server is told where they are (HONU_DEMO_DESKTOPS) and dials them through its bridge.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freeTcpPort } from './stack-ports.mjs'

/** The demo desktops' VNC password: public, like the demo accounts' (honu-demo-1); the bridge answers it itself. */
export const DEMO_DESKTOP_PASSWORD = 'honu-vnc'
/** TigerVNC's password file for it: the password DES-encrypted with VNC's fixed obfuscation key. */
const PASSWORD_FILE = Buffer.from('85b67c8856b24326', 'hex')

/** The seeded remote-access devices that get a desktop, with what their window says. */
const DEVICES = [
  ['alpha-ra-1', 'Bridge console (Alpha Harbour)'],
  ['alpha-ra-2', 'Harbour office desktop (Alpha Harbour)'],
  ['bravo-ra-1', 'Winch PLC (Bravo Fleet)'],
  ['charlie-ra-1', 'Ground station (Charlie Survey)'],
]

const XVNC = '/usr/bin/Xtigervnc'
const XMESSAGE = '/usr/bin/xmessage'

function freeDisplay(taken) {
  for (let n = 20; ; n++) {
    if (!taken.has(n) && !existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) {
      taken.add(n)
      return n
    }
  }
}

/**
 * Starts the desktops with `start(name, cmd, args, options, onExit)` (serve.mjs's, so they stop with the stack) and
 * answers the environment the reference server reads, or nothing when Xtigervnc is not installed (HONU_DESKTOPS=0
 * turns them off).
 */
export async function startDemoDesktops(start) {
  if (process.env.HONU_DESKTOPS === '0') return {}
  if (!existsSync(XVNC)) {
    console.log("No remote desktops: install Debian's tigervnc-standalone-server (and x11-utils) for the demo devices' desktops.")
    return {}
  }
  const dir = mkdtempSync(join(tmpdir(), 'honu-desktops-'))
  const passwordFile = join(dir, 'passwd')
  writeFileSync(passwordFile, PASSWORD_FILE, { mode: 0o600 })
  const taken = new Set()
  const entries = []
  for (const [deviceId, title] of DEVICES) {
    const display = freeDisplay(taken)
    const port = await freeTcpPort()
    const args = [`:${display}`, '-rfbport', String(port), '-localhost', '-SecurityTypes', 'VncAuth', '-PasswordFile', passwordFile]
    start(`desktop ${deviceId}`, XVNC, [...args, '-AlwaysShared', '-geometry', '1024x640', '-depth', '24', '-nolisten', 'tcp'], {}, ({ how }) =>
      console.error(`[desktop ${deviceId}] exited ${how}; its device's desktop is unreachable.`),
    )
    if (existsSync(XMESSAGE)) {
      // A window to see and click on the device's desktop; it comes back when closed (its button).
      const panel = `while :; do ${XMESSAGE} -display :${display} -center -buttons Acknowledge:0 "${title}: remote desktop through Honu's bridge"; sleep 1; done`
      setTimeout(() => start(`panel ${deviceId}`, 'sh', ['-c', panel], {}, () => {}), 1500)
    }
    entries.push(`${deviceId}=127.0.0.1:${port}`)
  }
  console.log(`Remote desktops (Xtigervnc) for ${entries.length} demo devices; VNC password ${DEMO_DESKTOP_PASSWORD}.`)
  return { HONU_DEMO_DESKTOPS: entries.join(','), HONU_DEMO_DESKTOP_PASSWORD: DEMO_DESKTOP_PASSWORD }
}
