import type { coreMessages } from './core-messages'
import type { recoveryMessageBook } from './recovery-messages'
import type { specMessages } from './spec-messages'
import type { TranslationsOf } from './define-messages'
import type { errorMessages } from './error-messages'

type Books = {
  spec: typeof specMessages
  recovery: typeof recoveryMessageBook
  core: typeof coreMessages
  errors: typeof errorMessages
}

/** Core's messages in German (loaded when German is chosen). */
export default {
  'core.spec': {
    errorLoggingIn: 'Fehler bei der Anmeldung',
    errorLoadingUsers: 'Fehler beim Laden der Benutzer',
    userSubmitted: 'Benutzer gespeichert',
    errorCreatingUser: 'Fehler beim Anlegen des Benutzers',
    userDeleted: 'Benutzer gelöscht',
    errorDeletingUser: 'Fehler beim Löschen des Benutzers',
    userRolesSubmitted: 'Benutzerrollen gespeichert',
    errorUpdatingUserRoles: 'Fehler beim Aktualisieren der Benutzerrollen',
    userRolesDeleted: 'Benutzerrollen gelöscht',
    errorDeletingUserRoles: 'Fehler beim Löschen der Benutzerrolle(n)',
    failedToFetchUserData: 'Benutzerdaten konnten nicht abgerufen werden',
    invalidOtp: 'Ungültiger oder abgelaufener Einmalcode',
    pingFailed: 'Ping an die API fehlgeschlagen.',
    pingError: 'Fehler beim Ping an die API:',
    passwordChangeNoUser: 'Passwort konnte nicht geändert werden, kein Benutzer angemeldet',
    noMfaToResolve: 'Keine ausstehende Anmeldung mit zweitem Faktor',
    widgetWithoutId: 'Widget hat keine ID',
    addGridItemNoGrid: 'Neues Rasterelement kann nicht hinzugefügt werden: kein Raster vorhanden',
    loadGridItemsNoGrid: 'Rasterelemente können nicht geladen werden: kein Raster vorhanden',
    tenantWithoutId: 'Mandanten-ID nicht gefunden',
  },
  'core.recovery': {
    sessionEnded: 'Ihre Sitzung wurde beendet. Melden Sie sich erneut an, um fortzufahren.',
    consoleUpdated: 'Die Konsole wurde aktualisiert oder ist nicht erreichbar.',
  },
  core: {
    unknownDate: 'Unbekanntes Datum',
  },
  'core.errors': {
    'auth/invalid-credentials': 'E-Mail-Adresse oder Passwort ist falsch.',
    'auth/invalid-email': 'Geben Sie eine gültige E-Mail-Adresse ein.',
    'auth/user-disabled': 'Dieses Konto ist deaktiviert. Wenden Sie sich an einen Administrator.',
    'auth/too-many-requests': 'Zu viele Versuche. Warten Sie einen Moment und versuchen Sie es erneut.',
    'auth/network-request-failed': 'Der Anmeldedienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung.',
    'auth/internal-error': 'Der Anmeldedienst ist ausgefallen. Versuchen Sie es gleich noch einmal.',
    'auth/popup-blocked': 'Der Browser hat das Anmeldefenster blockiert. Erlauben Sie Pop-ups für diese Website.',
    'auth/popup-closed-by-user': 'Das Anmeldefenster wurde vor der Anmeldung geschlossen.',
    'auth/unauthorized-domain': 'Diese Website darf sich nicht bei diesem Projekt anmelden.',
    'auth/invalid-action-code': 'Dieser Link zum Zurücksetzen ist ungültig, abgelaufen oder bereits verwendet. Fordern Sie einen neuen an.',
    'auth/weak-password': 'Wählen Sie ein sichereres Passwort mit mindestens 6 Zeichen.',
    'auth/requires-recent-login': 'Geben Sie zu Ihrer Sicherheit Ihr aktuelles Passwort ein, um es zu ändern.',
    'auth/multi-factor-required': 'Geben Sie den Einmalcode Ihres zweiten Faktors ein.',
    'auth/unknown': 'Die Anmeldung ist fehlgeschlagen. Versuchen Sie es erneut.',
    'http/timeout': 'Der Server hat zu lange nicht geantwortet. Versuchen Sie es erneut.',
    'http/network': 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung.',
  },
} satisfies TranslationsOf<Books>
