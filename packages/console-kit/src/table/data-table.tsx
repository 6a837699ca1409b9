import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table'
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { ICON_SIZE } from '../parts/icon'

export type { ColumnDef, SortingState } from '@tanstack/react-table'

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  /**
   * TanStack Table column definitions. `header` is the column's name (a string, or a function for custom content);
   * `cell` renders a cell (as text by default: never HTML from data); `enableSorting: false` for columns that do
   * not sort; `size` is the column's width in px (the table lays out with fixed widths, so virtualised rows keep
   * their columns aligned). Give each column an `id` (or an `accessorKey`): it is the sorting key.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column type: value types differ per column
  columns: ColumnDef<T, any>[]
  /** The rows loaded so far (all of them, or the pages fetched from a server). */
  rows: readonly T[]
  /** A stable id per row (React key, focus kept across re-sorts). */
  getRowId: (row: T) => string
  /** The table's accessible name (`aria-label`). */
  label: string
  /**
   * Controlled sorting. With `onSortingChange` the table is sorted by the caller (a server, `manualSorting`); without
   * it, the table sorts the rows it has itself.
   */
  sorting?: SortingState
  /** Called when a header is activated (click, Enter or Space). Makes sorting manual: sort `rows` yourself. */
  onSortingChange?: (sorting: SortingState) => void
  /**
   * Told of each new sort when the table sorts its rows itself (no `onSortingChange`). A caller that keeps giving
   * the same `rows` while only what their cells show changes (live states) gives new rows then, so the new order
   * reads the rows as they are now.
   */
  onSorted?: (sorting: SortingState) => void
  /** How many rows exist in all (server total); `aria-rowcount`. Default: `rows.length`. */
  rowCount?: number
  /** Called when the last loaded rows scroll into view and `rowCount` says more exist (load the next page). */
  onEndReached?: () => void
  /** One row's height in px (rows have a fixed height; long text is cut with an ellipsis). Default 44. */
  rowHeight?: number
  /** The scrolling area's height in px (the header stays on top while rows scroll). Default 480. */
  height?: number
  /** Shown in the body when there are no rows (e.g. 'No users'). */
  emptyText: ReactNode
  /** Buttons for one row, shown in a last column named `actionsLabel`. */
  renderRowActions?: (row: T) => ReactNode
  /** The actions column's header. Default 'Actions'. */
  actionsLabel?: string
  /** Marks the table busy (`aria-busy`) while a page or a new sort loads. */
  busy?: boolean
  /** A class on the outer element (the scrolling area). */
  className?: string
  /**
   * A row selected elsewhere (a graph, a map): when it changes, or first shows among the rows, the table scrolls it
   * into view and makes it the row Tab reaches. Focus stays where it is.
   */
  revealRowId?: string
}

const DEFAULT_ROW_HEIGHT = 44
const DEFAULT_HEIGHT = 480
/** How many rows before the end of the loaded ones `onEndReached` fires (so the next page arrives before the end). */
const END_THRESHOLD = 20

