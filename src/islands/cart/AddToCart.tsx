/**
 * The product page's colour, size and variant choices, quantity and Add to cart. It hydrates on the
 * shopper's first touch (client:interaction), so the server's HTML must work as it is: the choices are
 * plain radios the browser checks by itself (uncontrolled, so React keeps a choice made before it
 * arrived, and the form is read only when it is sent), and the buttons are enabled: a tap that lands
 * before React is answered without it (`answerBeforeHydration`, from the product the form carries), or held
 * and replayed by the directive, which marks the button busy meanwhile (it then shows `data-busy-label`).
 *
 * A colour or size with one value comes chosen. While one is still to choose, the button says so ("Choose
 * a colour") rather than failing with a toast: the stylesheet shows the label that applies from which
 * radios are checked, so it is right before React too, and a tap then takes the shopper to that choice.
 * On phones the price and the button stay on screen in a bar at the bottom (global.css, `.buy-bar`).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { mirrorCartBadge } from '~/stores/cart';
import { colorsOf, sizesOf, stockLeft, variantChoices, type CartProduct } from '~/lib/cart';
import { PRODUCT_ATTRIBUTE, submitAddForm } from './add-from-form';
import { islandTranslator } from '~/lib/i18n/current';
import { catalogueName, ENGLISH_NAMES, optionValueName, type CatalogueNames } from '~/lib/catalogue-names';

// The directive's answer to a tap before React (client:interaction="prefetch").
export { answerBeforeHydration } from './add-from-form';

/** `names`: how the page's language says the product's colours, sizes and options (the form still sends them as stored). */
type Props = { product: CartProduct; names?: CatalogueNames };

type ChoiceProps = { legend: string; name: string; values: string[]; say: (value: string) => string; preselectFirst?: boolean };

/** One choice among values (a colour, a size, a variant option); nothing when there is nothing to choose. */
function ChoiceGroup({ legend, name, values, say, preselectFirst = false }: ChoiceProps) {
  if (values.length === 0) return null;
  return (
    <fieldset data-choice={name}>
      <legend>{legend}</legend>
      {values.map((value, i) => (
        <label className="option" key={value}>
          <input type="radio" name={name} value={value} defaultChecked={(preselectFirst || values.length === 1) && i === 0} /> {say(value)}
        </label>
      ))}
    </fieldset>
  );
}

export default function AddToCart({ product, names = ENGLISH_NAMES }: Props) {
  const [quantity, setQuantity] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const colors = colorsOf(product);
  const sizes = sizesOf(product);
  const variants = variantChoices(product);
  const left = stockLeft(product);
  const soldOut = left === 0;
  const maxQuantity = Number.isFinite(left) ? left : 99;
  const { t, path, money } = islandTranslator();
  const words = t.browse.addToCart;

  useEffect(() => mirrorCartBadge(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(submitAddForm(event.currentTarget, product, quantity));
  }

  return (
    <form className="choices" method="post" onSubmit={onSubmit} noValidate {...{ [PRODUCT_ATTRIBUTE]: JSON.stringify(product) }}>
      <ChoiceGroup legend={words.colour} name="color" values={colors} say={(value) => catalogueName(names, 'colour', value)} />
      <ChoiceGroup legend={words.size} name="size" values={sizes} say={(value) => catalogueName(names, 'size', value)} />
      {variants.map(([name, values]) => (
        <ChoiceGroup
          key={name}
          legend={catalogueName(names, 'spec', name)}
          name={`variant:${name}`}
          values={values}
          say={(value) => optionValueName(names, name, value)}
          preselectFirst
        />
      ))}
      {!soldOut && (
        <div className="quantity">
          <span id="quantity-label">{words.quantity}</span>
          <div className="stepper" role="group" aria-labelledby="quantity-label">
            <button type="button" className="button secondary" aria-label={words.oneLess} disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)}>
              −
            </button>
            <output aria-live="polite">{quantity}</output>
            <button
              type="button"
              className="button secondary"
              aria-label={words.oneMore}
              disabled={quantity >= maxQuantity}
              onClick={() => setQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="buy-bar">
        <span className="buy-bar-price">{money(product.price_1)}</span>
        <button className="button add-button" type="submit" disabled={soldOut} data-busy-label={words.adding}>
          {soldOut ? (
            words.outOfStock
          ) : (
            <>
              <span className="when-ready">{words.add}</span>
              {colors.length > 1 && <span className="when-no-color">{words.chooseColour}</span>}
              {sizes.length > 1 && <span className="when-no-size">{words.chooseSize}</span>}
            </>
          )}
        </button>
      </div>
      {!soldOut && (
        <p className="cart-link-note">
          <a href={path('/cart')}>{words.viewCart}</a>
        </p>
      )}
    </form>
  );
}
