import type { KeyboardEvent } from 'react';
import { DatagridBody, DatagridRow, type DatagridRowProps } from 'react-admin';

/** Enter on a focused row does what a click does (opens the record); keys inside the row's own controls are theirs. */
function openOnEnter(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.key === 'Enter' && event.target === event.currentTarget) event.currentTarget.click();
}

/** A Datagrid row keyboard users can reach with Tab and open with Enter. */
function KeyboardRow(props: DatagridRowProps) {
  return <DatagridRow {...props} tabIndex={props.rowClick === false ? undefined : 0} onKeyDown={openOnEnter} />;
}

/** `<Datagrid body={keyboardRowsBody}>`: rows that open with the keyboard too. */
export const keyboardRowsBody = <DatagridBody row={<KeyboardRow />} />;
