import { endpoint } from '~/server/http/errors';
import { idParam } from '~/server/http/params';
import { requireCaller } from '~/server/http/auth';
import { ledgerOwner, ledgerStatement } from '~/server/payouts/vendor-ledger';
import { statementRange } from '~/server/payouts/statement-range';
import { message } from '~/lib/messages/message';

/** GET payouts/statement.csv?from&to[&vendor_id]: a vendor's statement for those Kampala days, as a CSV download. */
export const GET = endpoint(async ({ request, url }) => {
  const vendorId = await ledgerOwner(await requireCaller(request), idParam(url, 'vendor_id', message('field', 'vendorId')));
  const { from, to } = statementRange(url.searchParams.get('from'), url.searchParams.get('to'));
  const statement = await ledgerStatement(vendorId, from, to);
  return new Response(statement.text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${statement.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
