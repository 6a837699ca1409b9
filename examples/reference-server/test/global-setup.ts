import { startAuthEmulator } from './auth-emulator'

/** One Auth emulator for every server test file. */
export default async function setup() {
  const stop = await startAuthEmulator()
  return stop
}
