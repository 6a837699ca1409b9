import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { startPanelDesktop } from '../examples/reference-server/src/simulator/panel-desktop'
import { startDesktop, type TestDesktop } from '../examples/reference-server/test/vnc-desktop'
import { API, expectNoAxeViolations, idTokenOf, signIn } from './helpers'

// Issue 24, "Done when", the browser's part: a real desktop (Debian's Xtigervnc, VNC authentication, started here)
// registered by Bravo's admin for Ballast controller, reached through the reference server's bridge by noVNC in the
// Vnc widget. What arrives on the desktop is read on its own display: the pointer with xdotool, keys with xev on the
// root window. Real emulator tokens, real server and database, real live channel for the control lease.

const run = promisify(execFile)
const DEVICE = 'bravo-ra-3'
const NAME = 'Ballast controller'
const PASSWORD = 'ballast-1'
let desktop: TestDesktop

test.describe.configure({ mode: 'serial' })

async function setDesktop(body: unknown) {
  const response = await fetch(`${API}/api/v1/devices/${DEVICE}?tenant_id=bravo`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await idTokenOf('bea@honu.test')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ desktop: body }),
  })
  expect(response.status).toBe(200)
}

test.beforeAll(async () => {
  desktop = await startDesktop(PASSWORD)
  // As an admin registers it (the password is written, never read back).
  await setDesktop({ host: '127.0.0.1', port: desktop.port, password: PASSWORD })
})

test.afterAll(async () => {
  await setDesktop(null)
  await desktop?.close()
})

