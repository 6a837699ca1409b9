/**
 * The remote-desktop bridge's protocol (issue 24): a WebSocket per viewer at {@link remoteDesktopPath}. The upgrade
 * carries no credential: the first frame is the live channel's `auth` frame (`{"type":"auth","token":…}`), answered
 * by `{"type":"ready"}` once the device's desktop has been reached. From then on the socket carries RFB (the VNC
 * protocol) in binary frames, ready for noVNC, with security type None: the bridge answers the desktop's password
 * challenge itself, so the password never reaches a browser.
 */

/** The bridge's path for a device, under the API's base address. */
export const remoteDesktopPath = (deviceId: string): string => `/api/v1/devices/${encodeURIComponent(deviceId)}/desktop`

/** Close codes of the bridge (the live channel's where they mean the same). */
export const REMOTE_DESKTOP_CLOSE = {
  /** The viewer disconnected. */
  normal: 1000,
  /** The server is going away (restart, shutdown). */
  goingAway: 1001,
  /** The page's origin is not allowed. */
  originNotAllowed: 1008,
  /** Not authenticated: no auth frame in time, an invalid or expired token. */
  notAuthenticated: 4401,
  /** The account was revoked or disabled, or lost its access to the device's tenant. */
  revoked: 4403,
  /** No remote-access device of a tenant of the user's has this id (another tenant's gets the same answer). */
  notFound: 4404,
  /** No input for the server's idle time. */
  idle: 4408,
  /** The session reached the server's absolute limit. */
  sessionLimit: 4409,
  /** The device has no desktop endpoint, or its desktop did not answer or refused the bridge. */
  unreachable: 4502,
  /** The desktop closed the connection. */
  desktopClosed: 4503,
} as const
export type RemoteDesktopCloseCode = (typeof REMOTE_DESKTOP_CLOSE)[keyof typeof REMOTE_DESKTOP_CLOSE]
