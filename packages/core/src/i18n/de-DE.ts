import type { coreMessages, recoveryMessageBook, specMessages } from './core-messages'
import type { TranslationsOf } from './define-messages'

type Books = { spec: typeof specMessages; recovery: typeof recoveryMessageBook; core: typeof coreMessages }

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
} satisfies TranslationsOf<Books>
