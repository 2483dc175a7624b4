import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ApiError } from '../../api/http';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { XLSX } from '../../../server/contract/feedback';
import { ResourceListPage, saveBlob } from '../../crud';
import feedbackAward from '../../resources/feedback/feedback-award.resource';
import './feedback.css';


/**
 * /feedback/activity (spec §2, §7): the award winners (`getAwardList`), delete (`delAwardByIds`),
 * import of an awards spreadsheet (multipart upload; all rows or none, a bad row's message shown in
 * the dialog) and the template download (`exportAwardExcel`, binary).
 */
export default function FeedbackActivityPage() {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [activity, setActivity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const upload = useRef<FileUpload>(null);

  async function onUpload(e: FileUploadHandlerEvent) {
    const file = e.files[0];
    if (!file) return;
    setError(null);
    try {
      const res = await api.feedbackAward.importAwardExcel(file, { data: activity.trim() ? { activityName: activity.trim() } : {} });
      notify({ mode: 'toast', message: t('feedback.imported', { count: res.count }) }, 'success');
      upload.current?.clear();
      setImporting(false);
      setReloadKey((n) => n + 1);
    } catch (err) {
      if (err instanceof ApiError && err.kind !== 'canceled') setError(err.message);
      upload.current?.clear();
    }
  }

  async function template() {
    setDownloading(true);
    try {
      saveBlob(await api.feedbackAward.exportAwardExcel({ template: true }), t('feedback.templateName'));
    } catch {
      // Shown by the HTTP client.
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <ResourceListPage
        resource={feedbackAward}
        reloadKey={reloadKey}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && <Button label={t('feedback.import')} icon="pi pi-upload" size="small" onClick={() => { setError(null); setImporting(true); }} data-testid="award-import" />}
            <Button label={t('feedback.template')} icon="pi pi-file-excel" size="small" severity="secondary" outlined loading={downloading} onClick={() => void template()} data-testid="award-template" />
          </>
        )}
      />
      <Dialog visible={importing} onHide={() => setImporting(false)} header={t('feedback.importTitle')} style={{ width: 'min(620px, 94vw)' }} modal draggable={false} data-testid="award-import-dialog">
        <div className="feedback-import">
          <small>{t('feedback.importHint')}</small>
          <label htmlFor="award-activity">{t('feedback.importActivity')}</label>
          <InputText id="award-activity" value={activity} onChange={(e) => setActivity(e.target.value)} maxLength={64} />
          <FileUpload
            ref={upload}
            name="file"
            accept={`.xlsx,${XLSX}`}
            maxFileSize={10 * 1024 * 1024}
            customUpload
            uploadHandler={(e) => void onUpload(e)}
            chooseLabel={t('feedback.chooseFile')}
            uploadLabel={t('feedback.upload')}
            cancelLabel={t('crud.cancel')}
            emptyTemplate={<small>{t('feedback.importHint')}</small>}
          />
          {error && <Message severity="error" text={error} className="feedback-import__error" data-testid="award-import-error" />}
        </div>
      </Dialog>
    </>
  );
}
