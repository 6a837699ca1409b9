import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

export const PASSWORD = 'honu-demo-1'
/** The reference server the stack runs for the browser tests. */
export const API = 'http://127.0.0.1:8080'
const EMULATOR = 'http://127.0.0.1:9099/emulator/v1/projects/demo-honu'

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
export const IDP = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1'

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
export const serverReachable = () => fetch(`${API}/health`).then((r) => r.ok, () => false)

/** Puts a mark on the page's window that a reload would wipe; {@link sameDocument} reads it back. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { honuSameDocument: true }))
export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { honuSameDocument?: boolean }).honuSameDocument)

/** The Auth emulator's admin credentials (the emulator accepts any request carrying them). */
const EMULATOR_ADMIN = { 'content-type': 'application/json', authorization: 'Bearer owner' }

/**
 * A reader of Alpha made for one test (invited and granted the role by Alpha's admin through the reference
 * server, its password set through the emulator's reset flow), so a test may change or break it without touching
 * the shared demo users. Answers its uid; {@link deleteAccount} removes it.
 */
export async function createThrowawayReader(email: string, password = PASSWORD): Promise<string> {
  const json = { 'content-type': 'application/json' }
  const signInAda = await fetch(`${IDP}/accounts:signInWithPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'ada@honu.test', password: PASSWORD, returnSecureToken: true }),
  })
  const { idToken } = (await signInAda.json()) as { idToken: string }
  const asAda = { ...json, authorization: `Bearer ${idToken}` }
  const invited = await fetch(`${API}/api/v1/users`, { method: 'POST', headers: asAda, body: JSON.stringify({ name: 'Throwaway Reader', email }) })
  expect(invited.status).toBe(201)
  const { uid } = (await invited.json()) as { uid: string }
  const granted = await fetch(`${API}/api/v1/users/${uid}/role`, { method: 'POST', headers: asAda, body: JSON.stringify({ tenant: 'alpha', role: 'reader' }) })
  expect(granted.status).toBe(201)
  await restorePassword(email, password)
  const lookup = await fetch(`${IDP}/projects/demo-honu/accounts:lookup`, { method: 'POST', headers: EMULATOR_ADMIN, body: JSON.stringify({ email: [email] }) })
  const { users } = (await lookup.json()) as { users: { localId: string }[] }
  return users[0]!.localId
}

/** Disables an account in the Auth emulator: the provider then refuses it everything. */
export async function disableAccount(localId: string) {
  const disabled = await fetch(`${IDP}/projects/demo-honu/accounts:update`, { method: 'POST', headers: EMULATOR_ADMIN, body: JSON.stringify({ localId, disableUser: true }) })
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
