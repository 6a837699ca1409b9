import { useContext, useEffect, useState, type ReactNode } from 'react'
import { ConsoleError, createConsoleClient, type ConsoleClient, type ConsoleClientOptions } from '@honu/core'
import { ConsoleContext } from './console-context'

/** Props of {@link ConsoleProvider}: a client the host created, or options to create one. */
export type ConsoleProviderProps = {
  children?: ReactNode
  /**
   * The host's language (a BCP 47 tag: `en-US` by default, `de-DE`); a user's choice in the preferences wins over
   * it. Leaving it out keeps the client's own (`locale` of its options).
   */
  locale?: string
} & ({ client: ConsoleClient; options?: never } | { options: ConsoleClientOptions; client?: never })

/**
 * Holds one console instance for the tree below and runs its timers while mounted.
 *
 * @example
 * const client = createConsoleClient({ api: { baseUrl } })
 * <ConsoleProvider client={client}><App /></ConsoleProvider>
 */
export function ConsoleProvider(props: ConsoleProviderProps) {
  if (useContext(ConsoleContext)) {
    throw new ConsoleError({
      code: 'console/nested-provider',
      message: 'A <ConsoleProvider> is already mounted above this one. Mount one provider per console.',
    })
  }
  // Created once per provider, even if options change identity on every render.
  const { locale } = props
  const [owned] = useState(() =>
    props.client ? undefined : createConsoleClient(locale === undefined ? props.options! : { ...props.options!, locale }),
  )
  const client = props.client ?? owned!
  useEffect(() => {
    if (locale !== undefined) client.i18n.getState().setHostLocale(locale)
  }, [client, locale])
  useEffect(() => {
    client.start()
    return () => client.stop()
  }, [client])
  return <ConsoleContext.Provider value={client}>{props.children}</ConsoleContext.Provider>
}
