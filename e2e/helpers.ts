import AxeBuilder from '@axe-core/playwright'
import { inflateSync } from 'node:zlib'
import { expect, type Locator, type Page } from '@playwright/test'

import { API, AUTH } from './stack'

export { API }
export const PASSWORD = 'honu-demo-1'
const EMULATOR = `${AUTH}/emulator/v1/projects/demo-honu`

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * axe on what the user sees: the screen drawn (every screen has an h1; right after `goto` the root can still be
 * empty, and axe then reports a page without a main landmark or heading) and no CSS transition half way (a hover's
 * colour between two states can fail contrast on a slow machine).
 */
export async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('h1').first()).toBeAttached()
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'))
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The newest SMS code the emulator "sent" to a phone number. */
export async function latestSmsCode(phone: string): Promise<string> {
  const body = (await (await fetch(`${EMULATOR}/verificationCodes`)).json()) as { verificationCodes: { phoneNumber: string; code: string }[] }
  const code = body.verificationCodes.filter((c) => c.phoneNumber === phone).at(-1)?.code
  if (!code) throw new Error(`No SMS code for ${phone}`)
  return code
}

/** The newest password-reset code the emulator "mailed" to an address. */
export async function latestResetCode(email: string): Promise<string> {
  const body = (await (await fetch(`${EMULATOR}/oobCodes`)).json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] }
  const code = body.oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1)?.oobCode
  if (!code) throw new Error(`No reset code for ${email}`)
  return code
}

const API_KEY = 'demo-api-key'
/** The Auth emulator's Identity Toolkit REST API. */
export const IDP = `${AUTH}/identitytoolkit.googleapis.com/v1`

/** An ID token of a demo account, straight from the Auth emulator (to ask the server without the console). */
export async function idTokenOf(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${IDP}/accounts:signInWithPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  return ((await response.json()) as { idToken: string }).idToken
}

/** Sets a demo account's password back through the emulator's own reset flow (tests that change it call this). */
export async function restorePassword(email: string, password = PASSWORD) {
  await fetch(`${IDP}/accounts:sendOobCode?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
  })
  const oobCode = await latestResetCode(email)
  await fetch(`${IDP}/accounts:resetPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: password }),
  })
}

/** Every key the page keeps in local and session storage. */
export async function storageKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))
}

/** Answers the feature-flag call with this body: the flag service is a boundary with no emulator. */
export async function serveFlags(page: Page, body: string) {
  await page.route('**/api/v1/features', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }))
}

/** Signs in and picks Alpha Harbour, then waits for its stream list with the Bow camera in it. */
export async function openAlphaStreams(page: Page, email: string) {
  await signIn(page, email)
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera')
}

/** Whether the reference server answers its health check. */
export const serverReachable = () =>
  fetch(`${API}/health`).then(
    (r) => r.ok,
    () => false,
  )

/** Puts a mark on the page's window that a reload would wipe; {@link sameDocument} reads it back. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { honuSameDocument: true }))
export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { honuSameDocument?: boolean }).honuSameDocument)

/** The Auth emulator's admin credentials (the emulator accepts any request carrying them). */
const EMULATOR_ADMIN = { 'content-type': 'application/json', authorization: 'Bearer owner' }

/**
 * A reader of Alpha made for one test, the way a person joins (issue 22: an invitation waits for consent): the
 * account signs up in the Auth emulator itself (or, left by an earlier run, gets its password back through the
 * emulator's reset flow), Alpha's admin invites its e-mail and grants the invitation the reader role through the
 * reference server, and the new user accepts it through the API. So a test may change or break it without
 * touching the shared demo users. Answers its uid; {@link deleteAccount} removes it.
 */
