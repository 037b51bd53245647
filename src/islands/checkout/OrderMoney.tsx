/**
 * An order's money as it stands, from the store's own figures (`money` in the API): what the order costs now,
 * what was paid, what comes back and how, and what is left to pay the rider.
 */
import { islandTranslator } from '~/lib/i18n/current';
import type { OrderView } from './types';

export default function OrderMoney({ order }: { order: OrderView }) {
  const { t, fill, money, date } = islandTranslator();
  const figures = order.money;
  const rows: [string, number, string?][] = [
    [t.cart.subtotal, figures.total - figures.delivery_fee],
    [t.cart.deliveryFee, figures.delivery_fee],
    [t.cart.total, figures.total, 'cart-total'],
  ];
  if (figures.paid > 0) rows.push([t.checkout.paidSoFar, figures.paid]);
  if (figures.refund_due > 0 && figures.refund_due_way) rows.push([t.checkout.refundWays[figures.refund_due_way], figures.refund_due, 'money-back']);
  if (figures.refunded > 0) rows.push([t.checkout.refundedTotal, figures.refunded]);
  if (figures.to_pay_on_delivery > 0) rows.push([t.checkout.toPayRider, figures.to_pay_on_delivery, 'money-due']);
  return (
    <>
      <dl className="cart-summary order-money">
        {rows.map(([label, amount, kind]) => (
          <div key={label} className={kind}>
            <dt>{label}</dt>
            <dd>{money(amount)}</dd>
          </div>
        ))}
      </dl>
      {figures.refunds.length > 0 && (
        <ul className="refund-lines" aria-label={t.checkout.refundedTotal}>
          {figures.refunds.map((refund, i) => (
            <li key={i}>
              <strong>{money(refund.amount)}</strong> · {t.checkout.refundReasons[refund.reason]}
              <br />
              {refund.paid_back
                ? fill(t.checkout.refundPaidWays[refund.way], { date: date(refund.when) })
                : `${t.checkout.refundWays[refund.way]}. ${fill(t.checkout.refundExpected, { date: date(refund.when) })}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
