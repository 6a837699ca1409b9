import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { DataTable, type ColumnDef, type SortingState } from './data-table'

interface Person {
  id: string
  name: string
  email: string
}

const people = (count: number, from = 0): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `u${from + i}`,
    name: `Person ${String(from + i).padStart(5, '0')}`,
    email: `p${from + i}@example.com`,
  }))

const columns: ColumnDef<Person>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name', size: 200 },
  { id: 'email', header: 'E-mail', accessorKey: 'email', enableSorting: false },
]

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-index'))
const bodyRow = (index: number) => {
  const row = bodyRows()[index]
  if (!row) throw new Error(`no body row ${index}`)
  return row
}

// jsdom lays nothing out: the table takes its scrolling area to be `height` (480 px) tall, so 44 px rows show 11
// rows plus 8 of overscan.
describe('DataTable', () => {
  it('renders a named table whose rows know their place among all, only those in view, without axe violations', async () => {
    render(
      <main>
        <DataTable columns={columns} rows={people(10_000)} getRowId={(p) => p.id} label="People" emptyText="No people" rowCount={10_000} />
      </main>,
    )
    const table = screen.getByRole('table', { name: 'People' })
    expect(table).toHaveAttribute('aria-rowcount', '10001')
    const rows = bodyRows()
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(40)
    expect(bodyRow(0)).toHaveAttribute('aria-rowindex', '2')
    expect(within(bodyRow(0)).getByRole('cell', { name: 'Person 00000' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('shows the empty text without rows, in an area that does not scroll (nothing there to focus and scroll with keys)', () => {
    const { container } = render(<DataTable columns={columns} rows={[]} getRowId={(p) => p.id} label="People" emptyText="No people" />)
    expect(screen.getByRole('cell', { name: 'No people' })).toBeInTheDocument()
    const area = container.querySelector<HTMLElement>('.honu-data-table')!
    expect(area.style.overflow).toBe('hidden')
  })

  it('renders data as text, never as HTML', () => {
    const name = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const rows = [{ id: 'x', name, email: 'x@example.com' }]
    const { container } = render(<DataTable columns={columns} rows={rows} getRowId={(p) => p.id} label="People" emptyText="No people" />)
    expect(screen.getByRole('cell', { name })).toBeInTheDocument()
    expect(container.querySelector('img, script')).toBeNull()
  })

  it('sorts its own rows when the caller does not (header button, aria-sort)', async () => {
    const user = userEvent.setup()
    render(<DataTable columns={columns} rows={people(3)} getRowId={(p) => p.id} label="People" emptyText="No people" />)
    const header = screen.getByRole('columnheader', { name: 'Name' })
    expect(header).toHaveAttribute('aria-sort', 'none')
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).not.toHaveAttribute('aria-sort')
    await user.click(within(header).getByRole('button', { name: 'Name' }))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(header).getByRole('button', { name: 'Name' }))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(within(bodyRow(0)).getByRole('cell', { name: 'Person 00002' })).toBeInTheDocument()
  })

  it('tells onSorted of each sort it makes itself, and not when the caller sorts', async () => {
    const user = userEvent.setup()
    const onSorted = vi.fn()
    const { rerender } = render(
      <DataTable columns={columns} rows={people(3)} getRowId={(p) => p.id} label="People" emptyText="No people" onSorted={onSorted} />,
    )
    await user.click(screen.getByRole('button', { name: 'Name' }))
    await user.click(screen.getByRole('button', { name: 'Name' }))
    expect(onSorted.mock.calls).toEqual([[[{ id: 'name', desc: false }]], [[{ id: 'name', desc: true }]]])
    expect(within(bodyRow(0)).getByRole('cell', { name: 'Person 00002' })).toBeInTheDocument()
    onSorted.mockClear()
    rerender(
      <DataTable
        columns={columns}
        rows={people(3)}
        getRowId={(p) => p.id}
        label="People"
        emptyText="No people"
        onSorted={onSorted}
        onSortingChange={() => {}}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Name' }))
    expect(onSorted).not.toHaveBeenCalled()
  })

  it('hands sorting to the caller when it sorts (server-side), Enter on the header', async () => {
    const user = userEvent.setup()
    const onSortingChange = vi.fn()
    const sorting: SortingState = [{ id: 'name', desc: false }]
    render(
      <DataTable
        columns={columns}
        rows={people(3)}
        getRowId={(p) => p.id}
        label="People"
        emptyText="No people"
        sorting={sorting}
        onSortingChange={onSortingChange}
      />,
    )
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
    screen.getByRole('button', { name: 'Name' }).focus()
    await user.keyboard('{Enter}')
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'name', desc: true }])
    // Manual: the rows stay in the caller's order until the caller sorts them.
    expect(within(bodyRow(0)).getByRole('cell', { name: 'Person 00000' })).toBeInTheDocument()
  })

  // jsdom does not scroll, so rows out of view (End in a long list) are left to the browser test (e2e/admin.spec.ts).
  it('moves focus between rows with the arrow keys and Home, one row in the tab order', async () => {
    const user = userEvent.setup()
    render(<DataTable columns={columns} rows={people(500)} getRowId={(p) => p.id} label="People" emptyText="No people" />)
    const first = bodyRow(0)
    expect(first).toHaveAttribute('tabindex', '0')
    expect(bodyRow(1)).toHaveAttribute('tabindex', '-1')
    await user.tab()
    await user.tab() // past the sort button of Name
    expect(first).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-rowindex', '3'))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-rowindex', '5'))
    expect(document.activeElement).toHaveTextContent('Person 00003')
    expect(document.activeElement).toHaveAttribute('tabindex', '0')
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-rowindex', '4'))
    await user.keyboard('{Home}')
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-rowindex', '2'))
  })

  it('scrolls a row selected elsewhere into view and makes it the one Tab reaches, without taking the focus', async () => {
    // jsdom does not scroll: a scrollTo that moves the area and says so, as a browser's does.
    const scrollTo = vi.fn(function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top
      this.dispatchEvent(new Event('scroll'))
    })
    Element.prototype.scrollTo = scrollTo as Element['scrollTo']
    onTestFinished(() => void delete (Element.prototype as Partial<Element>).scrollTo)
    const rows = people(1000)
    function Selected() {
      const [selected, setSelected] = useState<string>()
      return (
        <>
          <button type="button" onClick={() => setSelected('u750')}>
            Select 750
          </button>
          <DataTable columns={columns} rows={rows} getRowId={(p) => p.id} label="People" emptyText="No people" revealRowId={selected} />
        </>
      )
    }
    const user = userEvent.setup()
    render(<Selected />)
    expect(screen.queryByRole('cell', { name: 'Person 00750' })).toBeNull()
    const button = screen.getByRole('button', { name: 'Select 750' })
    await user.click(button)
    const cell = await screen.findByRole('cell', { name: 'Person 00750' })
    const row = cell.closest('tr')!
    expect(row).toHaveAttribute('tabindex', '0')
    expect(bodyRows().filter((r) => r.tabIndex === 0)).toEqual([row])
    expect(button).toHaveFocus()
    expect(scrollTo).toHaveBeenCalled()
  })

  it('asks for more rows near the end of the loaded ones while more exist, and not when all are loaded', async () => {
    function Paged({ total, onEnd }: { total: number; onEnd: () => void }) {
      const [rows, setRows] = useState(() => people(20))
      return (
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(p) => p.id}
          label="People"
          emptyText="No people"
          rowCount={total}
          onEndReached={() => {
            onEnd()
            setRows((r) => (r.length < total ? [...r, ...people(Math.min(20, total - r.length), r.length)] : r))
          }}
        />
      )
    }
    const onEnd = vi.fn()
    render(<Paged total={40} onEnd={onEnd} />)
    await waitFor(() => expect(onEnd).toHaveBeenCalled())
    const calls = onEnd.mock.calls.length
    // Once 40 of 40 are loaded it is not asked again.
    await waitFor(() => expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-rowcount', '41'))
    expect(onEnd.mock.calls.length).toBe(calls)
  })

  it('puts the row actions in a named last column', () => {
    render(
      <DataTable
        columns={columns}
        rows={people(2)}
        getRowId={(p) => p.id}
        label="People"
        emptyText="No people"
        actionsLabel="Actions"
        renderRowActions={(p) => <button type="button">Edit {p.name}</button>}
      />,
    )
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument()
    expect(within(bodyRow(1)).getByRole('button', { name: 'Edit Person 00001' })).toBeInTheDocument()
  })
})