export async function createThrowawayReader(email: string, password = PASSWORD): Promise<string> {
  const json = { 'content-type': 'application/json' }
  const signInAs = async (who: string, secret: string) => {
    const response = await fetch(`${IDP}/accounts:signInWithPassword?key=${API_KEY}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: who, password: secret, returnSecureToken: true }),
    })
    return (await response.json()) as { idToken: string; localId: string }
  }
  const signedUp = await fetch(`${IDP}/accounts:signUp?key=${API_KEY}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  if (!signedUp.ok) await restorePassword(email, password)
  const person = signedUp.ok ? ((await signedUp.json()) as { idToken: string; localId: string }) : await signInAs(email, password)
  expect(person.localId).toBeTruthy()

  const asAda = { ...json, authorization: `Bearer ${(await signInAs('ada@honu.test', PASSWORD)).idToken}` }
  const invited = await fetch(`${API}/api/v1/users?tenant_id=alpha`, {
    method: 'POST',
    headers: asAda,
    body: JSON.stringify({ name: 'Throwaway Reader', email }),
  })
  // 201: an invitation; 200: the account is already a user Ada sees (an earlier run's), its uid.
  expect([200, 201]).toContain(invited.status)
  const { uid } = (await invited.json()) as { uid: string }
  const granted = await fetch(`${API}/api/v1/users/${uid}/role`, {
    method: 'POST',
    headers: asAda,
    body: JSON.stringify({ tenant: 'alpha', role: 'reader' }),
  })
  expect(granted.status).toBe(201)
  if (invited.status === 201) {
    const accepted = await fetch(`${API}/api/v1/invitations/${uid}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.idToken}` },
    })
    expect(accepted.status).toBe(200)
  }
  return person.localId
}

/** Disables an account in the Auth emulator: the provider then refuses it everything. */
export async function disableAccount(localId: string) {
  const disabled = await fetch(`${IDP}/projects/demo-honu/accounts:update`, {
    method: 'POST',
    headers: EMULATOR_ADMIN,
    body: JSON.stringify({ localId, disableUser: true }),
  })
  expect(disabled.ok).toBe(true)
}

/** Deletes an account a test made. */
export async function deleteAccount(localId: string) {
  await fetch(`${IDP}/projects/demo-honu/accounts:delete`, { method: 'POST', headers: EMULATOR_ADMIN, body: JSON.stringify({ localId }) })
}

/** Signs out through the header's user menu (the button named 'Account: <e-mail>'). */
export async function signOut(page: Page | Locator) {
  await page.getByRole('button', { name: /^Account: / }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

/** Switches the tenant from the header's switcher (the button named 'Tenant: <name>'); the console opens its streams. */
export async function switchTenant(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name: /^Tenant: / }).click()
  await page.getByRole('menuitemradio', { name }).click()
}

/** Decodes a PNG (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are) into RGBA bytes, with node's zlib. */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const data: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]]
      channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0
      if (depth !== 8 || !channels || interlace !== 0) throw new Error(`PNG not 8-bit RGB(A) progressive (depth ${depth}, colour ${colourType})`)
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  const rows = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? rows[y * stride + i - channels]! : 0
      const b = y > 0 ? rows[(y - 1) * stride + i]! : 0
      const c = i >= channels && y > 0 ? rows[(y - 1) * stride + i - channels]! : 0
      const p = a + b - c
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter!]
      if (predictor === undefined) throw new Error(`PNG filter ${filter}`)
      rows[y * stride + i] = (line[i]! + predictor) & 0xff
    }
  }
  const rgba = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    rgba.set(rows.subarray(i * channels, i * channels + 3), i * 4)
    rgba[i * 4 + 3] = channels === 4 ? rows[i * channels + 3]! : 255
  }
  return { width, height, rgba }
}

/** What a map's pixels show: see {@link mapPixels}. */
export interface MapPixels {
  /** The map view's size in CSS pixels (0 × 0 when it has collapsed). */
  width: number
  height: number
  /** Pixels of the offline basemap's sea (#0d1b2a), as a share of the view (the view's own background is that colour too). */
  water: number
  /** Pixels of the offline basemap's land (#1d2733), as a share of the view: only MapLibre draws these. */
  land: number
  /** Pixels drawn in a vehicle's colour (ok green #3ddc84 or warning amber #ffb020): a count. */
  vehicles: number
  /** The box around the vehicle-coloured pixels, in the view's CSS pixels; undefined when there are none. */
  vehicleBox?: { left: number; top: number; right: number; bottom: number }
}

