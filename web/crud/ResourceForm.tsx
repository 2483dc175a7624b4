import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { readQuery } from '../api/query';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { TabView, TabPanel } from 'primereact/tabview';
import { confirmDialog } from 'primereact/confirmdialog';
import type { TSchema } from 'typebox';
import { local } from '../lib/storage';
import type { FormSection, Resource, Row } from './types';
import { defaultValues, fieldSpec, toFormValues, toPayload, validationKey, validationValues } from './schema';
import { useFieldLabel } from './fields';
import { kindDef, wireValue } from './kinds';
import { conflictOf, isSentForApproval } from '../api/http';
import type { Conflict } from '../../server/contract/envelope';
import { ConflictDialog, conflictFields, type ConflictField } from './parts/ConflictDialog';
import { RecordChangedNotice, useRecordChange } from './parts/RecordChanged';
import { PresenceNotice } from './parts/Presence';
import { useOpenRecord } from '../services/presence';
import { FormField, schemaResolver, serverErrorOnField } from './form-engine';
import { callOp, editId, invalidateRefs, readOp } from './api';
import { crudEnv } from './env';
import { AuditHistory } from './parts/AuditHistory';
import { useLeaveGuard } from './leave-guard';
import { useOwnTabKey, useRecordId, useRecordTitle } from './record-tab';
import { closePageTab } from '../services/page-tab';

export interface ResourceFormProps {
  resource: Resource;
  /** The record being modified; null/undefined to add. */
  record?: Record<string, unknown> | null;
  visible: boolean;
  onHide: () => void;
  /** Called with the saved record after a successful add or update. */
  onSaved: (saved: Record<string, unknown>) => void;
  /** Force a variant (default: the declaration's `form.mode`). */
  mode?: 'dialog' | 'drawer' | 'page';
  /** Values a new record starts with, over the schema's defaults (a tree's "add child": `{ parentId }`). */
  defaults?: Row;
  /** Title (default: "Add/Edit <entity title>"). */
  title?: string;
}

/**
 * The add/modify form of a resource (issue: "add and modify as a page, dialog or drawer"), on the
 * kit's form engine (react-hook-form, `form-engine.tsx`): inputs from the kind registry, optional
 * sections or tabs (`form.sections`, `form.layout`; the open tab kept under `form.tabKey`),
 * validation with the contract's add/update schema in the browser (the schema resolver) with
 * messages beside each field in the current language (tied with aria-describedby), the server's
 * field-named refusal set on its field, an update sending only the fields the form marks dirty
 * (emptied optional ones cleared), the submit disabled while saving, and (page mode) a prompt
 * before leaving with unsaved changes (a field the person changed). An update carries the version
 * of the record it was made on (contract `VERSION_RULE`); a save refused as stale (code 409) shows
 * their values beside the person's ({@link ConflictDialog}): keep mine saves again on their
 * version, take theirs fills the form with their values, reload starts over from the record now.
 * Before any save, a change or deletion of the record by someone else (live events) is said above
 * the fields with who and when, and a Reload that starts over from the record now ({@link RecordChangedNotice}).
 */
