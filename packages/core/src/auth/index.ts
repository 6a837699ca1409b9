export type { AuthAdapter, AuthUser, PasswordCredentials } from './auth-adapter'
