export {
  createConsoleClient,
  type ConsoleClient,
  type ConsoleClientOptions,
  type ConsoleExtension,
  type ConsoleExtensionContext,
} from './create-console-client'
export { renameTenant } from './rename-tenant'
