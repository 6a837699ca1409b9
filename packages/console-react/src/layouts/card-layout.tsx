import { useMainElement } from '../routes/embedding-context'
import { Outlet } from 'react-router'

/** The centred card of the sign-in, reset, second-factor and selection screens (spec §2). */
export function CardLayout() {
  const Main = useMainElement()
  return (
    <div className="honu-card-layout">
      <Main className="honu-card" id="honu-main">
        <p className="honu-card__brand" aria-hidden="true">
          Honu Console
        </p>
        <Outlet />
      </Main>
    </div>
  )
}
