import { Component, type ReactNode } from 'react'

interface Props {
  /** What the card says, in the active language: "Bow camera stopped working." */
  stopped: string
  /** The retry button's text. */
  retry: string
  children: ReactNode
  onError?: (error: unknown) => void
}
interface State {
  error: unknown
  attempt: number
}

/**
 * Keeps one crashing widget from taking the dashboard down: shows an error card with a retry, and the other
 * widgets keep working.
 */
export class WidgetErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, attempt: 0 }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') }
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error)
  }

  override render() {
    if (this.state.error === undefined)
      return (
        <div key={this.state.attempt} className="honu-widget-content">
          {this.props.children}
        </div>
      )
    return (
      <div className="honu-widget-error" role="alert">
        <p>{this.props.stopped}</p>
        <button type="button" className="honu-button" onClick={() => this.setState((s) => ({ error: undefined, attempt: s.attempt + 1 }))}>
          {this.props.retry}
        </button>
      </div>
    )
  }
}
