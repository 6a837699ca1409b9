// `npm start`'s remote desktops: a real VNC server (Debian's Xtigervnc) per seeded remote-access device, on loopback
// with VNC authentication, each showing a window with its device's name (xmessage, from x11-utils, when installed).
// Without Xtigervnc (or with HONU_DESKTOPS=panel) the device simulator's panel desktops stand in: one process serving
// a small RFB 3.8 server per device that draws its panel (examples/reference-server/src/simulator/panel-desktop.ts).
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

/**
 * The display number an X server chose for itself (`-displayfd 3`: it writes the number to its fd 3 once it takes
 * connections). Picking a number here and passing it would race another stack starting at the same moment (`npm
 * test` beside `npm start`): both would see :20 free, and one desktop would fail.
 */
function displayOf(child) {
  return new Promise((resolve) => {
    let text = ''
    child.stdio[3].on('data', (chunk) => {
      text += String(chunk)
      if (text.includes('\n')) resolve(Number.parseInt(text, 10))
    })
    child.stdio[3].on('end', () => resolve(undefined))
  })
}

/**
 * The simulator's panel desktops, one process for all the devices (its ports chosen here, so the server can be told
 * them before it listens; the bridge dials on demand, by when it does).
 */
async function startPanelDesktops(start) {
  const entries = []
  const panels = []
  for (const [deviceId, title] of DEVICES) {
    const port = await freeTcpPort()
    panels.push(`${deviceId}=${port}=${title}`)
    entries.push(`${deviceId}=127.0.0.1:${port}`)
  }
  start(
    'panel desktops',
    'pnpm',
    ['--filter', '@honu/reference-server', 'run', 'panel-desktops'],
    { env: { ...process.env, HONU_PANEL_DESKTOPS: panels.join('|'), HONU_DEMO_DESKTOP_PASSWORD: DEMO_DESKTOP_PASSWORD } },
    ({ how }) => console.error(`[panel desktops] exited ${how}; the demo devices' desktops are unreachable.`),
  )
  console.log(`Remote desktops (the simulator's panels, RFB 3.8) for ${entries.length} demo devices; VNC password ${DEMO_DESKTOP_PASSWORD}.`)
  return { HONU_DEMO_DESKTOPS: entries.join(','), HONU_DEMO_DESKTOP_PASSWORD: DEMO_DESKTOP_PASSWORD }
}

/**
 * Starts the desktops with `start(name, cmd, args, options, onExit)` (serve.mjs's, so they stop with the stack) and
 * answers the environment the reference server reads: Xtigervnc's when it is installed, else the simulator's panel
 * desktops (HONU_DESKTOPS=panel: those even with Xtigervnc; HONU_DESKTOPS=0 turns desktops off).
 */
export async function startDemoDesktops(start) {
  if (process.env.HONU_DESKTOPS === '0') return {}
  if (process.env.HONU_DESKTOPS === 'panel' || !existsSync(XVNC)) {
    if (!existsSync(XVNC)) console.log("No Xtigervnc (Debian's tigervnc-standalone-server): the demo devices get the simulator's panel desktops.")
    return startPanelDesktops(start)
  }
  const dir = mkdtempSync(join(tmpdir(), 'honu-desktops-'))
  const passwordFile = join(dir, 'passwd')
  writeFileSync(passwordFile, PASSWORD_FILE, { mode: 0o600 })
  const entries = []
  for (const [deviceId, title] of DEVICES) {
    const port = await freeTcpPort()
    const args = ['-displayfd', '3', '-rfbport', String(port), '-localhost', '-SecurityTypes', 'VncAuth', '-PasswordFile', passwordFile]
    const server = start(
      `desktop ${deviceId}`,
      XVNC,
      [...args, '-AlwaysShared', '-geometry', '1024x640', '-depth', '24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], quiet: /_XSERVTrans(SocketUNIXCreateListener|MakeAllCOTSServerListeners)/ },
      ({ how }) => console.error(`[desktop ${deviceId}] exited ${how}; its device's desktop is unreachable.`),
    )
    if (existsSync(XMESSAGE)) {
      // A window to see and click on the device's desktop; it comes back when closed (its button).
      void displayOf(server).then((display) => {
        if (display === undefined) return
        const panel = `while :; do ${XMESSAGE} -display :${display} -center -buttons Acknowledge:0 "${title}: remote desktop through Honu's bridge"; sleep 1; done`
        start(`panel ${deviceId}`, 'sh', ['-c', panel], {}, () => {})
      })
    }
    entries.push(`${deviceId}=127.0.0.1:${port}`)
  }
  console.log(`Remote desktops (Xtigervnc) for ${entries.length} demo devices; VNC password ${DEMO_DESKTOP_PASSWORD}.`)
  return { HONU_DEMO_DESKTOPS: entries.join(','), HONU_DEMO_DESKTOP_PASSWORD: DEMO_DESKTOP_PASSWORD }
}
