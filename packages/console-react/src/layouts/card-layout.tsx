import { MainContent } from '../ui/main-content'
import { Outlet } from 'react-router'

/** The centred card of the sign-in, reset, second-factor and selection screens (spec §2). */
export function CardLayout() {
  return (
    <div className="honu-card-layout">
      <MainContent className="honu-card">
        <p className="honu-card__brand" aria-hidden="true">
          Honu Console
        </p>
        <Outlet />
      </MainContent>
    </div>
  )
}
