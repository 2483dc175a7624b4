/**
 * PrimeReact 10 writes its shared stylesheets again on every mount of every styled component
 * (`useHandleStyle` → `useStyle().load()` sets `textContent` of the shared `<style
 * data-primereact-style-id>` tags: base, common, global and the component's own), even though the
 * text never changes. Each write makes the browser parse the sheet again and recalculate the style
 * of the whole document: a list of 10 rows with a switch and two link buttons per row paid ~90 of
 * them before its rows could paint.
 *
 * {@link installStyleDedupe} makes a write of the same text to one of those tags a no-op; any other
 * element, and any real change, goes through untouched. Idempotent.
 */
export function installStyleDedupe(): void {
  if (typeof HTMLStyleElement === 'undefined') return;
  const proto = HTMLStyleElement.prototype as HTMLStyleElement & { __dedupe?: true };
  if (proto.__dedupe) return;
  // Node.prototype in browsers; found up the chain wherever a DOM implementation defines it.
  let text: PropertyDescriptor | undefined;
  for (let p: object | null = proto; p && !text; p = Object.getPrototypeOf(p)) text = Object.getOwnPropertyDescriptor(p, 'textContent');
  if (!text?.get || !text.set) return;
  const { get, set } = text;
  Object.defineProperty(proto, 'textContent', {
    configurable: true,
    enumerable: text.enumerable,
    get(this: HTMLStyleElement) {
      return get.call(this);
    },
    set(this: HTMLStyleElement, value: string | null) {
      if (this.hasAttribute('data-primereact-style-id') && get.call(this) === (value ?? '')) return;
      set.call(this, value);
    },
  });
  Object.defineProperty(proto, '__dedupe', { value: true });
}