/** Signs in, picks Bravo (or the tenant given), adds a Vnc widget for Ballast controller; answers the widget. */
async function openDesktop(page: Page, email: string) {
  await signIn(page, email)
  await page.getByRole('button', { name: /Bravo Fleet/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Remote desktop', exact: true }).click()
  const picker = page.getByRole('dialog', { name: /Choose a device/ })
  await picker.getByRole('radio', { name: NAME }).check()
  await picker.getByRole('button', { name: 'Show desktop' }).click()
  await expect(picker).toBeHidden()
  const widget = page.locator('.honu-vnc')
  await expect(widget.getByText(`Connected to ${NAME}`)).toBeVisible({ timeout: 30_000 })
  return widget
}

/** The desktop's pointer position, read on its own display. */
async function pointer(): Promise<{ x: number; y: number }> {
  const { stdout } = await run('xdotool', ['getmouselocation', '--shell'], { env: desktop.env })
  return { x: Number(/X=(\d+)/.exec(stdout)![1]), y: Number(/Y=(\d+)/.exec(stdout)![1]) }
}

/**
 * Clicks the canvas where the desktop's point (x, y) is drawn (scaled to fit the widget); answers how many desktop
 * pixels one CSS pixel covers, plus one (mouse events land on whole CSS pixels).
 */
async function clickDesktopAt(widget: Locator, x: number, y: number): Promise<number> {
  const canvas = widget.locator('canvas')
  const box = (await canvas.boundingBox())!
  const width = Number(await canvas.getAttribute('width'))
  const height = Number(await canvas.getAttribute('height'))
  await canvas.click({ position: { x: (x * box.width) / width, y: (y * box.height) / height } })
  return Math.ceil(Math.max(width / box.width, height / box.height)) + 1
}

/** Keys typed on the desktop, as xev on its root window reports them. */
function keysOnDesktop(): { seen(): string; stop(): void } {
  const xev: ChildProcess = spawn('xev', ['-root', '-event', 'keyboard'], { env: desktop.env })
  let text = ''
  xev.stdout!.on('data', (chunk) => (text += String(chunk)))
  return {
    seen: () => [...text.matchAll(/KeyPress event[\s\S]*?keysym 0x[0-9a-f]+, (\w+)\)/g)].map((m) => m[1]).join(' '),
    stop: () => void xev.kill(),
  }
}

/** Puts the keyboard on the desktop (Enter on its screen) and presses `key` until xev has started and shows it. */
async function typeUntilSeen(page: Page, widget: Locator, keys: ReturnType<typeof keysOnDesktop>, key: string) {
  await widget.getByRole('group', { name: `Desktop of ${NAME}` }).focus()
  await page.keyboard.press('Enter')
  await expect
    .poll(
      async () => {
        await page.keyboard.press(key)
        return keys.seen()
      },
      { timeout: 15_000, intervals: [300] },
    )
    .toContain(key)
}

test('the desktop appears through the bridge, view only; after Take control a click and a key arrive; axe finds nothing', async ({ page }) => {
  test.setTimeout(120_000)
  const widget = await openDesktop(page, 'bea@honu.test')
  const canvas = widget.locator('canvas')
  await expect(canvas).toHaveAttribute('width', '800')
  await expect(canvas).toHaveAttribute('height', '600')
  await expect(widget.getByText('Nobody has control. View only.')).toBeVisible()
  await expectNoAxeViolations(page)

  // View only: a click does not move the desktop's pointer.
  const before = await pointer()
  await clickDesktopAt(widget, 123, 321)
  await page.waitForTimeout(500)
  expect(await pointer()).toEqual(before)

  await widget.getByRole('button', { name: 'Take control' }).click()
  await expect(widget.getByText(/^You have had control since/)).toBeVisible()
  await expect(widget.getByRole('button', { name: 'Release control' })).toBeVisible()
  // Scaled to fit, one CSS pixel is about three of the desktop's: the pointer lands within a CSS pixel of the point.
  const slack = await clickDesktopAt(widget, 400, 300)
  await expect
    .poll(async () => {
      const at = await pointer()
      return Math.abs(at.x - 400) <= slack && Math.abs(at.y - 300) <= slack
    })
    .toBe(true)

  const keys = keysOnDesktop()
  try {
    await typeUntilSeen(page, widget, keys, 'b')
  } finally {
    keys.stop()
  }
  // Ctrl+Alt+Shift gives the keyboard back to the controls.
  await page.keyboard.press('Control+Alt+Shift')
  await expect(widget.getByRole('button', { name: 'Disconnect' })).toBeFocused()
  await expectNoAxeViolations(page)
  await widget.getByRole('button', { name: 'Release control' }).click()
  await expect(widget.getByText('Nobody has control. View only.')).toBeVisible()
})

/** A second person's page in a context of its own. */
async function pageOf(browser: Browser) {
  const context = await browser.newContext()
  return { page: await context.newPage(), close: () => context.close() }
}

test('a second viewer sees the same desktop view only and who holds control; a hand-off moves input to them', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const beaWidget = await openDesktop(page, 'bea@honu.test')
  await beaWidget.getByRole('button', { name: 'Take control' }).click()
  await expect(beaWidget.getByText(/^You have had control since/)).toBeVisible()

  const cora = await pageOf(browser)
  const keys = keysOnDesktop()
  try {
    const coraWidget = await openDesktop(cora.page, 'cora@honu.test')
    await expect(coraWidget.getByText(/^Bea Admin has had control since .*\. View only\./)).toBeVisible()
    // Cora's keys do not arrive while Bea's do.
    await coraWidget.getByRole('group', { name: `Desktop of ${NAME}` }).focus()
    await cora.page.keyboard.press('c')
    await typeUntilSeen(page, beaWidget, keys, 'b')
    await cora.page.keyboard.press('c')
    await page.waitForTimeout(500)
    expect(keys.seen()).not.toContain('c')

    // Cora asks; Bea sees it and releases; control passes to Cora, and her key arrives.
    await coraWidget.getByRole('button', { name: 'Ask for control' }).click()
    await expect(coraWidget.getByText(/You asked for control; Bea Admin sees your request\./)).toBeVisible()
    await expect(beaWidget.getByText('Asking for control: Cora Controller.')).toBeVisible()
    await page.keyboard.press('Control+Alt+Shift')
    await beaWidget.getByRole('button', { name: 'Release control' }).click()
    await expect(coraWidget.getByText(/^You have had control since/)).toBeVisible()
    await expect(beaWidget.getByText(/^Cora Controller has had control since .*\. View only\./)).toBeVisible()
    await typeUntilSeen(cora.page, coraWidget, keys, 'c')
    await cora.page.keyboard.press('Control+Alt+Shift')
    await coraWidget.getByRole('button', { name: 'Release control' }).click()
    await expect(coraWidget.getByText('Nobody has control. View only.')).toBeVisible()
  } finally {
    keys.stop()
    await cora.close()
  }
})

test('a reader is refused control in the catalogue’s words, and her input never reaches the desktop', async ({ page }) => {
  const widget = await openDesktop(page, 'ada@honu.test') // a reader in Bravo
  await widget.getByRole('button', { name: 'Take control' }).click()
  await expect(widget.getByRole('alert')).toHaveText('Your role does not allow control of this device.')
  const before = await pointer()
  await clickDesktopAt(widget, 50, 60)
  await page.waitForTimeout(500)
  expect(await pointer()).toEqual(before)
  await expectNoAxeViolations(page)
})

test("another tenant's user cannot pick the device, and the bridge refuses him as for a device that does not exist", async ({ page }) => {
  await signIn(page, 'cal@honu.test')
  await page.getByRole('button', { name: /Charlie Survey/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Remote desktop', exact: true }).click()
  const picker = page.getByRole('dialog', { name: /Choose a device/ })
  await expect(picker.getByRole('radio').first()).toBeVisible()
  await expect(picker.getByRole('radio', { name: NAME })).toHaveCount(0)
  await picker.getByRole('button', { name: 'Cancel' }).click()

  // Straight at the bridge from his page: closed with the same code as a device that does not exist.
  const codes = await page.evaluate(
    async ({ api, token, ids }) =>
      Promise.all(
        ids.map(
          (id) =>
            new Promise<number>((resolve) => {
              const socket = new WebSocket(`${api.replace(/^http/, 'ws')}/api/v1/devices/${id}/desktop`)
              socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }))
              socket.onclose = (event) => resolve(event.code)
            }),
        ),
      ),
    { api: API, token: await idTokenOf('cal@honu.test'), ids: [DEVICE, 'no-such-device'] },
  )
  expect(codes).toEqual([4404, 4404])
})

