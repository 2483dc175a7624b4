/** The console's logo (inline SVG as a data URI, allowed by the CSP's img-src data:). */
export const LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0960bd"/><path d="M18 26h28a8 8 0 0 1 8 8v4a8 8 0 0 1-8 8c-4 0-6-4-9-4H27c-3 0-5 4-9 4a8 8 0 0 1-8-8v-4a8 8 0 0 1 8-8z" fill="#fff"/><rect x="19" y="31" width="3" height="9" rx="1" fill="#0960bd"/><rect x="16" y="34" width="9" height="3" rx="1" fill="#0960bd"/><circle cx="42" cy="33" r="2.2" fill="#0960bd"/><circle cx="47" cy="38" r="2.2" fill="#0960bd"/></svg>',
  );
