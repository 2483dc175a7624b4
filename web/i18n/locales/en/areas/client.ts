/** The client area's texts in en (spec §2 /client); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `client.<key>`. */
  texts: {
    detail: 'Details',
    detailTitle: 'Error #{{id}}',
    resolve: 'Mark resolved ({{count}})',
    resolved: '{{count}} marked resolved',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    clientVersion: { title: 'Client versions', fields: { platform: 'Platform', versionName: 'Version', versionCode: 'Build', downloadUrl: 'Download URL', fileSize: 'Size (bytes)', forceUpdate: 'Forced update', minVersionCode: 'Minimum build', releaseNotes: 'Release notes', releaseTime: 'Released', status: 'Status' } },
    clientError: { title: 'Client errors', fields: { platform: 'Platform', versionName: 'Version', deviceModel: 'Device', osVersion: 'OS', errorType: 'Type', message: 'Message', stack: 'Stack', memberId: 'Member ID', occurTime: 'Occurred', occurCount: 'Count', status: 'State', remark: 'Remark' } },
  },
};
