import { Outlet } from 'react-router'

/** The centred card of the sign-in, reset, second-factor and selection screens (spec §2). */
export function CardLayout() {
  return (
    <div className="honu-card-layout">
      <main className="honu-card" id="honu-main">
        <p className="honu-card__brand" aria-hidden="true">
          Honu Console
        </p>
        <Outlet />
      </main>
    </div>
  )
}
