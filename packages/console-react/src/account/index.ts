export { ChangePasswordDialog, PreferencesDialog } from './account-dialogs'