test('a stopped desktop shows the lost connection, and the widget is connected again by itself when it returns', async ({ page }) => {
  test.setTimeout(150_000)
  const widget = await openDesktop(page, 'bea@honu.test')
  await desktop.stop()
  await expect(widget.getByText(/^Connection lost: /)).toBeVisible({ timeout: 20_000 })
  await expect(widget.getByText(/^Trying again in \d+ s\./)).toBeVisible()
  await desktop.restart()
  await expect(widget.getByText(`Connected to ${NAME}`)).toBeVisible({ timeout: 60_000 })
  await expect(widget.locator('canvas')).toHaveAttribute('width', '800')
})

test('the Remote Access widget lists Bravo’s devices with live state, who is connected and in control, and opens a desktop', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'bea@honu.test')
  await page.getByRole('button', { name: /Bravo Fleet/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Remote access', exact: true }).click()
  const list = page.getByRole('list', { name: 'Remote-access devices of Bravo Fleet' })
  const ballast = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NAME }) })
  // The seeded steady devices send heartbeats (the simulator): online, from the live channel.
  await expect(ballast.getByText('Online')).toBeVisible({ timeout: 30_000 })
  await expect(ballast.getByText('Nobody connected')).toBeVisible()
  // Only Bravo's remote-access devices: no vehicle, no other tenant's.
  await expect(list.getByRole('heading', { name: 'Winch PLC' })).toBeVisible()
  await expect(list.getByRole('heading', { name: 'Bridge console' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await ballast.getByRole('button', { name: `Open desktop of ${NAME}` }).click()
  const widget = page.locator('.honu-vnc')
  await expect(widget.getByText(`Connected to ${NAME}`)).toBeVisible({ timeout: 30_000 })
  await expect(ballast.getByText('Connected: Bea Admin')).toBeVisible()
  await widget.getByRole('button', { name: 'Take control' }).click()
  await expect(ballast.getByText(/^In control: Bea Admin since \d{1,2}:\d{2}/)).toBeVisible()
  // Opening it again finds the same widget.
  await ballast.getByRole('button', { name: `Open desktop of ${NAME}` }).click()
  await expect(page.locator('.honu-vnc')).toHaveCount(1)
  await widget.getByRole('button', { name: 'Release control' }).click()
  await expect(ballast.getByText('Nobody in control')).toBeVisible()
  await expectNoAxeViolations(page)
})

test("noVNC through the bridge draws the device simulator's panel desktop (npm start's desktops without Xtigervnc), and a press arrives on it", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const panel = await startPanelDesktop({ title: 'Ballast controller (Bravo Fleet)', password: PASSWORD })
  try {
    await setDesktop({ host: '127.0.0.1', port: panel.port, password: PASSWORD })
    const widget = await openDesktop(page, 'bea@honu.test')
    const canvas = widget.locator('canvas')
    await expect(canvas).toHaveAttribute('width', '640')
    await expect(canvas).toHaveAttribute('height', '400')
    // The panel's title bar (#1f4e79) drawn by noVNC at the desktop's top left.
    const pixel = (x: number, y: number) =>
      canvas.evaluate((element, [px, py]) => [...(element as HTMLCanvasElement).getContext('2d')!.getImageData(px!, py!, 1, 1).data], [x, y])
    await expect.poll(() => pixel(4, 4)).toEqual([0x1f, 0x4e, 0x79, 255])
    await widget.getByRole('button', { name: 'Take control' }).click()
    await expect(widget.getByText(/^You have had control since/)).toBeVisible()
    // A press at (320, 300) draws the panel's crosshair (#ff5040) there, within what one CSS pixel covers of the
    // scaled desktop: read back from noVNC's canvas around the point.
    const slack = await clickDesktopAt(widget, 320, 300)
    const crosshairNear = () =>
      canvas.evaluate((element, reach) => {
        const data = (element as HTMLCanvasElement).getContext('2d')!.getImageData(320 - reach, 300 - reach, 2 * reach + 1, 2 * reach + 1).data
        for (let i = 0; i < data.length; i += 4) if (data[i] === 0xff && data[i + 1] === 0x50 && data[i + 2] === 0x40) return true
        return false
      }, slack)
    await expect.poll(crosshairNear).toBe(true)
    await widget.getByRole('button', { name: 'Release control' }).click()
  } finally {
    await setDesktop({ host: '127.0.0.1', port: desktop.port, password: PASSWORD })
    await panel.close()
  }
})
