/**
 * Who may open the editor's pages (/admin/pages...): a guest is sent to the ordinary login page and back; a
 * logged-in account that is neither a marketer nor an administrator is refused with 403, the vendor included.
 */
import type { SessionUser } from '../accounts/sessions';
import { canEditContent } from '../accounts/roles';
import { pageCaller } from './session-cookie';
import { loginFirst } from './page-form';

export type EditorPageAccess = { editor: SessionUser } | { redirect: string } | { forbidden: true };

/** The page for a refused editor page; it answers 403. */
export const EDITOR_FORBIDDEN_PAGE = '/admin/forbidden';

export async function editorPageAccess(request: Request, url: URL): Promise<EditorPageAccess> {
  const caller = await pageCaller(request);
  if (!caller) return { redirect: loginFirst(url) };
  return canEditContent(caller) ? { editor: caller } : { forbidden: true };
}
