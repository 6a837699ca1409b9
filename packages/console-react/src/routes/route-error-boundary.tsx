import { Component, type ReactNode } from 'react'
import { useLocation, type Location } from 'react-router'
import { RouteError } from './route-error'

/** Props of {@link RouteErrorBoundary}. */
export interface RouteErrorBoundaryProps {
  children: ReactNode
  /** What shows in the route's place when it failed. Default: {@link RouteError}. */
  fallback?: (error: unknown) => ReactNode
}

interface BoundaryProps extends Required<RouteErrorBoundaryProps> {
  location: Location
}

interface BoundaryState {
  /** Set while the route shows its error (a wrapper, so that a thrown `undefined` still counts). */
  failed?: { error: unknown }
  /** The address the error belongs to; a new one renders the route afresh. */
  location: Location
}

// A class: React catches render errors (and failed lazy loads, which throw while rendering) only in one.
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } }
  }

  // As React Router's own boundary: a new location (another route, or "Try again", which navigates to the same
  // address) clears the error, so the route renders again.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: undefined, location: props.location }
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.failed.error) : this.props.children
  }
}

const routeError = (error: unknown) => <RouteError error={error} />

/**
 * The error boundary around every console route, in place of React Router's `errorElement` (which needs its data
 * router, about 17 KB gzip more on the sign-in route than `useRoutes`): a route that fails to render, or whose code
 * fails to load, shows {@link RouteError} in its place while the layout around it keeps working; the next
 * location (another link, or "Try again") renders it again.
 *
 * @example { path: 'streams', element: <RouteErrorBoundary><StreamsScreen /></RouteErrorBoundary> }
 */
export function RouteErrorBoundary({ children, fallback = routeError }: RouteErrorBoundaryProps) {
  return (
    <Boundary location={useLocation()} fallback={fallback}>
      {children}
    </Boundary>
  )
}
