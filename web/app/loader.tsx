import { ProgressSpinner } from 'primereact/progressspinner';

/** A centred spinner while a page chunk or the session loads (spec §9 loader size 48). */
export function FullPageLoader() {
  return (
    <div className="full-loader" role="status" aria-live="polite">
      {/* Shown before the language pack may have loaded: a bilingual name, not a translation. */}
      <ProgressSpinner style={{ width: 48, height: 48 }} strokeWidth="4" aria-label="加载中 Loading" />
    </div>
  );
}
