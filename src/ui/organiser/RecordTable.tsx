// A page of records as a table: wider than the screen, it scrolls sideways inside its frame
// with the first column (what names the row) kept in view.
import { tl } from '../i18n/t';
import { Link } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { useEventFormat } from './event-format-context';
import type { Column } from './columns';

interface Props {
  caption: string;
  columns: readonly Column[];
  records: readonly AdminRecord[];
  /** Link of a row's first cell; rows without one are plain. */
  href?: (record: AdminRecord) => string;
}

export function RecordTable({ caption, columns, records, href }: Props) {
  const format = useEventFormat();
  return (
    <div className="org-table-wrap">
      <table className="org-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cellClass(column)}>
                {tl(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => (
            <tr key={String(record.id ?? record.slug ?? index)}>
              {columns.map((column, i) => (
                <td key={column.label} className={cellClass(column)}>
                  {i === 0 && href ? (
                    <Link href={href(record)}>{column.value(record, format)}</Link>
                  ) : (
                    column.value(record, format)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellClass(column: Column): string | undefined {
  if (column.numeric) return 'org-num';
  return column.wraps ? 'org-wraps' : undefined;
}
