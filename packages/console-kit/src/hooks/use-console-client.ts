import { useContext } from 'react'
import { ConsoleError, type ConsoleClient } from '@honu/core'
import { ConsoleContext } from '../provider/console-context'

/** The console client of the nearest `<ConsoleProvider>`. */
export function useConsoleClient(): ConsoleClient {
  const client = useContext(ConsoleContext)
  if (!client) {
    throw new ConsoleError({
      code: 'console/missing-provider',
      message: 'useConsoleClient must be used within <ConsoleProvider>.',
    })
  }
  return client
}
