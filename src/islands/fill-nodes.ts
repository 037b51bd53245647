/**
 * A catalogue text with parts of it marked up: each `{name}` is replaced by the node given for it (a link, a
 * `<strong>`), so every language keeps its own word order around them. Names without a node stay as written.
 */
import { createElement, Fragment, type ReactNode } from 'react';

export function fillNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/\{(\w+)\}/);
  // split with a capture group: even places are text, odd places are the names between the braces.
  const children = parts.map((part, i) => (i % 2 === 0 ? part : part in nodes ? nodes[part] : `{${part}}`));
  return createElement(Fragment, null, ...children);
}
