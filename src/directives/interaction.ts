import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island when the shopper is about to use it (pointer over it, focus,
 * touch, a changed field), so pages that are only read never download React. Until then the
 * server-rendered HTML works on its own (a search form still submits, a colour radio can be picked),
 * and the island reads what the shopper chose there when it wakes. A click on a button or link
 * that lands while the island is loading is held and replayed once it is ready, so a first tap on a phone
 * is never lost; clicks on form fields (radios, checkboxes, selects, text boxes and their labels) are
 * left to the browser, which already does what they ask, and React keeps what they chose when it
 * hydrates.
 *
 * `client:interaction="or-in-view-when-logged-in"` also hydrates, for a logged-in visitor (the layout
 * marks one before paint, `<html data-auth="in">`), when the island nears the screen: for islands whose
 * part for that person exists only in React (the reviews block's own review and the form to write one).
 * What is only shown, not written, is marked without React instead (src/scripts/saved-hearts.ts).
 *
 * No island's code is fetched ahead of a touch: a page that is only read costs no island code. The tap a
 * shopper most likely makes first (Add to cart, a heart) is answered by the page's own small script instead
 * (src/scripts/buy-box.ts, src/scripts/inline/restore-badges.js, src/scripts/saved-hearts.ts).
 */
const FIELD = 'input, select, textarea, label, option';

const interaction: ClientDirective = (load, options, element) => {
  // 'change': a field changed with no pointer or focus first (an assistive tool, or a test driver).
  const triggers = ['pointerenter', 'focusin', 'touchstart', 'change'] as const;
  let heldClick: Element | null = null;
  const holdClick = (event: Event) => {
    const target = event.target as Element;
    if (target.closest(FIELD)) return;
    event.preventDefault();
    event.stopPropagation();
    // The tap is answered at once: the control looks pressed and busy until the island is there to act on it.
    target.closest('button, a')?.setAttribute('data-waking', '');
    heldClick = target;
  };
  let stopWatching = () => {};
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    stopWatching();
    for (const trigger of triggers) element.removeEventListener(trigger, hydrate);
    element.addEventListener('click', holdClick, { capture: true });
    try {
      await (
        await load()
      )();
    } finally {
      element.removeEventListener('click', holdClick, { capture: true });
      for (const waking of element.querySelectorAll('[data-waking]')) waking.removeAttribute('data-waking');
      // React attaches its handlers as it hydrates; the replay waits a frame for them.
      // (Dispatched rather than .click(): the tap may have landed on an icon's SVG path.)
      if (heldClick) requestAnimationFrame(() => heldClick?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    }
  };
  for (const trigger of triggers) element.addEventListener(trigger, hydrate, { once: true, passive: true });

  if (options.value === 'or-in-view-when-logged-in' && document.documentElement.dataset.auth === 'in') {
    // An island's element is display: contents; its children are what take up room on the screen.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void hydrate(), { rootMargin: '400px' });
    for (const child of element.children) observer.observe(child);
    stopWatching = () => observer.disconnect();
  }
};

export default interaction;
