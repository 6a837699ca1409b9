import * as v from 'valibot'

/**
 * Control leases (issue 24): one operator in control of a device at a time, with a visible hand-off. One definition
 * for every kind of device: remote-access desktops use it now, mission operations will for vehicles.
 *
 * - `request`: a controller or an admin asks for control. A free device is theirs at once; a held one adds them to
 *   the requests, which the holder sees; a reader is refused (`forbidden`).
 * - `release`: the holder gives control up; the first request, if any, gets it (the hand-off).
 * - `take`: an admin takes control over from whoever holds it.
 * - A lease whose holder has sent no input for the server's idle time ends by itself (then the first request gets
 *   it); so does a lease whose holder leaves or loses their role.
 *
 * The server enforces it: input from anyone but the holder never reaches the device.
 */

/** What a `control` frame asks. */
export const controlActionSchema = v.picklist(['request', 'release', 'take'])
export type ControlAction = v.InferOutput<typeof controlActionSchema>

/**
 * Why a `control` frame was refused: `forbidden` (not a device of a tenant the user may control, or a reader; a
 * missing device gets the same answer), `not-holder` (releasing what one does not hold).
 */
export const controlCodeSchema = v.picklist(['forbidden', 'not-holder'])
export type ControlCode = v.InferOutput<typeof controlCodeSchema>

const name = v.pipe(v.string(), v.maxLength(512))
/** A person in a lease: their uid and the name (or e-mail) the console shows. */
export const controlPersonSchema = v.object({ uid: v.pipe(v.string(), v.minLength(1), v.maxLength(512)), name })
export type ControlPerson = v.InferOutput<typeof controlPersonSchema>

/** One device's control: who holds it and since when (ms since the epoch), who asks, who is connected. */
export const deviceControlSchema = v.object({
  deviceId: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  tenantId: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  holder: v.optional(controlPersonSchema),
  since: v.optional(v.pipe(v.number(), v.finite())),
  /** When the lease ends unless the holder sends input (ms since the epoch). */
  idleUntil: v.optional(v.pipe(v.number(), v.finite())),
  requests: v.array(controlPersonSchema),
  viewers: v.array(controlPersonSchema),
})
export type DeviceControl = v.InferOutput<typeof deviceControlSchema>
