/** Contract drift in en: the /system/contractDrift page, the header's mock marker, the error-log entries. */
export default {
  /** Screen texts, keys `contractDrift.<key>`. */
  texts: {
    title: 'Contract drift',
    desc: "Where the platform's answers differ from the contract the console expects, counted per endpoint and field since the server started or was reset. Examples are redacted: tokens, passwords, secrets, phone numbers and e-mail addresses are masked.",
    off: 'Contract validation is switched off on the server (CONTRACT_VALIDATION=off): nothing is being checked.',
    refresh: 'Refresh',
    export: 'Export JSON',
    reset: 'Reset',
    resetConfirm: 'Forget every drift and counter recorded so far?',
    resetDone: '{{count}} drifts forgotten',
    empty: 'No drift: every checked answer matched the contract.',
    stats: 'Checked {{checked}} answers, {{matching}} matching; not checked: {{notChecked}} (binary {{binary}}, too large {{truncated}}, outside the contract {{notInContract}}, not from the platform {{notPlatform}}, skipped under load {{dropped}}, beyond the per-second sample {{sampledOut}}).',
    droppedKeys: '{{count}} further drifts were not kept: the list is full. Reset after the platform team has the export.',
    columns: { endpoint: 'Endpoint', field: 'Field', kind: 'Kind', expected: 'Expected', seen: 'Seen', count: 'Count', firstSeen: 'First seen', lastSeen: 'Last seen', example: 'Example' },
    kinds: { envelope: 'Envelope', missing: 'Missing field', type: 'Wrong type', enum: 'Unknown value', constraint: 'Out of bounds', unknown: 'Unknown field' },
    body: '(whole body)',
    open: 'View',
    exampleTitle: 'Example: {{endpoint}} {{field}}',
    exampleStatus: 'HTTP status {{status}}',
    exampleQuery: 'Query: {{query}}',
    exampleTrimmed: 'Shortened around the field (the example was too large).',
    logName: 'Contract drift',
    logMore: '… and {{count}} more contract drifts: see System › Contract drift',
    marker: {
      mock: 'mock',
      mockLong: 'Data on this screen came from the mock, not the platform',
      replay: 'replay',
      replayLong: 'Data on this screen came from a recording, not the platform',
    },
  },
};
