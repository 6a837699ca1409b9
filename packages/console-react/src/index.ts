export { ConsoleProvider, type ConsoleProviderProps } from './provider/console-provider'
export { useConsoleClient } from './hooks/use-console-client'
export { useSession } from './hooks/use-session'
export { useFlags } from './hooks/use-flags'
