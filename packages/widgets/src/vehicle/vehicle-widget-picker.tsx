import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ConsoleError } from '@honu/core'
import { Dialog, useMessages } from '@honu/console-kit'
import type { WidgetPickerProps } from '@honu/console-kit/widget'
import { useTenantVehicles } from './use-tenant-vehicles'
import type { VehicleWidgetData } from './vehicle-widget-data'
import { vehicleMessages } from './vehicle-messages'

/**
 * The Vehicle widget's picker: the selected tenant's vehicles (v1 `GET /devices`, kind `vehicle`) as a radio group
 * in a modal dialog. Picking one answers `{ deviceId }`, which the dashboard keeps as the widget's data (so it
 * survives a reload and goes with an exported layout). Opened by the add-widget menu, and by a Vehicle widget
 * without a vehicle. A widget pointed elsewhere keeps its own stale time.
 */
export function VehicleWidgetPicker({ name, current, onPick, onCancel }: WidgetPickerProps<VehicleWidgetData>) {
  const vehicles = useTenantVehicles()
  const t = useMessages(vehicleMessages)
  const [chosen, setChosen] = useState(current?.deviceId)
  const [problem, setProblem] = useState<string>()
  const group = useRef<HTMLFieldSetElement>(null)
  const id = useId()
  const formId = `${id}-form`

  // The dialog focuses its first control on open, which is Cancel while the list loads: once the vehicles are
  // there, focus goes to the chosen one (or the first), where the arrow keys pick.
  const ready = vehicles.status === 'ready' && vehicles.vehicles.length > 0
  useEffect(() => {
    if (!ready) return
    const radios = [...(group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])]
    ;(radios.find((radio) => radio.checked) ?? radios[0])?.focus()
  }, [ready])

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault()
    if (vehicles.status === 'ready' && chosen && vehicles.vehicles.some((v) => v.device_id === chosen)) return onPick({ ...current, deviceId: chosen })
    setProblem(t('pickFirst'))
    group.current?.querySelector<HTMLInputElement>('input')?.focus()
  }

  let body
  switch (vehicles.status) {
    case 'idle':
      body = <p className="honu-muted">{t('noTenant')}</p>
      break
    case 'loading':
      body = (
        <p className="honu-muted" role="status">
          {t('loadingVehicles')}
        </p>
      )
      break
    case 'error':
      body = (
        <div role="alert">
          <p className="honu-error">{t('vehiclesFailed', { reason: ConsoleError.is(vehicles.error) ? vehicles.error.message : t('noAnswer') })}</p>
          <button type="button" className="honu-button" onClick={vehicles.retry}>
            {t('retry')}
          </button>
        </div>
      )
      break
    default:
      body =
        vehicles.vehicles.length === 0 ? (
          <p className="honu-muted">{t('noVehicles')}</p>
        ) : (
          <form id={formId} className="honu-form" noValidate onSubmit={submit}>
            <fieldset
              ref={group}
              className="honu-vehicle-picker"
              aria-describedby={problem ? `${id}-problem` : undefined}
              // Enter on a vehicle shows it (the form's button sits in the dialog's footer, outside the form).
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit(event)
              }}
            >
              <legend>{t('vehicles')}</legend>
              {vehicles.vehicles.map((vehicle) => (
                <label key={vehicle.device_id} className="honu-vehicle-picker__option">
                  <input
                    type="radio"
                    name={`${id}-vehicle`}
                    value={vehicle.device_id}
                    checked={chosen === vehicle.device_id}
                    onChange={() => {
                      setChosen(vehicle.device_id)
                      setProblem(undefined)
                    }}
                  />{' '}
                  {vehicle.name}
                </label>
              ))}
            </fieldset>
            {problem && (
              <p id={`${id}-problem`} className="honu-error" role="alert">
                {problem}
              </p>
            )}
          </form>
        )
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('pickerTitle', { name })}
      description={t('pickerDescription')}
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" onClick={onCancel}>
            {t('cancel')}
          </button>
          {ready && (
            <button type="submit" form={formId} className="honu-button">
              {t('show')}
            </button>
          )}
        </>
      }
    >
      {body}
    </Dialog>
  )
}
