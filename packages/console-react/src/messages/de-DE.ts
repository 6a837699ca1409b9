import type { TranslationsOf } from '@honu/core'
import type { books } from './index'

/** console-react's messages in German (loaded when German is chosen). */
export default {
  header: {
    skipToContent: 'Zum Inhalt springen',
    mainNavigation: 'Hauptnavigation',
    navigationMenu: 'Navigation',
    tenant: 'Mandant: {name}',
    organisation: 'Organisation: {name}',
    noScope: 'Keine Auswahl',
    allTenants: 'Alle Mandanten…',
    allOrganisations: 'Alle Organisationen…',
    scopesUnavailable: 'Die Liste konnte nicht geladen werden',
    switchFailed: 'Der Wechsel zu {name} ist fehlgeschlagen. Versuchen Sie es erneut.',
    account: 'Benutzerkonto: {email}',
    preferences: 'Einstellungen',
    changePassword: 'Passwort ändern',
    signOut: 'Abmelden',
    sessionExpired: 'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um weiterzuarbeiten; diese Seite bleibt bis dahin unverändert.',
    signInAgain: 'Erneut anmelden',
    close: 'Schließen',
    cancel: 'Abbrechen',
    noMatches: 'Keine Treffer',
  },
  'sign-in': {
    title: 'Anmelden',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    submitting: 'Anmeldung läuft…',
    missingCredentials: 'Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    failed: 'Die Anmeldung ist fehlgeschlagen. Versuchen Sie es erneut.',
    forgotPassword: 'Passwort vergessen?',
  },
} satisfies TranslationsOf<typeof books>