export function ResourceForm({ resource, record, visible, onHide, onSaved, mode, defaults, title: titleProp }: ResourceFormProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(resource.entity.name);
  const fields = useMemo(() => (resource.form?.fields ?? []) as string[], [resource]);
  const variant = mode ?? resource.form?.mode ?? 'dialog';
  const sections: FormSection[] = useMemo(() => (resource.form?.sections as FormSection[] | undefined) ?? [{ title: '', fields }], [resource, fields]);
  const tabs = resource.form?.layout === 'tabs' && sections.length > 1;
  const tabKey = resource.form?.tabKey;
  const [tab, setTabState] = useState<number>(() => Math.min(Math.max(0, (tabKey && local.get<number>(tabKey)) || 0), sections.length - 1));
  const setTab = (i: number) => {
    setTabState(i);
    if (tabKey) local.set(tabKey, i);
  };
  const isEdit = !!record;
  const specs = useMemo(() => Object.fromEntries(fields.map((f) => [f, fieldSpec(resource, f)])), [resource, fields]);
  const startOf = useMemo(() => Object.fromEntries(fields.flatMap((f) => (specs[f].override.rangeEnd ? [[specs[f].override.rangeEnd, f]] : []))) as Record<string, string>, [fields, specs]);
  const shownOf = (key: string) => startOf[key] ?? key;
  const versionField = resource.entity.versionField ?? 'updateTime';
  // The record the form's changes are made on: what an update is compared with, and whose version it sends.
  const base = useRef<Row | null>(record ?? null);
  const [stale, setStale] = useState<{ conflict: Conflict; fields: ConflictField[] } | null>(null);
  const [reloading, setReloading] = useState(false);

  const form: UseFormReturn<Row, unknown, Row> = useForm<Row, unknown, Row>({
    reValidateMode: 'onChange',
    // Changed fields only (the library's dirty state); a range's end travels with its start.
    resolver: schemaResolver({
      schema: (isEdit ? resource.entity.schemas.update : resource.entity.schemas.add) as TSchema,
      toPayload: (values): Row => {
        const on = isEdit ? base.current : null;
        const out = toPayload(resource, on ? fields.filter((f) => [f, startOf[f], specs[f].override.rangeEnd].some((x) => x && form.getFieldState(x).isDirty)) : fields, values, on ?? undefined);
        if (on && on[versionField] !== undefined && on[versionField] !== null) out[versionField] = on[versionField];
        return out;
      },
      message: (key, e) => t(`crud.validation.${validationKey(e.key, specs[shownOf(key)]?.kind)}`, { ...validationValues(e.values, specs[shownOf(key)]?.kind), field: label(key) }),
      fieldOf: (key) => (fields.includes(key) ? shownOf(key) : 'root'),
    }),
  });
  const { control, reset, handleSubmit, setError, formState } = form;

  useEffect(() => {
    if (!visible) return;
    base.current = record ?? null;
    setStale(null);
    reset(record ? toFormValues(resource, fields, record) : { ...defaultValues(resource, fields), ...defaults });
  }, [visible, record, resource, fields, defaults, reset]);

  const saving = formState.isSubmitting;
  // Unsaved changes are fields the person changed. The library's form-wide `isDirty` also counts a
  // field a widget registered with no value (left out of the defaults) as a change, so every add
  // page with such a field asked before leaving though nothing was typed.
  const dirty = visible && Object.keys(formState.dirtyFields).length > 0;
  const guard = useLeaveGuard(variant === 'page' && dirty && !saving, t('crud.leaveUnsaved'));

  const openTabOf = (field: string) => {
    if (!tabs) return;
    const i = sections.findIndex((s) => s.fields.includes(field as never));
    if (i >= 0 && i !== tab) setTab(i);
  };
  const submit = handleSubmit(
    async (payload) => {
      try {
        const saved = await callOp<Record<string, unknown>>(resource.entity, isEdit ? 'update' : 'add', payload);
        invalidateRefs(resource.entity.name);
        crudEnv().notify(t(resource.form?.savedMessage?.(saved, !isEdit) ?? (isEdit ? 'crud.updated' : 'crud.added')), 'success');
        reset(form.getValues());
        guard.release();
        onSaved(saved);
      } catch (e) {
        // Sent for a second person's approval: the client said so; the form closes, nothing was saved.
        if (isSentForApproval(e)) {
          guard.release();
          return onHide();
        }
        const conflict = conflictOf(e);
        if (conflict) {
          // Stale: their values beside the ones this form would save, field by field.
          const values = form.getValues();
          const mine = Object.fromEntries(fields.map((f) => [f, wireValue(specs[f], values[f])]));
          setStale({ conflict, fields: conflictFields(fields.map((f) => ({ spec: specs[f], label: label(f) })), conflict.record, mine) });
          return;
        }
        // The client already showed the message as a toast; also put it beside its field.
        const f = serverErrorOnField(e, fields, setError, shownOf);
        // A reference the server refuses: the cached options may be stale, load them again.
        const ref = f ? specs[f]?.ref : undefined;
        if (ref) invalidateRefs(ref);
        if (f) openTabOf(f);
      }
    },
    (errors) => {
      const first = fields.find((f) => errors[f]);
      if (first) openTabOf(first);
    },
  );

  /** Starts over from `now` (the record as it is): the form shows its values and saves on its version. */
  const startFrom = (now: Row) => {
    base.current = now;
    reset(toFormValues(resource, fields, now));
    setStale(null);
  };
  const keepMine = () => {
    if (!stale || !base.current) return;
    // The same changes, made on their version: fields only they changed stay theirs.
    base.current = { ...base.current, [versionField]: stale.conflict.version };
    setStale(null);
    void submit();
  };
  const reload = async () => {
    if (!stale) return;
    setReloading(true);
    try {
      const now = await readOp<Row>(resource.entity, 'info', { id: stale.conflict.id });
      invalidateRefs(resource.entity.name);
      startFrom(now);
    } catch {
      // The client showed why; the dialog stays for another choice.
    } finally {
      setReloading(false);
    }
  };
  // Someone else changing the record while it is open is said at once, with a reload (their save
  // is met by the conflict dialog above only when this form saves).
  const recordId = typeof record?.id === 'number' ? record.id : null;
  const live = useRecordChange(resource.entity.name, recordId);
  // Who else has it open (told while this form shows it; nothing locks).
  const editors = useOpenRecord(resource.entity.name, recordId);
  const reloadChanged = async () => {
    if (recordId === null) return;
    setReloading(true);
    try {
      const now = await readOp<Row>(resource.entity, 'info', { id: recordId });
      invalidateRefs(resource.entity.name);
      startFrom(now);
      live.clear();
    } catch {
      // The client showed why; the notice stays.
    } finally {
      setReloading(false);
    }
  };
  const conflictDialog = (
    <ConflictDialog
      conflict={stale?.conflict ?? null}
      fields={stale?.fields ?? []}
      busy={reloading}
      onKeepMine={keepMine}
      onTakeTheirs={() => stale && startFrom(stale.conflict.record)}
      onReload={() => void reload()}
      onHide={() => setStale(null)}
    />
  );

  const cancel = () => {
    if (variant === 'page' && dirty) {
      confirmDialog({
        message: t('crud.leaveUnsaved'),
        header: t('crud.leaveTitle'),
        icon: 'pi pi-exclamation-triangle',
        acceptLabel: t('crud.leave'),
        rejectLabel: t('crud.stay'),
        accept: () => {
          guard.release();
          onHide();
        },
      });
    } else onHide();
  };

  const cols = resource.form?.columns ?? 1;
  const renderFields = (list: readonly string[], tabIndex?: number) =>
    list
      .filter((f) => !startOf[f])
      .map((f) => {
        const spec = specs[f];
        return (
          <FormField
            key={f}
            control={control}
            spec={spec}
            label={label(f)}
            required={spec.required}
            id={`crud-${resource.entity.name}-${f}`}
            wide={!!(spec.override.wide ?? kindDef(spec).wide)}
            hint={spec.override.hint}
            tab={tabIndex}
          />
        );
      });
  const grid = (children: ReactNode) => <div className={`crud-form crud-form--cols-${cols}`}>{children}</div>;
  const sectionTitle = (s: FormSection) => t(s.title, { defaultValue: s.title });
  let content: ReactNode;
  if (tabs) {
    content = (
      // Every tab stays rendered (hidden when not open), so a field's error and value survive tab switches.
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} renderActiveOnly={false} data-testid="crud-form-tabs">
        {sections.map((s, i) => (
          <TabPanel key={s.title} header={sectionTitle(s)} headerClassName={s.fields.some((f) => formState.errors[f]) ? 'crud-tab--invalid' : undefined} pt={{ headerAction: { 'data-testid': `crud-form-tab-${i}` } as never }}>
            {grid(renderFields(s.fields, i))}
          </TabPanel>
        ))}
      </TabView>
    );
  } else if (sections.length > 1) {
    content = sections.map((s) => (
      <fieldset key={s.title} className="crud-form__section">
        <legend>{sectionTitle(s)}</legend>
        {grid(renderFields(s.fields))}
      </fieldset>
    ));
  } else content = grid(renderFields(fields));

  const body = (
    <form
      className="crud-form-body"
      // Out of the browser's saved form state and autofill (see FORM_STATE_OFF in web/main.tsx):
      // a record's fields are not the operator's own address or password.
      autoComplete="off"
      onSubmit={(e) => void submit(e)}
      data-testid="crud-form"
      noValidate
    >
      <RecordChangedNotice change={live.change} busy={reloading} onReload={() => void reloadChanged()} />
      <PresenceNotice users={editors} />
      {content}
      {formState.errors.root && <small className="p-error">{formState.errors.root.message}</small>}
      <button type="submit" hidden />
      {conflictDialog}
    </form>
  );
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.cancel')} severity="secondary" outlined onClick={cancel} data-testid="crud-form-cancel" />
      <Button type="button" label={t('crud.save')} icon="pi pi-check" loading={saving} disabled={saving} onClick={() => void submit()} data-testid="crud-form-save" />
    </div>
  );
  const title = titleProp ?? t(isEdit ? 'crud.modifyTitle' : 'crud.addTitle', { name: t(`resources.${resource.entity.name}.title`) });
  if (variant === 'page') {
    return (
      <section className="crud-card crud-form-page" data-testid="crud-form-page">
        <h3>{title}</h3>
        {body}
        {footer}
      </section>
    );
  }
  if (variant === 'drawer') {
    return (
      <Sidebar visible={visible} onHide={onHide} position="right" header={title} style={{ width: resource.form?.width ?? 520 }} data-testid="crud-drawer">
        {body}
        {footer}
      </Sidebar>
    );
  }
  return (
    <Dialog visible={visible} onHide={onHide} header={title} footer={footer} style={{ width: `min(${resource.form?.width ?? (cols === 2 ? 760 : 520)}px, 94vw)` }} modal draggable={false} data-testid="crud-dialog">
      {body}
    </Dialog>
  );
}

