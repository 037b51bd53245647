/**
 * An order's lines, by the vendor who sends them, each part with what it costs (and what of it comes back once
 * cancelled), and the order's money in UGX, for the success, payment and order pages.
 */
import type { ReactNode } from 'react';
import { lineOptions } from '~/lib/cart';
import type { CatalogueNames } from '~/lib/catalogue-names';

import { islandTranslator } from '~/lib/i18n/current';
import ProductLine from '../cart/ProductLine';
import OrderMoney from './OrderMoney';
import type { OrderLine, OrderPartView, OrderView } from './types';

function Lines({ lines, names }: { lines: OrderLine[]; names?: CatalogueNames }) {
  const { money } = islandTranslator();
  return (
    <ul className="cart-lines">
      {lines.map((item) => (
        <ProductLine
          key={item.id}
          productId={item.product_id}
          name={item.product_name}
          photo={item.feature_photo}
          options={lineOptions(item, names)}
          aside={<strong className="cart-line-subtotal">{money(item.subtotal)}</strong>}
        >
          <span className="cart-line-price">
            {item.quantity} × {money(item.unit_price)}
          </span>
        </ProductLine>
      ))}
    </ul>
  );
}

/** A part's cost, and for a cancelled part whether it comes back to the buyer or was never charged. */
function PartMoney({ part, figures }: { part: OrderPartView; figures?: OrderView['money']['parts'][number] }) {
  const { t, fill, money } = islandTranslator();
  if (!figures) return null;
  const cancelled = part.status === 'cancelled';
  return (
    <p className={`part-money${cancelled ? ' cancelled' : ''}`}>
      <span>{fill(t.checkout.partTotal, { amount: money(figures.cost) })}</span>
      {cancelled && <strong>{figures.coming_back > 0 ? fill(t.checkout.comesBack, { amount: money(figures.coming_back) }) : t.checkout.notCharged}</strong>}
    </p>
  );
}

type Props = { order: OrderView; partExtra?: (part: OrderPartView) => ReactNode; names?: CatalogueNames };

/** `partExtra` adds to each part what the page offers for it (returns, on the order page); `names` says the lines' colours and sizes. */
export default function OrderSummary({ order, partExtra, names }: Props) {
  const { t, fill, date } = islandTranslator();
  const costOf = new Map(order.money.parts.map((part) => [part.part_id, part]));
  return (
    <>
      {order.parts.map((part) => (
        <section className="order-part" key={part.id} aria-label={fill(t.checkout.fromVendor, { vendor: part.vendor_name })}>
          <div className="section-head">
            <h3>{fill(t.checkout.fromVendor, { vendor: part.vendor_name })}</h3>
            <span className={`chip part-status ${part.status}`}>{t.checkout.orderStatuses[part.status]}</span>
          </div>
          {part.tracking_note && <p className="muted">{fill(t.checkout.tracking, { note: part.tracking_note })}</p>}
          {part.delivered_at && part.status === 'delivered' && <p className="muted">{fill(t.checkout.deliveredOn, { date: date(part.delivered_at) })}</p>}
          <Lines lines={part.lines} names={names} />
          <PartMoney part={part} figures={costOf.get(part.id)} />
          {partExtra?.(part)}
        </section>
      ))}
      <OrderMoney order={order} />
    </>
  );
}
