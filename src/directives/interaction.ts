import type { ClientDirective } from 'astro';
import { prefetchIsland } from './prefetch';

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
 * `client:interaction="prefetch"` also fetches the island's code ahead, without running it, once the page is
 * idle (not in data-saver mode, src/directives/prefetch.ts): for the island a shopper most likely taps first
 * (Add to cart), so the tap waits for no download. When the touch comes, the island's own module (small) is
 * loaded first; if it exports `answerBeforeHydration`, a tap is given to it and React starts after it has
 * answered: React's start is a second-long task on a slow phone, which the tap would otherwise wait behind.
 */
const FIELD = 'input, select, textarea, label, option';

type EarlyAnswer = (target: Element) => Promise<boolean>;
/** How long React's start waits for the tap that follows a touch, so that tap is answered before React's long task. */
const TAP_AFTER_TOUCH_MS = 300;

const interaction: ClientDirective = (load, options, element) => {
  // 'change': a field changed with no pointer or focus first (an assistive tool, or a test driver).
  const triggers = ['pointerenter', 'focusin', 'touchstart', 'change'] as const;
  const ahead = options.value === 'prefetch';
  let heldClick: Element | null = null;
  let answerEarly: EarlyAnswer | undefined;
  let answering = Promise.resolve();
  // The island's module answers the tap without React; if it cannot, the tap is held for React after all.
  const answerNow = (target: Element) =>
    answerEarly!(target).then(
      (answered) => {
        if (answered) target.closest('[data-waking]')?.removeAttribute('data-waking');
        else heldClick = target;
      },
      () => void (heldClick = target),
    );
  const holdClick = (event: Event) => {
    const target = event.target as Element;
    if (target.closest(FIELD)) return;
    event.preventDefault();
    event.stopPropagation();
    // The tap is answered at once: the control looks pressed and busy until the island is there to act on it.
    target.closest('button, a')?.setAttribute('data-waking', '');
    if (answerEarly) answering = answerNow(target);
    else heldClick = target;
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
      if (ahead) {
        // The island's own module is small (React is the renderer's): it may export an answer that needs no React.
        const module = (await import(/* @vite-ignore */ element.getAttribute('component-url')!)) as { answerBeforeHydration?: EarlyAnswer };
        answerEarly = module.answerBeforeHydration;
        if (answerEarly && heldClick) {
          const target = heldClick;
          heldClick = null;
          answering = answerNow(target);
        }
        await new Promise((resolve) => setTimeout(resolve, TAP_AFTER_TOUCH_MS));
        await answering;
      }
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

  if (options.value === 'prefetch') prefetchIsland(element);
  if (options.value === 'or-in-view-when-logged-in' && document.documentElement.dataset.auth === 'in') {
    // An island's element is display: contents; its children are what take up room on the screen.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void hydrate(), { rootMargin: '400px' });
    for (const child of element.children) observer.observe(child);
    stopWatching = () => observer.disconnect();
  }
};

export default interaction;
