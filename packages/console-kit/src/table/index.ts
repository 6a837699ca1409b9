/** The headless-data table (TanStack Table + Virtual) the admin console, the audit trail and lists build on. */
export { DataTable, type DataTableProps, type ColumnDef, type SortingState } from './data-table'
