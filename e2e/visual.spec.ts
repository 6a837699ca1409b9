import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, signIn } from './helpers'

/*
 * Committed screenshots of every screen, so a change in look is always a reviewed change (issue 12). Each screen is
 * loaded once; the same page is then resized to spec §9's four widths and switched between the two themes, and
 * each combination compared with its file under e2e/__screenshots__/visual.spec.ts/ (see playwright.config.ts).
 * Menus and dialogs are shot at 1440 and 600 px only: the screens behind them are covered at all four widths, and
 * an overlay's place changes only where the header folds its navigation (under 1024 px).
 *
 * Update the files after a deliberate change of look (and review the diff):
 *   flock /tmp/honu-e2e.lock env CI=1 pnpm exec playwright test e2e/visual.spec.ts --update-snapshots
 *
 * What would differ between two runs is held still: live video is masked (and the figures over it), animations
 * and transitions are off (and the console's own through reduced motion), Math.random is seeded, the pointer rests
 * in a corner so nothing shows a hover, and toasts (which come and go on a timer) and times (a stream's last
 * change is the moment the server seeded it) are masked. axe checks every
 * screen in both themes at 1440 px.
 */

const WIDTHS = [1920, 1440, 1024, 600] as const
const OVERLAY_WIDTHS = [1440, 600] as const
const THEMES = ['dark', 'light'] as const
type Width = (typeof WIDTHS)[number]
type Theme = (typeof THEMES)[number]
/** A usual screen height at each width. */
const HEIGHT: Record<Width, number> = { 1920: 1080, 1440: 900, 1024: 768, 600: 960 }

test.use({ viewport: { width: 1440, height: 900 }, contextOptions: { reducedMotion: 'reduce' }, actionTimeout: 15_000 })

test.beforeEach(async ({ page }) => {
  // A fixed seed for anything that draws random numbers (ids, jitter), so two runs render the same page.
  await page.addInitScript(() => {
    let seed = 42
    Math.random = () => {
      seed = (seed * 16807) % 2147483647
      return (seed - 1) / 2147483646
    }
  })
})

/**
 * Shows the console in `theme`: the theme attribute of every console root, which is all the two themes differ in
 * (the choice itself, a user's preference, is tested with the preferences). Kept while React re-renders.
 */
async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => {
    const w = window as unknown as { honuVisualTheme?: MutationObserver }
    const apply = () =>
      document.querySelectorAll('.honu-console').forEach((root) => {
        if (root.getAttribute('data-theme') !== value) root.setAttribute('data-theme', value)
      })
    w.honuVisualTheme?.disconnect()
    apply()
    w.honuVisualTheme = new MutationObserver(apply)
    w.honuVisualTheme.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-theme'] })
  }, theme)
}

async function resize(page: Page, width: Width) {
  await page.setViewportSize({ width, height: HEIGHT[width] })
  // Nothing under the pointer: no hover states, no tooltips.
  await page.mouse.move(0, 0)
}

/** Compares the page with `<name>/<width>-<theme>.png`; soft, so one changed screen does not hide the others. */
async function compare(page: Page, name: string, width: Width, theme: Theme) {
  await expect.soft(page).toHaveScreenshot([name, `${width}-${theme}.png`], {
    fullPage: true,
    animations: 'disabled',
    mask: [
      page.locator('video'),
      page.locator('.honu-video'),
      page.locator('.honu-toast'),
      page.locator('.honu-stream__updated'),
      page.locator('time'),
    ],
  })
}

/**
 * One screen as it stands: at every width (`widths`) in both themes; `prepare` runs after each resize and puts
 * the screen back in its state (opens a menu again, waits for the layout), `after` closes what it opened.
 */
async function shoot(
  page: Page,
  name: string,
  options: { widths?: readonly Width[]; prepare?: () => Promise<void>; after?: () => Promise<void>; axe?: boolean } = {},
) {
  const { widths = WIDTHS, prepare, after, axe = true } = options
  for (const width of widths) {
    await resize(page, width)
    await prepare?.()
    for (const theme of THEMES) {
      await setTheme(page, theme)
      await compare(page, name, width, theme)
      if (axe && width === 1440) await test.step(`axe: ${name} (${theme})`, () => expectNoAxeViolations(page))
    }
    await after?.()
  }
  // Back to the width the flows work at (under 1024 px the stream list is a closed overlay).
  await resize(page, 1440)
}

/** A menu or dialog: opened afresh at each width (the header folds under 1024 px), closed with Escape. */
async function overlay(page: Page, name: string, open: () => Promise<void>, shown: Locator, widths: readonly Width[] = OVERLAY_WIDTHS) {
  await shoot(page, name, {
    widths,
    prepare: async () => {
      await open()
      await expect(shown).toBeVisible()
    },
    after: async () => {
      await page.keyboard.press('Escape')
      await expect(shown).toBeHidden()
    },
  })
}

