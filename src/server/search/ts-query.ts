/**
 * The tsqueries product search writes (tsQueryText in product-search.ts: words, `word:*` prefixes, `&`, `|` and
 * parentheses) read into a tree, so the in-memory index (search-index.ts) can answer them as PostgreSQL's
 * `document @@ to_tsquery('simple', …)` does. `&` binds tighter than `|`, as in PostgreSQL.
 */
export type TsQueryNode = { word: string; prefix: boolean } | { op: '&' | '|'; parts: TsQueryNode[] };

export function parseTsQuery(text: string): TsQueryNode {
  const tokens = text.match(/\(|\)|&|\||[^\s()&|]+/g) ?? [];
  let at = 0;
  const fail = (): never => {
    throw new Error(`Unreadable search query: ${text}`);
  };
  const joined = (op: '&' | '|', read: () => TsQueryNode): TsQueryNode => {
    const parts = [read()];
    while (tokens[at] === op) {
      at++;
      parts.push(read());
    }
    return parts.length === 1 ? parts[0]! : { op, parts };
  };
  const atom = (): TsQueryNode => {
    const token = tokens[at++] ?? fail();
    if (token === '(') {
      const inner = either();
      if (tokens[at++] !== ')') fail();
      return inner;
    }
    if (token === ')' || token === '&' || token === '|') fail();
    return token.endsWith(':*') ? { word: token.slice(0, -2), prefix: true } : { word: token, prefix: false };
  };
  const both = () => joined('&', atom);
  const either = () => joined('|', both);
  const tree = either();
  if (at !== tokens.length) fail();
  return tree;
}

/** Whether a document of these words matches the query. */
export function matchesWords(node: TsQueryNode, words: readonly string[]): boolean {
  if ('word' in node) return node.prefix ? words.some((word) => word.startsWith(node.word)) : words.includes(node.word);
  return node.op === '&' ? node.parts.every((part) => matchesWords(part, words)) : node.parts.some((part) => matchesWords(part, words));
}
