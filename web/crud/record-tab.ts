import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { announceRecordTitle } from '../services/record-title';
import type { RecordTitle } from '../machines/tabs.machine';
import { editId } from './api';
import { recordIdOf, recordPath } from './record-links';

/**
 * The record a record screen (order detail, a modify page) shows: the one its own location names
 * (`?id=`; each record's tab is its own page instance, so opening another record never changes the
 * one shown here), else the §3 stored key `storedKey` (a bare route after a reload or an old link),
 * whose record then goes into the URL so the tab is that record's. The shown record is stored under
 * the key too, so a bare route opens it again.
 */
export function useRecordId(storedKey: string | undefined): number | null {
  const [path, navigate] = useLocation();
  const fromUrl = recordIdOf(useSearch());
  const id = fromUrl ?? (storedKey ? editId.get(storedKey) : null);
  useEffect(() => {
    if (id === null) return;
    if (fromUrl === null) navigate(recordPath(path, id), { replace: true });
    else if (storedKey && editId.get(storedKey) !== id) editId.set(storedKey, id);
  }, [id, fromUrl, path, navigate, storedKey]);
  return id;
}

/** The key of this page's tab: its path, plus `?query` when it has one (behaviour notes "Multi-tab"). */
export function useOwnTabKey(): string {
  const [path] = useLocation();
  const search = useSearch();
  return search ? `${path}?${search}` : path;
}

/** Names the record of this page's tab (`订单 O2026…`) once it is known; null: not yet. */
export function useRecordTitle(title: RecordTitle | null): void {
  const key = useOwnTabKey();
  const json = title ? JSON.stringify(title) : null;
  useEffect(() => {
    if (json) announceRecordTitle(key, JSON.parse(json) as RecordTitle);
  }, [json, key]);
}
