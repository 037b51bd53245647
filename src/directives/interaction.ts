import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island when the shopper is about to use it (pointer over it, focus,
 * touch), so pages that are only read never download React. Until then the server-rendered HTML works
 * on its own (a search form still submits).
 */
const interaction: ClientDirective = (load, _options, element) => {
  const triggers = ['pointerenter', 'focusin', 'touchstart'] as const;
  const hydrate = async () => {
    for (const trigger of triggers) element.removeEventListener(trigger, hydrate);
    await (await load())();
  };
  for (const trigger of triggers) element.addEventListener(trigger, hydrate, { once: true, passive: true });
};

export default interaction;
