export { ChangePasswordDialog, PreferencesDialog, type ChangePasswordDialogProps, type PreferencesDialogProps } from './account-dialogs'
