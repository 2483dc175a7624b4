import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Image } from 'primereact/image';
import type { InputProps } from '../types';
import { uploadFiles } from '../api';
import { crudEnv } from '../env';

/** Types the upload endpoint keeps (spec §7 /upload; svg is refused there). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Image field input, single (`image`: a URL) or gallery (`images`: URLs, `maxItems` from the
 * schema): choose files → real upload through `upload.images` (multipart `name[]`), thumbnails with preview,
 * remove, and (gallery) move left/right to reorder. Type and size are checked before sending;
 * the server checks again by content and its refusal is shown by the HTTP client.
 */
export function ImageInput({ spec, value, onChange, invalid, id, describedBy }: InputProps) {
  const { t } = useTranslation();
  const many = spec.kind === 'images';
  const list = many ? (Array.isArray(value) ? (value as string[]) : []) : typeof value === 'string' && value ? [value] : [];
  const max = many ? ((spec.schema.maxItems as number | undefined) ?? 9) : 1;
  const accept = spec.override.accept ?? IMAGE_ACCEPT;
  const maxSize = spec.override.maxSize ?? IMAGE_MAX_BYTES;
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const set = (next: string[]) => onChange(many ? next : (next[0] ?? null));

  async function pick(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, many ? max - list.length : 1);
    if (file.current) file.current.value = '';
    if (!chosen.length) return;
    const types = accept.split(',').map((s) => s.trim());
    const bad = chosen.find((f) => !types.includes(f.type));
    if (bad) return setError(t('crud.upload.badType', { name: bad.name }));
    const big = chosen.find((f) => f.size > maxSize);
    if (big) return setError(t('crud.upload.tooBig', { name: big.name, mb: Math.round(maxSize / 1024 / 1024) }));
    setError(null);
    setBusy(true);
    try {
      const urls = await uploadFiles(chosen);
      set(many ? [...list, ...urls].slice(0, max) : urls.slice(0, 1));
      crudEnv().notify(t('crud.upload.done', { count: urls.length }), 'success');
    } catch {
      // The HTTP client showed the server's reason (type, size, count).
    } finally {
      setBusy(false);
    }
  }

  const move = (i: number, d: -1 | 1) => {
    const next = [...list];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    set(next);
  };

  return (
    <div className={`crud-images${invalid ? ' crud-images--invalid' : ''}`} data-testid="crud-image-input">
      {list.map((src, i) => (
        <figure key={`${src}-${i}`} className="crud-images__item" data-testid="crud-image-item">
          <Image src={src} alt={t('crud.upload.imageAlt', { n: i + 1 })} preview width="96" height="96" imageClassName="crud-images__img" />
          <figcaption className="crud-images__bar">
            {many && <Button type="button" icon="pi pi-arrow-left" text rounded size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('crud.upload.moveLeft')} data-testid="crud-image-left" />}
            <Button type="button" icon="pi pi-trash" text rounded size="small" severity="danger" onClick={() => set(list.filter((_, j) => j !== i))} aria-label={t('crud.upload.remove')} data-testid="crud-image-remove" />
            {many && <Button type="button" icon="pi pi-arrow-right" text rounded size="small" disabled={i === list.length - 1} onClick={() => move(i, 1)} aria-label={t('crud.upload.moveRight')} data-testid="crud-image-right" />}
          </figcaption>
        </figure>
      ))}
      {list.length < max && (
        <button type="button" className="crud-images__add" onClick={() => file.current?.click()} disabled={busy} aria-describedby={describedBy} aria-invalid={invalid || undefined} data-testid="crud-image-add">
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-plus'} />
          <span>{busy ? t('crud.upload.uploading') : t('crud.upload.choose')}</span>
        </button>
      )}
      <input ref={file} id={id} type="file" hidden accept={accept} multiple={many} onChange={(e) => void pick(e.target.files)} data-testid="crud-image-file" />
      {error && <small className="p-error crud-images__error" role="alert">{error}</small>}
    </div>
  );
}
