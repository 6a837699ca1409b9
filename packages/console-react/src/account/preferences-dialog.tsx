import { LOCALES, NOTIFICATION_PREFERENCES, resolveLocale, THEMES, type NotificationPreference, type Theme } from '@honu/core'
import { useId } from 'react'
import { useStore } from 'zustand'
import { useConsoleClient, usePreferences, useMessages, Dialog } from '@honu/console-kit'
import { accountMessages } from '../messages/account'

/** Each notifications choice's name and what it does, by message key. */
const NOTIFICATION_TEXT = {
  on: ['notificationsOn', 'notificationsOnDetail'],
  muted: ['notificationsMuted', 'notificationsMutedDetail'],
  off: ['notificationsOff', 'notificationsOffDetail'],
} as const satisfies Record<NotificationPreference, readonly [string, string]>
const THEME_TEXT = { dark: 'themeDark', light: 'themeLight' } as const satisfies Record<Theme, string>

/** Props of {@link PreferencesDialog}. */
export interface PreferencesDialogProps {
  /** Whether it shows; the user menu opens it. */
  open: boolean
  /** Called with `false` on Escape, the close button or Done. */
  onOpenChange: (open: boolean) => void
}

/** A language's own name for itself ('Deutsch (Deutschland)'), so a user who cannot read the current one finds theirs. */
const nativeName = (tag: string) => {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}

/**
 * The user's preferences (spec §3): notifications on, muted or off, the dark or light theme, and the language. Each
 * choice applies at once and is remembered for the signed-in user (`client.preferences`); the language may also
 * follow the host's again. Done closes. Native radio
 * groups and a select, so the keyboard works as everywhere (arrow keys within a group, Tab between them).
 *
 * @example <PreferencesDialog open={open} onOpenChange={setOpen} />
 */
export default function PreferencesDialog({ open, onOpenChange }: PreferencesDialogProps) {
  const client = useConsoleClient()
  const notifications = usePreferences((s) => s.notifications)
  const theme = usePreferences((s) => s.theme)
  // The user's own choice, or '' to follow the language the host sets (shown with its name).
  const chosenLocale = usePreferences((s) => s.locale) ?? ''
  const hostLocale = useStore(client.i18n, (s) => resolveLocale(s.hostLocale))
  const id = useId()
  const t = useMessages(accountMessages)
  const preferences = client.preferences.getState()

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('preferencesTitle')}
      description={t('preferencesDescription')}
      footer={
        <button type="button" className="honu-button" onClick={() => onOpenChange(false)}>
          {t('done')}
        </button>
      }
    >
      <div className="honu-preferences">
        <fieldset className="honu-radio-group">
          <legend>{t('notifications')}</legend>
          {NOTIFICATION_PREFERENCES.map((value) => {
            const [label, detail] = NOTIFICATION_TEXT[value]
            return (
              // The detail describes the choice rather than naming it, so it sits outside the label.
              <div key={value} className="honu-radio">
                <input
                  type="radio"
                  id={`${id}-notifications-${value}`}
                  name={`${id}-notifications`}
                  value={value}
                  checked={notifications === value}
                  onChange={() => preferences.setNotifications(value)}
                  aria-describedby={`${id}-notifications-${value}-detail`}
                />
                <label className="honu-radio__label" htmlFor={`${id}-notifications-${value}`}>
                  {t(label)}
                </label>
                <span className="honu-radio__detail" id={`${id}-notifications-${value}-detail`}>
                  {t(detail)}
                </span>
              </div>
            )
          })}
        </fieldset>
        <fieldset className="honu-radio-group">
          <legend>{t('theme')}</legend>
          {THEMES.map((value) => (
            <label key={value} className="honu-radio">
              <input type="radio" name={`${id}-theme`} value={value} checked={theme === value} onChange={() => preferences.setTheme(value)} />
              <span className="honu-radio__label">{t(THEME_TEXT[value])}</span>
            </label>
          ))}
        </fieldset>
        <div className="honu-select-field">
          <label htmlFor={`${id}-language`}>{t('language')}</label>
          <select
            id={`${id}-language`}
            className="honu-select"
            value={chosenLocale}
            onChange={(e) => preferences.setLocale(e.target.value || undefined)}
          >
            <option value="">{t('languageDefault', { language: nativeName(hostLocale) })}</option>
            {LOCALES.map((tag) => (
              <option key={tag} value={tag} lang={tag}>
                {nativeName(tag)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </Dialog>
  )
}
