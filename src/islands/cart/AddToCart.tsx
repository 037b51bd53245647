/**
 * The product page's colour, size and variant choices, quantity and Add to cart, rendered on the server only:
 * it never hydrates. The choices are plain radios the browser checks by itself; the quantity's − and + and the
 * submit are answered by the page's own script (src/scripts/buy-box.ts), from the product and the words (in
 * the page's language) the form carries, so the first tap fetches no island code.
 *
 * A colour or size with one value comes chosen. While one is still to choose, the button says so ("Choose
 * a colour") rather than failing with a toast: the stylesheet shows the label that applies from which
 * radios are checked, so it is right before React too, and a tap then takes the shopper to that choice.
 * On phones the price and the button stay on screen in a bar at the bottom (global.css, `.buy-bar`).
 */
import { colorsOf, sizesOf, stockLeft, variantChoices, type CartProduct } from '~/lib/cart';
import { PRODUCT_ATTRIBUTE, WORDS_ATTRIBUTE, type BuyBoxWords } from '~/scripts/buy-box';
import { islandTranslator } from '~/lib/i18n/current';
import { catalogueName, ENGLISH_NAMES, optionValueName, type CatalogueNames } from '~/lib/catalogue-names';

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
  const colors = colorsOf(product);
  const sizes = sizesOf(product);
  const variants = variantChoices(product);
  const left = stockLeft(product);
  const soldOut = left === 0;
  const maxQuantity = Number.isFinite(left) ? left : 99;
  const { t, path, money } = islandTranslator();
  const words = t.browse.addToCart;
  const said: BuyBoxWords = {
    added: words.added,
    invalidProduct: t.cart.invalidProduct,
    selectColor: t.cart.selectColor,
    selectSize: t.cart.selectSize,
    outOfStock: t.cart.outOfStock,
    onlyLeft: t.cart.onlyLeft,
    dismiss: t.browse.toasts.dismiss,
  };

  return (
    <form className="choices" method="post" noValidate {...{ [PRODUCT_ATTRIBUTE]: JSON.stringify(product), [WORDS_ATTRIBUTE]: JSON.stringify(said) }}>
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
            <button type="button" className="button secondary" aria-label={words.oneLess} disabled data-step="-1">
              −
            </button>
            <output aria-live="polite">1</output>
            <button type="button" className="button secondary" aria-label={words.oneMore} disabled={maxQuantity <= 1} data-step="1">
              +
            </button>
          </div>
        </div>
      )}
      <div className="buy-bar">
        <span className="buy-bar-price">{money(product.price_1)}</span>
        <button className="button add-button" type="submit" disabled={soldOut}>
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
