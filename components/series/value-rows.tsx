'use client';

/**
 * One row of a series' values table, as the text it shows in the page's language: the period, the
 * value, the status's marker (empty for a definitive value), the changes, the status's name.
 */
export type ValueRow = [period: string, value: string, marker: string, changes: string[], status: string];

/**
 * The body of a values table (`series-values-table.tsx`). A client component on purpose: the page's
 * RSC payload then carries each row as these few strings (~60 bytes) rather than as its element
 * tree (~230 bytes); a series has hundreds of rows. The HTML is the same, rendered on the server.
 */
export function ValueRows({ rows }: { rows: ValueRow[] }) {
  return (
    <tbody>
      {rows.map(([period, value, marker, changes, status]) => (
        <tr key={period}>
          <th scope="row">{period}</th>
          <td>
            {value}
            {marker ? (
              <sup className="ml-0.5 text-muted">
                <abbr title={status}>{marker}</abbr>
              </sup>
            ) : null}
          </td>
          {changes.map((change, i) => (
            <td key={i}>{change}</td>
          ))}
          <td>{status}</td>
        </tr>
      ))}
    </tbody>
  );
}
