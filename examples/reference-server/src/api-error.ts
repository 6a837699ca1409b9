/** An answer other than success, with a clear message for the person at the console. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export const unauthorized = () => new ApiError(401, 'unauthenticated', 'Sign in again: the access token is missing, invalid or expired.')
export const forbidden = (what = 'do this') => new ApiError(403, 'forbidden', `Your role does not allow you to ${what}.`)
export const notFound = (what: string) => new ApiError(404, 'not-found', `${what} not found.`)
export const conflict = (message: string) => new ApiError(409, 'conflict', message)
export const badRequest = (message: string) => new ApiError(400, 'bad-request', message)