// Each test shoots many screens in both themes with axe on each: a bound for a hang, not a speed check (one took 96 s
// on a loaded 2-core CI machine, past the config's 90 s).
test.describe.configure({ timeout: 240_000 })

test('card screens: sign-in, forgotten password, not found, tenant select', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await shoot(page, 'login')

  await page.getByRole('link', { name: /Forgot/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'forgot-password')

  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'not-found')

  await signIn(page, 'ada@honu.test')
  await expect(page).toHaveURL(/\/tenant$/)
  await expect(page.getByRole('button', { name: /Bravo Fleet/ })).toBeVisible()
  await shoot(page, 'tenant-select')
})

test('HonuNet: streams, a work area, the header menus and the stream dialogs', async ({ page }) => {
  // Eight screens at four widths in two themes: about a minute on a quiet machine, more since the Video tile is L tall.
  await signIn(page, 'ada@honu.test')
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  const list = page.getByRole('list', { name: /Streams/ })
  await expect(list).toContainText('Bow camera')
  await shoot(page, 'streams-empty-dashboard')

  // The header's menus and the dialogs behind them, and the stream list's own: before any video is shown, since a
  // mask is drawn over everything, a dialog too.
  const menu = page.getByRole('menu')
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'))
  const account = page.getByRole('button', { name: /^Account:/ })
  await overlay(page, 'account-menu', () => account.click(), menu)
  await overlay(page, 'tenant-menu', () => page.getByRole('button', { name: /^Tenant:/ }).click(), menu)
  await overlay(page, 'navigation-menu', () => page.getByRole('button', { name: 'Navigation' }).click(), menu, [600])
  for (const [name, item] of [
    ['preferences-dialog', 'Preferences'],
    ['change-password-dialog', 'Change password'],
  ] as const) {
    await overlay(
      page,
      name,
      async () => {
        await account.click()
        await page.getByRole('menuitem', { name: item }).click()
      },
      dialog,
    )
  }
  // (Under 1024 px the stream list is a closed overlay: the confirmation is shot where the list shows.)
  await overlay(page, 'delete-stream-dialog', () => page.getByRole('button', { name: 'Delete Bow camera' }).click(), dialog, [1440])

  await list.getByRole('button', { name: /^Bow camera/ }).click()
  await expect(page.getByRole('group', { name: 'Bow camera' })).toBeVisible()
  await shoot(page, 'streams', {
    // Under 1024 px the stream list is an overlay, closed at first; the tile is what this shot is about there.
    prepare: async () => {
      await expect(page.getByRole('group', { name: 'Bow camera' })).toBeVisible()
    },
  })

  await page.getByRole('link', { name: 'Collaboration' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Collaboration' })).toBeVisible()
  await shoot(page, 'work-area')
})

test('MissionPlanning: entry point, organisation select, a dashboard with widgets and its add menu', async ({ page }) => {
  await signIn(page, 'ops@honu.test')
  await expect(page).toHaveURL(/\/entrypoint$/)
  await expect(page.getByRole('link', { name: /MissionPlanning/ })).toBeVisible()
  await shoot(page, 'entry-point')

  await page.getByRole('link', { name: /MissionPlanning/ }).click()
  await expect(page.getByRole('button', { name: /Kai Mapping/ })).toBeVisible()
  await shoot(page, 'organisation-select')

  await page.getByRole('button', { name: /Honu Ocean Operations/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()
  await shoot(page, 'dashboard-empty')

  const addWidget = page.getByRole('button', { name: 'Add widget' })
  // Types without a picker (the Vehicle widget asks for one of a tenant's vehicles; this side has no tenant).
  for (const title of ['Mission execution', 'Map', 'Tenant']) {
    await addWidget.click()
    await page.getByRole('menuitem', { name: title, exact: true }).click()
  }
  await expect(page.getByRole('group', { name: 'Tenant 1' })).toBeVisible()
  // The map drawn, not half way: its "Loading the map…" is a moment that depends on the machine's speed.
  const map = page.getByRole('group', { name: 'Map 1' }).locator('.honu-map')
  await shoot(page, 'dashboard', { prepare: () => expect(map).toHaveAttribute('data-state', 'ready', { timeout: 30_000 }) })

  await overlay(page, 'add-widget-menu', () => addWidget.click(), page.getByRole('menu'))
  await overlay(page, 'grid-settings-dialog', () => page.getByRole('button', { name: 'Grid settings' }).click(), page.getByRole('dialog'))
})
