import { useLocation } from 'wouter';
import { listQueryString, type ListContext } from '../crud';
import { RemotePicker } from './RemotePicker';

type Row = Record<string, unknown>;

/**
 * A remote-search picker bound to one `eq` filter of a kit list page (the member of orders, of
 * wallet records…): picking a record puts its id into the list's URL query beside the other
 * filters; clearing removes it. For entities too large for a dropdown.
 */
export function ListRefFilter({ ctx, field, listPath, infoPath, labelOf, placeholder, id }: { ctx: ListContext; field: string; listPath: string; infoPath: string; labelOf: (r: Row) => string; placeholder: string; id: string }) {
  const [path, navigate] = useLocation();
  const value = ctx.state.filters[field];
  return (
    <span className="part-ref-filter" data-testid={`ref-filter-${field}`}>
      <RemotePicker
        id={id}
        listPath={listPath}
        infoPath={infoPath}
        labelOf={labelOf}
        value={typeof value === 'number' ? value : value != null && value !== '' ? Number(value) : null}
        placeholder={placeholder}
        onChange={(v) => {
          const filters = { ...ctx.state.filters };
          if (v == null) delete filters[field];
          else filters[field] = v;
          navigate(`${path}${listQueryString({ ...ctx.state, pageNum: 1, filters })}`);
        }}
      />
    </span>
  );
}
