/**
 * What a buyer reads once the order is placed and settled (paid online, or to be paid on delivery): that it is
 * on its way to being prepared, that texts follow, and in how many days delivery to the chosen place arrives.
 */
import { localNumber } from '~/lib/mobile-money';
import { catalogueName, ENGLISH_NAMES, type CatalogueNames } from '~/lib/catalogue-names';
import { islandTranslator } from '~/lib/i18n/current';
import type { OrderView } from './types';

/** "Delivery in 1–2 days" for the order's place; nothing when the place is unknown. */
export function deliveryEstimate(place: OrderView['delivery_location']): string | null {
  if (!place) return null;
  const { t, fill, count } = islandTranslator();
  const { delivery_days_min: min, delivery_days_max: max } = place;
  return min >= max ? count(t.checkout.estimateDays, max) : fill(t.checkout.estimate, { min, max });
}

/** `saysPaid`: the page does not already say the payment was received. */
/** `names` says the place delivered to in the page's language. */
export default function ThankYou({ order, saysPaid, names = ENGLISH_NAMES }: { order: OrderView; saysPaid: boolean; names?: CatalogueNames }) {
  const { t, fill, money } = islandTranslator();
  const estimate = deliveryEstimate(order.delivery_location);
  return (
    <section className="thank-you" aria-labelledby="next-heading">
      <h2 id="next-heading">{t.checkout.whatNext}</h2>
      <ol>
        {saysPaid && order.payment_status === 'COMPLETED' && <li>{fill(t.checkout.paymentReceived, { total: money(order.money.paid) })}</li>}
        <li>{order.parts.length > 1 ? t.checkout.nextPrepareSellers : t.checkout.nextPrepare}</li>
        <li>{fill(t.checkout.nextTexts, { phone: localNumber(order.customer_phone) })}</li>
        {estimate && (
          <li>
            <strong>{estimate}</strong>
            {order.delivery_location && ` · ${catalogueName(names, 'region', order.delivery_location.name)}`}
          </li>
        )}
        {order.money.to_pay_on_delivery > 0 && <li>{fill(t.checkout.payTheRider, { total: money(order.money.to_pay_on_delivery) })}</li>}
      </ol>
    </section>
  );
}
