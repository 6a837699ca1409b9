import { readConfig } from './config'
import { DEMO_PASSWORD, demoUsers, largeTenantUser } from './seed'
import { startServer } from './start-server'

try {
  const config = readConfig()
  const server = await startServer(config)
  const where = config.databaseUrl ? 'PostgreSQL' : config.dataDir === 'memory' ? 'PGlite in memory' : `PGlite in ${config.dataDir}`
  // The addresses really bound (an all-interfaces bind prints 0.0.0.0 or ::), never the configured guess.
  console.log(`reference server listening on ${server.listening.join(', ')} (${where}, auth: ${config.authMode})`)
  for (const [family, url] of Object.entries(server.v2Services)) console.log(`  v2 ${family} on ${url}`)
  if (config.authMode === 'emulator') {
    console.log(`demo accounts (password ${DEMO_PASSWORD}):`)
    for (const u of demoUsers) console.log(`  ${u.email.padEnd(18)} ${u.note}`)
    if (config.largeTenant) console.log(`  ${largeTenantUser.email.padEnd(18)} ${largeTenantUser.note}: ${config.largeTenant} devices`)
  }
  const stop = async () => {
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error('reference server failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
}
