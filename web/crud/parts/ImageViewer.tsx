import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useCellEnvOrNull } from '../cell-env';
import { Galleria } from 'primereact/galleria';
import './parts.css';

/**
 * Thumbnails that open a viewer (feedback screenshots "as thumbnails with a viewer"):
 * each thumbnail is a button (keyboard and screen readers reach it, named "View image 2 of 3"), and a
 * click opens PrimeReact's full-screen `Galleria` on that image, with previous/next (also ← →) and Esc to close.
 * The viewer is mounted only while open, so a page of rows holds no gallery.
 * @param srcs image URLs; `max` thumbnails are drawn (the rest counted as `+n`, reachable in the viewer).
 */
export function ImageThumbs(props: ThumbsProps) {
  // In a table the cells' `t` (read once per table): `useTranslation` in each cell subscribed each
  // to the language events. Outside one (a dialog), its own.
  const env = useCellEnvOrNull();
  return env ? <Thumbs {...props} t={env.t} /> : <ThumbsOwnText {...props} />;
}

interface ThumbsProps {
  srcs: readonly string[];
  max?: number;
  testId?: string;
}

function ThumbsOwnText(props: ThumbsProps) {
  const { t } = useTranslation();
  return <Thumbs {...props} t={t} />;
}

function Thumbs({ srcs, max = 3, testId = 'crud-thumb', t }: ThumbsProps & { t: TFunction }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!srcs.length) return null;
  return (
    <span className="crud-thumbs">
      {srcs.slice(0, max).map((src, i) => (
        <button key={`${i}-${src}`} type="button" className="crud-thumb-btn" onClick={() => setOpen(i)} aria-label={t('parts.images.view', { n: i + 1, count: srcs.length })} data-testid={`${testId}-open`}>
          <img className="crud-thumb" src={src} alt="" loading="lazy" data-testid={testId} />
        </button>
      ))}
      {srcs.length > max ? <span className="crud-thumbs__more">+{srcs.length - max}</span> : null}
      {open !== null && <ImageViewer srcs={srcs} start={open} onClose={() => setOpen(null)} />}
    </span>
  );
}

/** The full-screen viewer of {@link ImageThumbs}: `start` is the image shown first; `onClose` after Esc or the close button. */
export function ImageViewer({ srcs, start, onClose }: { srcs: readonly string[]; start: number; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<Galleria>(null);
  const [index, setIndex] = useState(start);
  useEffect(() => ref.current?.show(), []);
  // The keyboard of a viewer: Esc closes, ← → step (Galleria's full-screen mask listens to neither).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        ref.current?.hide();
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        const step = e.key === 'ArrowRight' ? 1 : -1;
        setIndex((i) => (i + step + srcs.length) % srcs.length);
      }
    };
    // Capture: the dialog the thumbnails sit in (the reply dialog) must not close on the same Esc.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [srcs.length]);
  return (
    <Galleria
      ref={ref}
      value={srcs as string[]}
      activeIndex={index}
      onItemChange={(e) => setIndex(e.index)}
      fullScreen
      showThumbnails={false}
      showItemNavigators={srcs.length > 1}
      circular
      onHide={onClose}
      item={(src: string) => <img className="crud-viewer__img" src={src} alt={t('parts.images.alt', { n: srcs.indexOf(src) + 1, count: srcs.length })} data-testid="crud-viewer-img" />}
      caption={() => <span data-testid="crud-viewer-caption">{t('parts.images.position', { n: index + 1, count: srcs.length })}</span>}
      data-testid="crud-viewer"
    />
  );
}