/**
 * A headless-data table on TanStack Table and TanStack Virtual: a real `<table>` (plain table semantics, which axe
 * and screen readers know), only the rows in view in the DOM between two spacer rows, `aria-rowcount` on the table
 * and `aria-rowindex` on each row so assistive technology knows where it is, a sticky header.
 *
 * Keyboard: Tab reaches the table's one focusable row (roving tabindex); ArrowUp/ArrowDown, PageUp/PageDown,
 * Home/End move between rows (scrolling them into view, rendering them when virtualised); Tab moves on into the
 * row's actions. Sortable headers are buttons (click, Enter, Space) and their cell carries `aria-sort`.
 *
 * @example
 * const columns: ColumnDef<User>[] = [
 *   { id: 'name', header: 'Name', accessorKey: 'name', size: 200 },
 *   { id: 'email', header: 'E-mail', accessorKey: 'email' },
 * ]
 * <DataTable columns={columns} rows={users} getRowId={(u) => u.uid} label="Users" emptyText="No users"
 *   sorting={sorting} onSortingChange={setSorting} rowCount={total} onEndReached={loadMore} />
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  label,
  sorting,
  onSortingChange,
  onSorted,
  rowCount,
  onEndReached,
  rowHeight = DEFAULT_ROW_HEIGHT,
  height = DEFAULT_HEIGHT,
  emptyText,
  renderRowActions,
  actionsLabel = 'Actions',
  busy = false,
  className,
  revealRowId,
}: DataTableProps<T>) {
  const manual = onSortingChange !== undefined
  const [ownSorting, setOwnSorting] = useState<SortingState>([])
  const currentSorting = sorting ?? ownSorting
  const handleSorting: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === 'function' ? updater(currentSorting) : updater
    if (onSortingChange) onSortingChange(next)
    else {
      setOwnSorting(next)
      onSorted?.(next)
    }
  }
  // TanStack Table returns fresh functions each render; the React Compiler leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: rows as T[],
    columns,
    getRowId: (row) => getRowId(row),
    state: { sorting: currentSorting },
    onSortingChange: handleSorting,
    manualSorting: manual,
    enableSortingRemoval: false,
    enableMultiSort: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
  })
  const tableRows = table.getRowModel().rows

  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 0, height },
    // A container that reports no size (not laid out yet, or jsdom) is taken to be `height` tall.
    observeElementRect: (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height })),
  })
  const items = virtualizer.getVirtualItems()
  const total = virtualizer.getTotalSize()
  const firstItem = items.at(0)
  const lastItem = items.at(-1)
  const top = firstItem?.start ?? 0
  const bottom = lastItem ? total - lastItem.end : 0

  // Ask for the next page when the last rendered row is near the end of the loaded ones and more exist.
  const lastIndex = lastItem?.index ?? -1
  const all = rowCount ?? rows.length
  const wantsMore = onEndReached !== undefined && rows.length < all && lastIndex >= rows.length - 1 - END_THRESHOLD
  const endReached = useRef(onEndReached)
  useLayoutEffect(() => {
    endReached.current = onEndReached
  })
  useEffect(() => {
    if (wantsMore) endReached.current?.()
  }, [wantsMore, rows.length])

  // Roving focus: one row is in the tab order; arrows move it.
  const [activeId, setActiveId] = useState<string | null>(null)
  const activeIndex = Math.max(
    0,
    tableRows.findIndex((row) => row.id === activeId),
  )
  // The row to focus once it is rendered (a row scrolled to may render a frame later).
  const pendingFocus = useRef<number | null>(null)
  useEffect(() => {
    if (pendingFocus.current === null) return
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${pendingFocus.current}"]`)
    if (row) {
      row.focus({ preventScroll: true })
      pendingFocus.current = null
    }
  })
  const moveTo = useCallback(
    (index: number) => {
      const target = Math.min(Math.max(index, 0), tableRows.length - 1)
      const row = tableRows[target]
      if (!row) return
      pendingFocus.current = target
      setActiveId(row.id)
      // One scroll to the row's offset (rows have one fixed height, so it is exact), not scrollToIndex: that one
      // checks its own target again on the next frames and scrolls back to it, so on a slow machine a PageDown's
      // check undid the End pressed right after it (the view jumped back and the focused last row left the page).
      const offset = virtualizer.getOffsetForIndex(target, 'auto')
      if (offset) virtualizer.scrollToOffset(offset[0])
    },
    [tableRows, virtualizer],
  )
  // The row selected elsewhere, once per selection (not again on each re-sort or live update of the rows).
  const revealIndex = revealRowId === undefined ? -1 : tableRows.findIndex((row) => row.id === revealRowId)
  const revealed = useRef<string>(undefined)
  useEffect(() => {
    if (revealRowId === undefined || revealIndex < 0) {
      revealed.current = undefined
      return
    }
    if (revealed.current === revealRowId) return
    revealed.current = revealRowId
    setActiveId(revealRowId)
    virtualizer.scrollToIndex(revealIndex, { align: 'auto' })
  }, [revealRowId, revealIndex, virtualizer])

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return // keys inside the row's buttons are theirs
    const page = Math.max(1, Math.floor(height / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: tableRows.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    moveTo(target)
  }

  const headerGroups = table.getHeaderGroups()
  const columnCount = columns.length + (renderRowActions ? 1 : 0)
  return (
    // Without rows it does not scroll (overflow hidden, same height): a scrolling area with nothing to focus is one
    // the keyboard cannot scroll (axe's scrollable-region-focusable). It stays the same element with its height, so
    // when a new search or sort empties the rows, the browser clamps its scroll position to the top and the
    // virtualiser hears of it: the new rows show from the first.
    <div
      ref={scrollRef}
      className={className ? `honu-data-table ${className}` : 'honu-data-table'}
      style={{ height, overflow: tableRows.length > 0 ? 'auto' : 'hidden' }}
    >
      <table aria-label={label} aria-rowcount={all + 1} aria-busy={busy || undefined} style={{ tableLayout: 'fixed', width: '100%' }}>
        <colgroup>
          {table.getVisibleLeafColumns().map((column) => (
            <col key={column.id} style={column.columnDef.size !== undefined ? { width: column.getSize() } : undefined} />
          ))}
          {renderRowActions && <col className="honu-data-table__actions-col" />}
        </colgroup>
        <thead>
          {headerGroups.map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sortable = header.column.getCanSort()
                const direction = header.column.getIsSorted()
                const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())
                const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {sortable ? (
                      <button type="button" className="honu-data-table__sort" onClick={header.column.getToggleSortingHandler()}>
                        {content}
                        <Icon size={ICON_SIZE} aria-hidden="true" />
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                )
              })}
              {renderRowActions && <th scope="col">{actionsLabel}</th>}
            </tr>
          ))}
        </thead>
        <tbody>
          {tableRows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="honu-data-table__empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            <>
              {top > 0 && (
                <tr aria-hidden="true" className="honu-data-table__spacer">
                  <td colSpan={columnCount} style={{ height: top, padding: 0, border: 0 }} />
                </tr>
              )}
              {items.map((item) => {
                const row = tableRows[item.index]
                if (!row) return null
                return (
                  <tr
                    key={row.id}
                    data-index={item.index}
                    aria-rowindex={item.index + 2}
                    tabIndex={item.index === activeIndex ? 0 : -1}
                    onKeyDown={(event) => onRowKeyDown(event, item.index)}
                    onFocus={(event) => {
                      if (event.target === event.currentTarget) setActiveId(row.id)
                    }}
                    style={{ height: rowHeight }}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                    {renderRowActions && <td className="honu-data-table__actions">{renderRowActions(row.original)}</td>}
                  </tr>
                )
              })}
              {bottom > 0 && (
                <tr aria-hidden="true" className="honu-data-table__spacer">
                  <td colSpan={columnCount} style={{ height: bottom, padding: 0, border: 0 }} />
                </tr>
              )}
            </>
          )}
        </tbody>
      </table>
    </div>
  )
}