/**
 * The add or modify page of a resource whose §2 screen is a page (`/games/modify?id=3`…): a modify
 * page shows the record its tab names (each record in a tab of its own, titled with the record's
 * label), else the one under the declaration's §3 stored edit-id key (a bare route).
 * `onDone` runs after save or cancel (usually: back to the list). After a save that moved the
 * page elsewhere, the page's own tab closes (the work it was opened for is done; the list tab
 * shows the saved row). A modify page with no stored id (opened directly) says so and offers the way back.
 */
export function ResourceFormPage({ resource, modify, onDone }: { resource: Resource; modify: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const tabKey = useOwnTabKey();
  const pagePath = tabKey.split('?')[0];
  const saved = () => {
    onDone();
    if (location.pathname !== pagePath) closePageTab(tabKey);
  };
  const key = resource.form?.editIdKey;
  // The list clears the key when a new record is added while the add page is kept alive in its
  // tab: the add form starts afresh. A modify page keeps its own record whatever else is opened.
  const [generation, setGeneration] = useState(0);
  useEffect(() => (key && !modify ? editId.onChange((k, v) => k === key && v === null && setGeneration((n) => n + 1)) : undefined), [key, modify]);
  const stored = useRecordId(modify ? key : undefined);
  const id = modify ? stored : null;
  const info = useQuery({
    ...readQuery(resource.entity.name, 'info', { id }, ({ signal }) => readOp<Record<string, unknown>>(resource.entity, 'info', { id }, signal)),
    enabled: id !== null,
    // A form edits what the record is now, never a cached copy.
    staleTime: 0,
  });
  const missing = modify && (id === null || info.isError);
  const record = modify ? info.data : null;
  const label = record ? record[resource.entity.label] : undefined;
  useRecordTitle(
    modify && record && label != null && label !== ''
      ? { key: 'crud.modifyTab', values: { name: `resources.${resource.entity.name}.title`, label: String(label) }, translate: ['name'] }
      : null,
  );
  if (missing) {
    return (
      <section className="crud-card crud-form-page" data-testid="crud-form-missing">
        <p>{t('crud.noRecord')}</p>
        <Button label={t('crud.backToList')} icon="pi pi-arrow-left" onClick={onDone} />
      </section>
    );
  }
  if (record === undefined) return <div className="crud-card" aria-busy="true" />;
  return (
    <>
      <ResourceForm key={generation} resource={resource} record={record} visible onHide={onDone} onSaved={saved} mode="page" />
      {/* Who changed this record, when, and which fields (administrators). */}
      {/* A restored version is loaded afresh into the form. */}
      {modify && <AuditHistory entity={resource.entity.name} id={id} permission={resource.permission} onRestored={() => setGeneration((n) => n + 1)} />}
    </>
  );
}
