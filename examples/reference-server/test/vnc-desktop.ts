import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { vncAuthResponse } from '../src/remote/rfb'

/** A real VNC server for tests: Debian's Xtigervnc (tigervnc-standalone-server) on a display of its own. */
export interface TestDesktop {
  display: string
  port: number
  /** Environment for X clients on this display (xdotool, xev). */
  env: NodeJS.ProcessEnv
  /** Stops the X server (the desktop goes away, as a crashed one would). */
  stop(): Promise<void>
  /** Starts it again on the same display and port (after {@link stop}). */
  restart(): Promise<void>
  /** Stops it for good and removes its password file. */
  close(): Promise<void>
}

/** Whether Xtigervnc is installed (`.ci/run` installs it). */
export const HAVE_XTIGERVNC = existsSync('/usr/bin/Xtigervnc')

/**
 * TigerVNC's password file: the password's first 8 bytes DES-encrypted with VNC's fixed obfuscation key, in VNC's
 * bit order. Made with the bridge's own DES, and read back by TigerVNC's own: a wrong DES fails the handshake.
 */
function passwordFile(password: string): Buffer {
  const block = Buffer.alloc(8)
  Buffer.from(password, 'latin1').copy(block, 0, 0, 8)
  const key = String.fromCharCode(23, 82, 107, 6, 35, 78, 88, 7)
  return vncAuthResponse(key, Buffer.concat([block, block])).subarray(0, 8)
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

function freeDisplay(): number {
  for (let n = 40 + Math.floor(Math.random() * 400); ; n++) {
    if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n
  }
}

/** Resolves once the port answers with an RFB version, or fails after `ms`. */
async function untilRfb(port: number, ms = 20_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port })
      socket.once('data', (data) => {
        socket.destroy()
        resolve(String(data).startsWith('RFB '))
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`Xtigervnc did not answer on port ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Starts Xtigervnc (VNC authentication with `password`, shared sessions, loopback only). */
export async function startDesktop(password = 'desk-pass', geometry = '800x600'): Promise<TestDesktop> {
  const dir = mkdtempSync(join(tmpdir(), 'honu-vnc-'))
  const file = join(dir, 'passwd')
  writeFileSync(file, passwordFile(password), { mode: 0o600 })
  const number = freeDisplay()
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      '/usr/bin/Xtigervnc',
      [
        `:${number}`,
        '-rfbport',
        String(port),
        '-localhost',
        '-SecurityTypes',
        'VncAuth',
        '-PasswordFile',
        file,
        '-AlwaysShared',
        '-geometry',
        geometry,
        '-depth',
        '24',
        '-nolisten',
        'tcp',
      ],
      { stdio: 'ignore' },
    )
    await untilRfb(port)
  }
  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await exited
  }
  await start()
  return {
    display: `:${number}`,
    port,
    env: { ...process.env, DISPLAY: `:${number}` },
    stop,
    restart: start,
    async close() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
