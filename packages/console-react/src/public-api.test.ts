import { describe, expect, it } from 'vitest'
import * as kit from '@honu/console-kit'
import * as kitWidget from '@honu/console-kit/widget'
import * as consoleReact from './index'
import * as widget from './widget/index'

// What console-react exported before the widget contract, the provider, the hooks and the parts moved to
// @honu/console-kit (issue 13): a partner's import of any of them keeps working, and gets console-kit's own
// (one React context for a dashboard and a widget, whichever package each imports from).
const BEFORE_THE_SPLIT = [
  'Console',
  'ConsoleProvider',
  'ConsoleRoutes',
  'Dashboard',
  'DashboardToolbar',
  'Dialog',
  'PATHS',
  'RouteGuard',
  'Toaster',
  'createConsoleRoutes',
  'decideNavigation',
  'showStartupNotices',
  'startConsole',
  'useConnection',
  'useConsoleClient',
  'useDates',
  'useErrorText',
  'useFlags',
  'useLocale',
  'useMessages',
  'useOnReconnect',
  'usePreferences',
  'useScreenBand',
  'useSession',
  'useStreamView',
  'useTenant',
  'useToasts',
  'useTranslate',
] as const

describe('the public API after the split into @honu/console-kit', () => {
  it('still exports every value it exported before', () => {
    expect(BEFORE_THE_SPLIT.filter((name) => !(name in consoleReact))).toEqual([])
  })

  it('re-exports console-kit’s own values, not copies', () => {
    const shared = BEFORE_THE_SPLIT.filter((name) => name in kit)
    expect(shared).toContain('ConsoleProvider')
    expect(shared).toContain('Dialog')
    for (const name of shared) expect(consoleReact[name], name).toBe(kit[name as keyof typeof kit])
  })

  it('@honu/console-react/widget is @honu/console-kit/widget', () => {
    expect(Object.keys(widget).sort()).toEqual(['defineWidget', 'invalidWidgetData'])
    expect(widget.defineWidget).toBe(kitWidget.defineWidget)
    expect(widget.invalidWidgetData).toBe(kitWidget.invalidWidgetData)
  })
})
