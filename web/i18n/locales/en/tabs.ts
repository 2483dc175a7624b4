/** Multi-tab bar (spec §2 "Multi-tab navigation", §5). */
export default {
  bar: 'Open pages',
  /** Spec §5, exact text. */
  disabled: 'The multi-tab page is currently not open, please open it in the settings！',
  refresh: 'Reload',
  close: 'Close',
  closeLeft: 'Close tabs on the left',
  closeRight: 'Close tabs on the right',
  closeOther: 'Close other tabs',
  closeAll: 'Close all tabs',
  more: 'Tab actions',
  fold: 'Maximise content',
  unfold: 'Restore layout',
};