const near = (rgba: Uint8Array, i: number, [r, g, b]: readonly [number, number, number], tolerance: number) =>
  Math.abs(rgba[i]! - r) <= tolerance && Math.abs(rgba[i + 1]! - g) <= tolerance && Math.abs(rgba[i + 2]! - b) <= tolerance

/**
 * Reads what a map (a `.honu-map`, or an element holding one) shows on screen: a screenshot of its view (the area
 * MapLibre draws in, without the vehicle list, whose swatches share the vehicles' colours), decoded and counted.
 * A map whose attributes say drawn but whose canvas is not seen (a view of no height, a canvas under something)
 * has no sea and no vehicles here. Colours: packages/widgets/src/map/offline-basemap.ts (BASEMAP_COLOURS.sea) and
 * vehicle-status.ts (STATUS_COLOURS; stale grey is left out, too close to antialiased text).
 */
export async function mapPixels(map: Locator): Promise<MapPixels> {
  const view = map.locator('.honu-map__view')
  await view.scrollIntoViewIfNeeded()
  const box = await view.boundingBox()
  if (!box || box.width < 1 || box.height < 1) return { width: box?.width ?? 0, height: box?.height ?? 0, water: 0, land: 0, vehicles: 0 }
  const { width, height, rgba } = decodePng(await view.screenshot({ animations: 'disabled', caret: 'hide' }))
  const sea = [0x0d, 0x1b, 0x2a] as const
  const landColour = [0x1d, 0x27, 0x33] as const
  const vehicleColours = [
    [0x3d, 0xdc, 0x84],
    [0xff, 0xb0, 0x20],
  ] as const
  let water = 0
  let land = 0
  let vehicles = 0
  let vehicleBox: MapPixels['vehicleBox']
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      if (near(rgba, i, sea, 4)) water++
      else if (near(rgba, i, landColour, 4)) land++
      else if (vehicleColours.some((colour) => near(rgba, i, colour, 24))) {
        vehicles++
        vehicleBox = vehicleBox
          ? {
              left: Math.min(vehicleBox.left, x),
              top: Math.min(vehicleBox.top, y),
              right: Math.max(vehicleBox.right, x),
              bottom: Math.max(vehicleBox.bottom, y),
            }
          : { left: x, top: y, right: x, bottom: y }
      }
    }
  return { width: box.width, height: box.height, water: water / (width * height), land: land / (width * height), vehicles, vehicleBox }
}

/**
 * How far an element's content reaches beyond its own box, in CSS pixels (0 when it fits): the furthest right and
 * bottom of any rendered descendant (as far as boxes inside the element that clip let it show) against the element's
 * right and bottom edges, and the element's own scroll overflow. What a user sees cut off, or has to scroll to.
 */
export async function contentOverflow(element: Locator): Promise<{ right: number; bottom: number; scrollX: number; scrollY: number }> {
  return element.evaluate((root) => {
    const box = root.getBoundingClientRect()
    let right = 0
    let bottom = 0
    for (const child of root.querySelectorAll('*')) {
      const r = child.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue // nothing drawn, or a visually hidden text for screen readers
      // What shows of it: cut by any box between it and the root that clips (a table's own sideways scroll frame).
      let [r2, b2] = [r.right, r.bottom]
      for (let up = child.parentElement; up && up !== root; up = up.parentElement) {
        const style = getComputedStyle(up)
        const clip = up.getBoundingClientRect()
        if (style.overflowX !== 'visible') r2 = Math.min(r2, clip.right)
        if (style.overflowY !== 'visible') b2 = Math.min(b2, clip.bottom)
      }
      right = Math.max(right, r2 - box.right)
      bottom = Math.max(bottom, b2 - box.bottom)
    }
    const round = (n: number) => Math.max(0, Math.round(n))
    return {
      right: round(right),
      bottom: round(bottom),
      scrollX: round(root.scrollWidth - root.clientWidth),
      scrollY: round(root.scrollHeight - root.clientHeight),
    }
  })
}
