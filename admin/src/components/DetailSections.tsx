/**
 * Detail (show) pages as cards: `<DetailPage>` lays out `<DetailSection>` cards in a grid (one column at phone
 * width, two from the `md` breakpoint); a section's fields sit in a wrapping grid of label/value pairs.
 *
 *   <Show component="div">            // the sections are the cards; no card around them
 *     <DetailPage>
 *       <DetailSection title="resources.shipments.fields.recipient">
 *         <TextField source="first_name" />
 *         <YesNoField source="paid" />
 *       </DetailSection>
 *       <DetailSection title="details.sections.history" wide block>
 *         <EventHistory table="shipments" />
 *       </DetailSection>
 *     </DetailPage>
 *   </Show>
 *
 * The one rule for empty values lives here: a field whose `source` holds nothing (null, undefined, '' or an
 * empty list) shows "—" (`EMPTY`), whatever field component it is, so pages never show a bare label.
 */
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { Children, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Labeled, useFieldValue, useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';

/** What an empty value reads as on a detail page. */
export const EMPTY = '—';

/** True for a value that says nothing: null, undefined, blank text, an empty list. Zero and false are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The value at a dotted `source` of a record ('branding.color'). */
const valueAt = (record: RaRecord | undefined, source: string): unknown =>
  source.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), record);

/** The "—" of an empty field. */
export const EmptyValue = () => (
  <Typography component="span" variant="body2" data-empty="true">
    {EMPTY}
  </Typography>
);

interface FieldLikeProps {
  source?: string;
  label?: ReactNode | false;
  /** Span the whole width of the section (long texts, lists). */
  fullWidth?: boolean;
  /** Render the element as it is (no label, no empty check): timelines, tables, buttons. */
  bare?: boolean;
}

/** One label/value pair of a section: react-admin's label for the field's `source`, and "—" when it is empty. */
function DetailItem({ field }: { field: ReactElement<FieldLikeProps> }) {
  const record = useRecordContext();
  const { source, label, fullWidth, bare } = field.props;
  const wide = fullWidth || bare ? { gridColumn: '1 / -1' } : undefined;
  if (bare || label === false) return <Box sx={{ minWidth: 0, ...wide }}>{field}</Box>;
  // NameField reads `x_name` for source `x_id`: the id being empty is what makes it empty.
  const empty = source !== undefined && isEmptyValue(valueAt(record, source));
  return (
    // body2 for every value: react-admin's TextField is body2, a plain span (EnumField) would be body1.
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere', typography: 'body2', ...wide }} className={source ? `ra-field ra-field-${source}` : 'ra-field'}>
      {empty ? (
        <Labeled label={label as ReactNode} source={source}>
          <EmptyValue />
        </Labeled>
      ) : (
        <Labeled>{field}</Labeled>
      )}
    </Box>
  );
}

/**
 * A block that scrolls sideways when wider than its card (a table at phone width), so the page never does;
 * while it overflows it is a tab stop with the section's name, so the keyboard can scroll it too (axe
 * scrollable-region-focusable).
 */
function ScrollBox({ children, label }: { children: ReactNode; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} sx={{ minWidth: 0, overflowX: 'auto' }} {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </Box>
  );
}

export interface DetailSectionProps {
  /** i18n key (or text) of the card's heading (an h2 under the page's h1); a resource's `name` gives its singular. */
  title: string;
  children: ReactNode;
  /** Take the whole row of the page grid (lists, histories). */
  wide?: boolean;
  /** Children are blocks (a table, a timeline), rendered one under the other, not label/value pairs. */
  block?: boolean;
  testId?: string;
}

/** A card with a heading and the fields of one subject (recipient, delivery, …). */
export function DetailSection({ title, children, wide, block, testId }: DetailSectionProps) {
  const translate = useTranslate();
  const headingId = useId();
  const items = Children.toArray(children).filter(isValidElement) as ReactElement<FieldLikeProps>[];
  if (!items.length) return null;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {translate(title, { smart_count: 1, _: title })}
        </Typography>
        {block ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
            {items.map((item, i) => (
              <ScrollBox key={item.key ?? i} label={translate(title, { smart_count: 1, _: title })}>{item}</ScrollBox>
            ))}
          </Box>
        ) : (
          // Two narrow columns on a phone, wider ones on a desktop; a long value wraps inside its cell.
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(min(100%, 9rem), 1fr))', md: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))' },
              columnGap: 3,
              rowGap: 1.5,
            }}
          >
            {items.map((item, i) => (
              <DetailItem key={item.key ?? item.props.source ?? i} field={item} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The grid of a detail page's sections: cards stack at phone width, two columns on a desktop. */
export function DetailPage({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box
      data-testid="detail-page"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mt: 1, minWidth: 0 }}
    >
      {children}
    </Box>
  );
}

/** A boolean in words ("Yes" / "No", "Sí" / "No"), as a small chip; "—" when unset. 0/1 from SQLite count. */
export function YesNoField(props: FieldProps) {
  const translate = useTranslate();
  const value = useFieldValue(props);
  if (isEmptyValue(value)) return <EmptyValue />;
  const yes = value === true || value === 1 || value === '1' || value === 'true';
  return <Chip size="small" variant="outlined" color={yes ? 'success' : 'default'} label={translate(yes ? 'ra.boolean.true' : 'ra.boolean.false')} />;
}
