import { startPanelDesktop, type PanelDesktop } from './panel-desktop'

/**
 * The devices' panel desktops, one process (`pnpm --filter @honu/reference-server run panel-desktops`): what
 * `scripts/demo-desktops.mjs` starts for the seeded remote-access devices when Xtigervnc is not installed (or with
 * HONU_DESKTOPS=panel). Env: HONU_PANEL_DESKTOPS, `device=port=Title` entries separated by `|` (the title may hold
 * anything but `|`), e.g. `alpha-ra-1=5901=Bridge console (Alpha Harbour)|bravo-ra-1=5902=Winch PLC`; each listens on
 * 127.0.0.1 at its port. HONU_DEMO_DESKTOP_PASSWORD: their VNC password (unset: security type None).
 */

interface PanelEntry {
  deviceId: string
  port: number
  title: string
}

function readPanelDesktops(value: string | undefined): PanelEntry[] {
  return (value ?? '')
    .split('|')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([^=\s]+)=(\d{1,5})=(.+)$/.exec(entry)
      const port = Number(match?.[2])
      if (!match || port < 1 || port > 65535) throw new Error(`HONU_PANEL_DESKTOPS: "${entry}" is not device=port=Title.`)
      return { deviceId: match[1]!, port, title: match[3]!.trim() }
    })
}

const started: PanelDesktop[] = []
const stop = async (code: number) => {
  await Promise.allSettled(started.map((desktop) => desktop.close()))
  process.exit(code)
}
try {
  const entries = readPanelDesktops(process.env.HONU_PANEL_DESKTOPS)
  if (entries.length === 0) throw new Error('HONU_PANEL_DESKTOPS names no desktop.')
  const password = process.env.HONU_DEMO_DESKTOP_PASSWORD || undefined
  for (const { port, title } of entries) started.push(await startPanelDesktop({ title, password, port }))
  console.log(
    `panel desktops (RFB 3.8, ${password ? 'VNC authentication' : 'no authentication'}): ${entries
      .map(({ deviceId, port }) => `${deviceId} → 127.0.0.1:${port}`)
      .join(', ')}`,
  )
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
} catch (error) {
  console.error('panel desktops failed to start:', error instanceof Error ? error.message : error)
  await stop(1)
}
