import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island when the shopper is about to use it (pointer over it, focus,
 * touch), so pages that are only read never download React. Until then the server-rendered HTML works
 * on its own (a search form still submits). A click that lands while the island is loading is held and
 * replayed once it is ready, so a first tap on a phone is never lost.
 *
 * `client:interaction="or-when-logged-in"` also hydrates when the browser is idle if someone is logged in
 * (the layout marks that before paint), for islands that show the user's own state (wishlist hearts).
 */
const interaction: ClientDirective = (load, options, element) => {
  const triggers = ['pointerenter', 'focusin', 'touchstart'] as const;
  let heldClick: Element | null = null;
  const holdClick = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    heldClick = event.target as Element;
  };
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const trigger of triggers) element.removeEventListener(trigger, hydrate);
    element.addEventListener('click', holdClick, { capture: true });
    try {
      await (await load())();
    } finally {
      element.removeEventListener('click', holdClick, { capture: true });
      // React attaches its handlers as it hydrates; the replay waits a frame for them.
      // (Dispatched rather than .click(): the tap may have landed on an icon's SVG path.)
      if (heldClick) requestAnimationFrame(() => heldClick?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    }
  };
  for (const trigger of triggers) element.addEventListener(trigger, hydrate, { once: true, passive: true });
  if (options.value === 'or-when-logged-in' && document.documentElement.dataset.auth === 'in') {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    else setTimeout(() => void hydrate(), 200);
  }
};

export default interaction;
