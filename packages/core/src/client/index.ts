export {
  createConsoleClient,
  type ConsoleClient,
  type ConsoleClientOptions,
  type ConsoleExtension,
  type ConsoleExtensionContext,
} from './create-console-client'
export { renameTenant, tenantNameProblem, TENANT_NAME_MAX_LENGTH, type TenantNameProblem } from './rename-tenant'
