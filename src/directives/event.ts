import type { ClientDirective } from 'astro';

/**
 * `client:event="name"`: hydrates an island the first time the page dispatches that event on window.
 * Page-wide islands that only answer something else (the toaster, the cart drawer) cost nothing until
 * then; the island reads the store the sender has already updated. Since the store has changed since the
 * server rendered it, such an island gates what it reads behind `useHydrated` (Toaster, ProductRating):
 * its first render must match the server's HTML.
 */
const onEvent: ClientDirective = (load, options) => {
  const name = String(options.value);
  window.addEventListener(name, async () => (await load())(), { once: true });
};

export default onEvent;
