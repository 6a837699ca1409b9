export { createConsoleClient, type ConsoleClient, type ConsoleClientOptions } from './create-console-client'
